// The drill-down view of one case.
#include "widgets/drilldown/drilldown_ladder.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <map>
#include <set>

#include "engine/drilldown/decompose.h"
#include "widgets/case_finding_styles.h"

namespace hs::ui {

namespace {

// A TA-SQL category by its translated name (the engine's category table), HTML-escaped.
QString categoryName(const std::string& category) {
  Finding f;
  f.taxonomy = "tasql";
  f.category = category;
  return FindingStyles::categoryLabel(f).toHtmlEscaped();
}

QString esc(std::string_view s) {
  return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())).toHtmlEscaped();
}

// The query with byte ranges styled: 0 plain (added earlier), 1 highlighted (this step), 2 grey.
QString styledQuery(const std::string& sql, const std::vector<sql::Span>& now,
                    const std::vector<sql::Span>& before) {
  std::vector<int> cls(sql.size(), 2);
  for (const auto& s : before)
    for (std::size_t i = s.begin; i < s.end && i < sql.size(); ++i) cls[i] = 0;
  for (const auto& s : now)
    for (std::size_t i = s.begin; i < s.end && i < sql.size(); ++i) cls[i] = 1;
  QString out;
  std::size_t i = 0;
  while (i < sql.size()) {
    std::size_t j = i;
    while (j < sql.size() && cls[j] == cls[i]) ++j;
    QString part = esc(std::string_view(sql).substr(i, j - i));
    if (cls[i] == 1)
      out += "<span style=\"background:#ffe27a\"><b>" + part + "</b></span>";
    else if (cls[i] == 2)
      out += "<span style=\"color:#999\">" + part + "</span>";
    else
      out += part;
    i = j;
  }
  return "<code>" + out + "</code>";
}

// The model's SQL with the predicted-side spans of its findings in their category colours.
QString styledPrediction(const drilldown::StepOutcome& o) {
  if (!o.predSql) return "<i>" + DrilldownLadderView::tr("no SQL: %1").arg(esc(o.error)) + "</i>";
  const std::string& sql = *o.predSql;
  std::vector<const Finding*> owner(sql.size(), nullptr);
  for (const Finding& f : o.findings)
    for (const FindingSpan& s : f.spans)
      if (s.side == "pred")
        for (std::size_t i = s.begin; i < s.end && i < sql.size(); ++i)
          if (!owner[i]) owner[i] = &f;
  QString out;
  std::size_t i = 0;
  while (i < sql.size()) {
    std::size_t j = i;
    while (j < sql.size() && owner[j] == owner[i]) ++j;
    QString part = esc(std::string_view(sql).substr(i, j - i));
    if (owner[i]) {
      QColor c = FindingStyles::groupOf(*owner[i]).style.color;
      c.setAlpha(90);
      out += QStringLiteral("<span style=\"background:rgba(%1,%2,%3,0.35)\" title=\"%4\">")
                 .arg(c.red())
                 .arg(c.green())
                 .arg(c.blue())
                 .arg(FindingStyles::tooltip(*owner[i]).toHtmlEscaped()) +
             part + "</span>";
    } else {
      out += part;
    }
    i = j;
  }
  return "<code>" + out + "</code>";
}

std::set<std::string> categoriesOf(const drilldown::StepOutcome& o) {
  std::set<std::string> out;
  if (o.ex.value_or(false)) return out;
  for (const Finding& f : o.findings)
    if (f.taxonomy == "tasql") out.insert(f.category);
  return out;
}

QLabel* richLabel(const QString& html) {
  auto* l = new QLabel(html);
  l->setTextFormat(Qt::RichText);
  l->setWordWrap(true);
  l->setMargin(4);
  l->setTextInteractionFlags(Qt::TextSelectableByMouse);
  return l;
}

}  // namespace

DrilldownLadderView::DrilldownLadderView(QWidget* parent) : QWidget(parent) {
  title_ = new QLabel(this);
  title_->setWordWrap(true);
  table_ = new QTableWidget(this);
  table_->setObjectName(QStringLiteral("ladder"));
  table_->verticalHeader()->setVisible(false);
  table_->setSelectionMode(QAbstractItemView::NoSelection);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(title_);
  layout->addWidget(table_, 1);
  rebuild();  // the empty state's title
}

