#include "widgets/review/case_sql_pair.h"

#include <QGridLayout>
#include <QLabel>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>
#include <map>
#include <set>

#include <Qsci/qscistyle.h>
#include <Qsci/qscistyledtext.h>

#include "engine/core/finding.h"
#include "widgets/case_finding_styles.h"
#include "widgets/indicator_registry.h"
#include "widgets/pane_focus.h"
#include "widgets/span_highlighter.h"
#include "widgets/sql_editor.h"
#include "widgets/sql_lexer.h"

namespace hs::ui {

namespace {
constexpr int kLegendColumns = 4;

QWidget* titled(QLabel* title, SqlEditor* editor, QWidget* parent) {
  auto* box = new QWidget(parent);
  auto* layout = new QVBoxLayout(box);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  QFont bold = title->font();
  bold.setBold(true);
  title->setFont(bold);
  layout->addWidget(title);
  layout->addWidget(editor, 1);
  return box;
}
}  // namespace

CaseSqlPair::CaseSqlPair(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(4);
  auto* split = new QSplitter(Qt::Horizontal, this);
  goldTitle_ = new QLabel(this);
  predTitle_ = new QLabel(this);
  gold_ = makeEditor();
  pred_ = makeEditor();
  gold_->setObjectName(QStringLiteral("goldSqlEditor"));
  pred_->setObjectName(QStringLiteral("predSqlEditor"));
  for (SqlEditor* e : {gold_, pred_}) showFocusFrame(e);  // Tab from the case list lands here
  split->addWidget(titled(goldTitle_, gold_, split));
  split->addWidget(titled(predTitle_, pred_, split));
  split->setChildrenCollapsible(false);
  layout->addWidget(split, 1);

  legendBox_ = new QWidget(this);
  legendGrid_ = new QGridLayout(legendBox_);
  legendGrid_->setContentsMargins(2, 0, 2, 0);
  legendGrid_->setHorizontalSpacing(14);
  legendGrid_->setVerticalSpacing(2);
  layout->addWidget(legendBox_);
  clear();
}

SqlEditor* CaseSqlPair::makeEditor() {
  auto* e = new SqlEditor(this);
  e->setReadOnly(true);
  e->setWrapMode(QsciScintilla::WrapWhitespace);
  e->setWrapVisualFlags(QsciScintilla::WrapFlagByBorder);
  e->setCaretLineVisible(false);
  e->setFolding(QsciScintilla::NoFoldStyle);
  e->setMarginWidth(0, QStringLiteral("000"));
  e->setSelectionBackgroundColor(QColor(0x33, 0x66, 0xcc));
  e->setSelectionForegroundColor(Qt::white);
  e->setMinimumHeight(90);
  return e;
}

void CaseSqlPair::clear() {
  for (SqlEditor* e : {gold_, pred_}) {
    e->highlighter()->clearAll();
    e->clearAnnotations();
    e->setText(QString());
  }
  goldTitle_->setText(tr("Gold SQL"));
  predTitle_->setText(tr("Predicted SQL"));
  clearLegend();
}

void CaseSqlPair::setSql(const std::optional<std::string>& gold, const std::optional<std::string>& pred,
                         const QString& model, bool abstained) {
  clear();
  predTitle_->setText(model.isEmpty() ? tr("Predicted SQL") : tr("Predicted SQL (%1)").arg(model));
  const auto fill = [](SqlEditor* e, const std::optional<std::string>& sql, const QString& missing) {
    if (sql && !sql->empty()) {
      e->setText(QString::fromStdString(*sql));
      return;
    }
    QsciStyle style(-1, QStringLiteral("missing sql"), QColor(0x70, 0x70, 0x70), QColor(0xf4, 0xf4, 0xf4),
                    e->sqlLexer()->font(0));
    e->annotate(0, QsciStyledText(missing, style));
  };
  fill(gold_, gold, tr("No gold SQL for this case."));
  fill(pred_, pred,
       abstained ? tr("Abstained before generation.")
                 : tr("No predicted SQL: the generation failed or returned nothing."));
}

void CaseSqlPair::setFindings(const std::vector<hs::Finding>& findings) {
  struct Entry {
    FindingStyleGroup group;
    int count = 0;
  };
  std::map<QString, Entry> present;                                     // by indicator name
  std::map<std::pair<SqlEditor*, QString>, std::vector<Piece>> pieces;  // by editor and indicator
  for (const hs::Finding& f : findings) {
    const FindingStyleGroup g = FindingStyles::groupOf(f);
    const QString tip = FindingStyles::tooltip(f);
    bool shown = false;
    for (const hs::FindingSpan& s : f.spans) {
      SqlEditor* e = s.side == "gold" ? gold_ : (s.side == "pred" ? pred_ : nullptr);
      if (!e) continue;
      const auto len = static_cast<std::size_t>(e->SendScintilla(QsciScintillaBase::SCI_GETLENGTH));
      const std::size_t b = std::min(s.begin, len), end = std::min(s.end, len);
      if (end <= b) continue;
      e->indicators()->indicator(g.key, g.style);
      pieces[{e, g.key}].push_back({b, end, tip});
      shown = true;
    }
    if (!shown) continue;
    Entry& entry = present[g.key];
    entry.group = g;
    ++entry.count;
  }
  for (const auto& [where, list] : pieces) highlightPieces(where.first, where.second, list);

  std::vector<const Entry*> order;
  for (const auto& [key, entry] : present) order.push_back(&entry);
  std::sort(order.begin(), order.end(),
            [](const Entry* a, const Entry* b) { return a->group.order < b->group.order; });

  clearLegend();
  int i = 0;
  for (const Entry* entry : order) {
    const FindingStyleGroup& g = entry->group;
    legend_ << g.label;
    auto* chip = new QWidget(legendBox_);
    chip->setObjectName(g.key);
    chip->setToolTip(tr("%n highlighted finding(s)", nullptr, entry->count));
    auto* row = new QHBoxLayout(chip);
    row->setContentsMargins(0, 0, 0, 0);
    row->setSpacing(5);
    auto* swatch = new QLabel(chip);
    swatch->setPixmap(FindingStyles::swatch(g.style));
    swatch->setAlignment(Qt::AlignTop);
    row->addWidget(swatch);
    // Wrapping labels keep the legend from widening the view when it is narrow (review panel).
    auto* text = new QLabel(QStringLiteral("%1 (%2)").arg(g.label).arg(entry->count), chip);
    text->setWordWrap(true);
    text->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    row->addWidget(text, 1);
    legendGrid_->addWidget(chip, i / kLegendColumns, i % kLegendColumns, Qt::AlignTop);
    ++i;
  }
  legendBox_->setVisible(!order.empty());
}

void CaseSqlPair::clearLegend() {
  legend_.clear();
  while (QLayoutItem* item = legendGrid_->takeAt(0)) {
    delete item->widget();
    delete item;
  }
  legendBox_->hide();
}

void CaseSqlPair::highlightPieces(SqlEditor* e, const QString& key, const std::vector<Piece>& pieces) {
  // Overlapping spans of one indicator share its bytes: cut them at every span boundary so that
  // each segment's tooltip names every finding covering it, then merge equal neighbours.
  std::set<std::size_t> cuts;
  for (const Piece& p : pieces) cuts.insert({p.begin, p.end});
  std::size_t runBegin = 0, runEnd = 0;
  QString runTip;
  const auto flush = [&] {
    if (runEnd > runBegin)
      e->highlighter()->highlight(key, static_cast<int>(runBegin), static_cast<int>(runEnd), runTip);
    runBegin = runEnd = 0;
    runTip.clear();
  };
  for (auto it = cuts.begin(); it != cuts.end() && std::next(it) != cuts.end(); ++it) {
    const std::size_t x = *it, y = *std::next(it);
    QStringList tips;
    for (const Piece& p : pieces)
      if (p.begin <= x && p.end >= y && !tips.contains(p.tip)) tips << p.tip;
    const QString tip = tips.join(QStringLiteral("\n\n"));
    if (tips.isEmpty() || (runEnd == x && tip != runTip)) flush();
    if (tips.isEmpty()) continue;
    if (runEnd != x) runBegin = x;
    runEnd = y;
    runTip = tip;
  }
  flush();
}

bool CaseSqlPair::selectSpan(const std::string& side, std::size_t begin, std::size_t end) {
  SqlEditor* e = side == "gold" ? gold_ : (side == "pred" ? pred_ : nullptr);
  if (!e) return false;
  const auto len = static_cast<std::size_t>(e->SendScintilla(QsciScintillaBase::SCI_GETLENGTH));
  if (begin > len || end > len || end < begin) return false;
  e->SendScintilla(QsciScintillaBase::SCI_SETSEL, static_cast<unsigned long>(begin), static_cast<long>(end));
  e->SendScintilla(QsciScintillaBase::SCI_SCROLLRANGE, static_cast<unsigned long>(end),
                   static_cast<long>(begin));
  return true;
}

void CaseSqlPair::clearSelections() {
  for (SqlEditor* e : {gold_, pred_}) {
    const long pos = e->SendScintilla(QsciScintillaBase::SCI_GETCURRENTPOS);
    e->SendScintilla(QsciScintillaBase::SCI_SETEMPTYSELECTION, static_cast<unsigned long>(pos));
  }
}

}  // namespace hs::ui
