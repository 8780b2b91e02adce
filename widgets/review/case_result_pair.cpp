#include "widgets/review/case_result_pair.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>

#include "engine/eval/runner.h"
#include "widgets/case_result_model.h"
#include "widgets/error_text.h"
#include "widgets/pane_focus.h"

namespace hs::ui {

CaseResultPair::CaseResultPair(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  summary_ = new QLabel(this);
  summary_->setWordWrap(true);
  layout->addWidget(summary_);
  auto* row = new QHBoxLayout;
  gold_ = makeSide(QStringLiteral("gold"));
  pred_ = makeSide(QStringLiteral("pred"));
  for (Side* s : {&gold_, &pred_}) {
    auto* col = new QVBoxLayout;
    col->addWidget(s->title);
    col->addWidget(s->stack, 1);
    row->addLayout(col, 1);
  }
  layout->addLayout(row, 1);
  clear();
}

CaseResultPair::Side CaseResultPair::makeSide(const QString& name) {
  Side s;
  s.title = new QLabel(this);
  s.stack = new QStackedWidget(this);
  s.table = new QTableView(s.stack);
  s.table->setObjectName(name + QStringLiteral("ResultTable"));
  s.model = new CaseResultModel(this);
  s.table->setModel(s.model);
  s.table->setAlternatingRowColors(false);
  s.table->setSelectionBehavior(QAbstractItemView::SelectRows);
  // Tab leaves the table for the next control, as in the case list (it walked cell by cell); the
  // arrow keys still move between the cells.
  s.table->setTabKeyNavigation(false);
  s.table->verticalHeader()->setDefaultSectionSize(s.table->fontMetrics().height() + 6);
  s.table->horizontalHeader()->setStretchLastSection(false);
  s.table->horizontalHeader()->setMaximumSectionSize(420);
  showFocusFrame(s.table);
  s.message = new QLabel(s.stack);
  s.message->setWordWrap(true);
  s.message->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  s.message->setTextInteractionFlags(Qt::TextSelectableByMouse);
  s.message->setMargin(8);
  s.stack->addWidget(s.table);
  s.stack->addWidget(s.message);
  return s;
}

void CaseResultPair::clear() {
  summary_->clear();
  for (Side* s : {&gold_, &pred_}) {
    s->model->clear();
    s->message->clear();
    s->stack->setCurrentWidget(s->table);
  }
  gold_.title->setText(tr("Gold result"));
  pred_.title->setText(tr("Predicted result"));
}

void CaseResultPair::showSide(Side& side, const hs::eval::SideRun& run, bool hasSql, const QString& name,
                              int marked, const QString& markWord) {
  if (!hasSql || !run.ran || !run.ok) {
    QString text;
    if (!hasSql)
      text = tr("No SQL on this side (the generation failed or there is no gold query).");
    else if (!run.ran)
      text = tr("Not executed: the database was not found.");
    else if (run.error)
      text = tr("Execution failed (%1):\n%2")
                 .arg(QString::fromLatin1(hs::eval::toString(run.error->kind)),
                      ErrorText::sqliteMessage(QString::fromStdString(run.error->message)));
    else
      text = tr("Execution failed.");
    side.message->setText(text);
    side.message->setStyleSheet(hasSql && run.ran ? QStringLiteral("color: #b00020;")
                                                  : QStringLiteral("color: #555;"));
    side.stack->setCurrentWidget(side.message);
    side.title->setText(name);
    return;
  }
  side.stack->setCurrentWidget(side.table);
  const int total = side.model->totalRows();
  QString title = tr("%1: %n row(s)", nullptr, total).arg(name);
  if (total > side.model->rowCount()) title += tr(", first %1 shown").arg(side.model->rowCount());
  if (run.truncated) title += tr(" (result truncated by the row limit)");
  if (marked > 0) title += QStringLiteral(" · ") + markWord.arg(marked);
  side.title->setText(title);
  side.table->resizeColumnsToContents();
}

void CaseResultPair::setOutcome(const hs::eval::CaseOutcome& outcome, bool hasGold, bool hasPred) {
  clear();
  using State = CaseResultModel::RowState;
  const bool bothRan = outcome.gold.ok && outcome.pred.ok;
  const std::optional<hs::eval::ResultDiff>& diff = outcome.diff;
  // Rows equal after a column reordering are not marked: the summary says so instead.
  const bool permuted = diff && diff->columnPermutation.has_value();
  const bool differ = bothRan && !permuted && (!diff || diff->missingTotal > 0 || diff->extraTotal > 0);
  std::vector<State> goldStates, predStates;
  if (differ) {
    goldStates = unmatchedRows(outcome.gold.rows, outcome.pred.rows, State::Missing);
    predStates = unmatchedRows(outcome.pred.rows, outcome.gold.rows, State::Extra);
  }
  gold_.model->setResult(outcome.gold.columns, outcome.gold.rows, goldStates);
  pred_.model->setResult(outcome.pred.columns, outcome.pred.rows, predStates);
  showSide(gold_, outcome.gold, hasGold, tr("Gold result"), gold_.model->markedRows(),
           tr("%1 missing from the prediction"));
  showSide(pred_, outcome.pred, hasPred, tr("Predicted result"), pred_.model->markedRows(),
           tr("%1 not in the gold result"));

  QStringList parts;
  if (diff) {
    if (diff->columnCountMismatch)
      parts
          << tr("Column count differs: gold %1, predicted %2.").arg(diff->goldColumns).arg(diff->predColumns);
    if (permuted)
      parts << tr("Same rows with the columns in another order.");
    else if (diff->missingTotal == 0 && diff->extraTotal == 0)
      parts << tr("Same rows (as multisets).");
    else
      parts << tr("%n gold row(s) missing from the prediction,", nullptr,
                  static_cast<int>(diff->missingTotal))
            << tr("%n extra predicted row(s).", nullptr, static_cast<int>(diff->extraTotal));
  }
  if (differ)
    parts << tr("<span style='background:%1'>&nbsp;missing&nbsp;</span> <span "
                "style='background:%2'>&nbsp;extra&nbsp;</span>")
                 .arg(CaseResultModel::missingColor().name(), CaseResultModel::extraColor().name());
  summary_->setText(parts.join(QLatin1Char(' ')));
  summary_->setVisible(!parts.isEmpty());
}

QString CaseResultPair::goldMessage() const {
  return gold_.stack->currentWidget() == gold_.message ? gold_.message->text() : QString();
}

QString CaseResultPair::predMessage() const {
  return pred_.stack->currentWidget() == pred_.message ? pred_.message->text() : QString();
}

QString CaseResultPair::summary() const {
  return summary_->text();
}

}  // namespace hs::ui