DrilldownLadderView::Markers DrilldownLadderView::markers(
    const std::vector<const drilldown::StepOutcome*>& steps) {
  Markers m;
  std::set<std::string> seen;
  for (const auto* s : steps) {
    std::vector<std::string> first;
    for (const std::string& c : categoriesOf(*s))
      if (seen.insert(c).second) first.push_back(c);
    m.first.push_back(std::move(first));
  }
  if (!steps.empty()) {
    std::set<std::string> earlier;
    for (std::size_t i = 0; i + 1 < steps.size(); ++i)
      for (const std::string& c : categoriesOf(*steps[i])) earlier.insert(c);
    for (const std::string& c : categoriesOf(*steps.back()))
      if (earlier.count(c)) m.recurring.push_back(c);
  }
  return m;
}

void DrilldownLadderView::setPath(std::vector<drilldown::StepOutcome> rows) {
  if (!rows.empty()) {
    const std::string id = rows.front().caseId;
    rows.erase(std::remove_if(rows.begin(), rows.end(), [&](const auto& r) { return r.caseId != id; }),
               rows.end());
  }
  std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
    return a.history != b.history ? a.history < b.history : a.step < b.step;
  });
  rows_ = std::move(rows);
  rebuild();
}

void DrilldownLadderView::rebuild() {
  table_->clear();
  std::map<std::string, std::vector<const drilldown::StepOutcome*>> byMode;  // "off" before "on"
  for (const auto& r : rows_) byMode[r.history].push_back(&r);
  if (rows_.empty()) {
    title_->setText(tr("No drill-down path selected"));
    table_->setRowCount(0);
    table_->setColumnCount(0);
    return;
  }
  const auto& steps = byMode.begin()->second;
  const drilldown::StepOutcome* final = steps.back();
  title_->setText(
      tr("<b>%1</b> (%2): %3").arg(esc(final->caseId), esc(final->dbId), esc(final->originalQuestion)));

  // What each step adds, from the decomposition of the whole gold query (matched by SQL).
  const std::string& whole = final->goldSql;
  std::map<std::string, std::vector<sql::Span>> adds;
  if (auto c = drilldown::candidateSteps(whole))
    for (const auto& cand : c.value()) adds[cand.sql] = cand.adds;

  QStringList headers{tr("Step"), tr("Sub-question"), tr("Gold (this step adds)")};
  for (const auto& [mode, list] : byMode) {
    (void)list;
    headers << (mode == "on" ? tr("Model SQL (with history)") : tr("Model SQL (without history)"));
  }
  table_->setColumnCount(static_cast<int>(headers.size()));
  table_->setHorizontalHeaderLabels(headers);
  table_->setRowCount(static_cast<int>(steps.size()));
  std::vector<sql::Span> before;
  std::map<std::string, Markers> marks;
  for (const auto& [mode, list] : byMode) marks[mode] = markers(list);
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const auto* s = steps[i];
    const int row = static_cast<int>(i);
    auto* stepItem =
        new QTableWidgetItem(s->final ? tr("%1 (final)").arg(s->step) : QString::number(s->step));
    table_->setItem(row, 0, stepItem);
    table_->setCellWidget(row, 1, richLabel(esc(s->question)));
    const auto& now = adds[s->goldSql];
    table_->setCellWidget(row, 2, richLabel(styledQuery(whole, now, before)));
    before.insert(before.end(), now.begin(), now.end());
    int col = 3;
    for (const auto& [mode, list] : byMode) {
      QString html;
      if (i < list.size()) {
        const auto* o = list[i];
        html = styledPrediction(*o);
        html += "<br/>" + tr("EX: %1 · Soft-F1: %2")
                              .arg(o->ex ? (*o->ex ? tr("yes") : tr("no")) : tr("n/a"))
                              .arg(o->softF1 ? QString::number(*o->softF1, 'f', 2) : tr("n/a"));
        const Markers& m = marks[mode];
        for (const std::string& c : m.first[i]) {
          bool recurs = std::find(m.recurring.begin(), m.recurring.end(), c) != m.recurring.end();
          html += "<br/><span style=\"color:#b00020\">▲ " + tr("first: %1").arg(categoryName(c)) +
                  (recurs && !o->final ? " — " + tr("recurs in the final step") : QString()) + "</span>";
        }
        if (o->final)
          for (const std::string& c : m.recurring)
            html += "<br/><span style=\"color:#7a4d00\">↻ " + tr("recurrent: %1").arg(categoryName(c)) +
                    "</span>";
      }
      table_->setCellWidget(row, col++, richLabel(html));
    }
  }
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  table_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  table_->resizeRowsToContents();
}

void DrilldownLadderView::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) rebuild();
  QWidget::changeEvent(e);
}

}  // namespace hs::ui
