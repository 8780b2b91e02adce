// AdjudicationView: one disputed case (question, predicted SQL, each reviewer's verdict and labels
// side by side) and the final label form (verdict, the labels in dispute, a note).
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QTreeWidget>

#include <algorithm>
#include <set>

#include "engine/workspace/adjudications.h"
#include "engine/workspace/reviewer_labels.h"
#include "engine/workspace/workspace.h"
#include "widgets/review/adjudication_view.h"
#include "widgets/review/final_label.h"

namespace hs::ui {

void AdjudicationView::showCase(int index) {
  reviewers_->setRowCount(0);
  labels_->clear();
  note_->clear();
  verdict_->setCurrentIndex(0);
  const bool valid = ws_ && index >= 0 && index < static_cast<int>(disputes_.size());
  caseId_ = valid ? disputes_[static_cast<std::size_t>(index)].caseId : -1;
  record_->setEnabled(valid);
  clear_->setEnabled(false);
  // Without a case the form has nothing to record (it looked ready to take a verdict).
  for (QWidget* w :
       {static_cast<QWidget*>(verdict_), static_cast<QWidget*>(note_), static_cast<QWidget*>(labels_)})
    w->setEnabled(valid);
  if (!valid) {
    question_->setText(disputes_.empty()
                           ? tr("No case of this run has reviewers who disagree.") + QLatin1Char('\n') +
                                 tr("Disagreements come from other reviewers' annotations: File ▸ Import "
                                    "Reviewer's Annotations…")
                           : QString());
    sql_->clear();
    return;
  }
  const hs::ws::CaseReview& review = disputes_[static_cast<std::size_t>(index)];
  if (auto record = ws_->caseById(caseId_)) {
    question_->setText(QString::fromStdString(record->kase.question));
    // Predicted and gold SQL, one above the other, each under its name.
    sql_->setPlainText(tr("-- predicted") + QLatin1Char('\n') +
                       QString::fromStdString(record->kase.predSql.value_or(std::string())) +
                       QStringLiteral("\n\n") + tr("-- gold") + QLatin1Char('\n') +
                       QString::fromStdString(record->kase.goldSql.value_or(std::string())));
  }
  std::set<std::string> proposed;
  reviewers_->setRowCount(static_cast<int>(review.reviewers.size()));
  for (int r = 0; r < static_cast<int>(review.reviewers.size()); ++r) {
    const hs::ws::ReviewerView& v = review.reviewers[static_cast<std::size_t>(r)];
    QStringList labels;
    for (const std::string& l : v.labels) {
      labels << labelText(l);
      proposed.insert(l);
    }
    if (v.labelled && v.labels.empty()) labels << labelText(hs::ws::kNoLabel);
    const QString verdict = v.verdict.empty()
                                ? QStringLiteral("–")
                                : verdict_->itemText(verdict_->findData(QString::fromStdString(v.verdict)));
    reviewers_->setItem(r, 0, new QTableWidgetItem(QString::fromStdString(v.reviewer)));
    reviewers_->setItem(r, 1, new QTableWidgetItem(verdict));
    reviewers_->setItem(
        r, 2,
        new QTableWidgetItem(labels.isEmpty() ? QStringLiteral("–") : labels.join(QStringLiteral(", "))));
  }
  reviewers_->resizeColumnToContents(0);
  reviewers_->resizeColumnToContents(1);
  reviewers_->resizeRowsToContents();
  std::optional<hs::ws::Adjudication> final;
  if (auto got = hs::ws::adjudicationOf(*ws_, caseId_); got) final = *got;
  if (final)
    for (const std::string& l : final->labels) proposed.insert(l);
  for (const std::string& l : proposed) {
    auto* item = new QListWidgetItem(labelText(l), labels_);
    item->setData(Qt::UserRole, QString::fromStdString(l));
    item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
    const bool checked =
        final && std::find(final->labels.begin(), final->labels.end(), l) != final->labels.end();
    item->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
  }
  if (final) {
    verdict_->setCurrentIndex(std::max(0, verdict_->findData(QString::fromStdString(final->verdict))));
    note_->setText(QString::fromStdString(final->note));
    setStatus(tr("Adjudicated by %1").arg(QString::fromStdString(final->adjudicator)));
    clear_->setEnabled(true);
  } else {
    setStatus(QString());
  }
}

void AdjudicationView::chooseFinal(const QString& verdict, const QStringList& labels, const QString& note) {
  verdict_->setCurrentIndex(std::max(0, verdict_->findData(verdict)));
  for (int i = 0; i < labels_->count(); ++i) {
    QListWidgetItem* item = labels_->item(i);
    item->setCheckState(labels.contains(item->data(Qt::UserRole).toString()) ? Qt::Checked : Qt::Unchecked);
  }
  note_->setText(note);
}

bool AdjudicationView::recordFinal() {
  if (!ws_ || caseId_ < 0) return false;
  hs::ws::Adjudication a;
  a.caseId = caseId_;
  a.verdict = verdict_->currentData().toString().toStdString();
  for (int i = 0; i < labels_->count(); ++i)
    if (labels_->item(i)->checkState() == Qt::Checked)
      a.labels.push_back(labels_->item(i)->data(Qt::UserRole).toString().toStdString());
  a.adjudicator = adjudicator_.trimmed().toStdString();
  a.note = note_->text().trimmed().toStdString();
  if (a.adjudicator.empty()) {
    setStatus(tr("Not recorded: the adjudicator has no name."));
    return false;
  }
  if (a.verdict.empty() && a.labels.empty()) {
    setStatus(tr("Not recorded: choose a verdict or check at least one label."));
    return false;
  }
  rememberBefore();
  if (auto s = hs::ws::setAdjudication(*ws_, a); !s) {
    undo_.pop_back();
    updateUndo();
    setStatus(tr("Not recorded: %1").arg(QString::fromStdString(s.error().describe())));
    return false;
  }
  const qint64 id = caseId_;
  fillList();  // shows the final label in the list, keeps the case
  setStatus(tr("Recorded: %1").arg(finalLabelText(a)));
  emit adjudicated(id);
  return true;
}

bool AdjudicationView::clearFinal() {
  if (!ws_ || caseId_ < 0) return false;
  rememberBefore();
  if (auto s = hs::ws::removeAdjudication(*ws_, caseId_); !s) {
    undo_.pop_back();
    updateUndo();
    setStatus(QString::fromStdString(s.error().describe()));
    return false;
  }
  const qint64 id = caseId_;
  fillList();
  emit adjudicated(id);
  return true;
}

void AdjudicationView::rememberBefore() {
  UndoStep step;
  step.caseId = caseId_;
  if (auto got = hs::ws::adjudicationOf(*ws_, caseId_); got && *got) step.before = **got;
  undo_.push_back(std::move(step));
  updateUndo();
}

void AdjudicationView::updateUndo() {
  undoButton_->setEnabled(ws_ && !undo_.empty());
}

bool AdjudicationView::undoLast() {
  if (!ws_ || undo_.empty()) return false;
  const UndoStep step = undo_.back();
  const hs::Status done = step.before ? hs::ws::setAdjudication(*ws_, *step.before)
                                      : hs::ws::removeAdjudication(*ws_, step.caseId);
  if (!done) {
    setStatus(tr("Not undone: %1").arg(QString::fromStdString(done.error().describe())));
    return false;
  }
  undo_.pop_back();
  updateUndo();
  caseId_ = step.caseId;  // fillList() keeps (and shows) this case
  fillList();
  setStatus(step.before ? tr("Undone: the final label is again %1").arg(finalLabelText(*step.before))
                        : tr("Undone: the case has no final label again"));
  emit adjudicated(step.caseId);
  return true;
}

}  // namespace hs::ui
