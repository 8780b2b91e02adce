// CaseFilterBar: the filter row over the Review tab's case list.
#include "widgets/review/case_filter_bar.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>

#include <algorithm>

#include "widgets/difficulty_text.h"
#include "widgets/review/case_filter_proxy.h"
#include "widgets/review/case_list_model.h"

namespace hs::ui {

namespace {

// Refills a filter combo ("any" first, then the values, each shown as `shown` words it) keeping the
// current choice when present. The item data is the value.
void refillCombo(QComboBox* combo, const QString& any, const QStringList& values,
                 QString (*shown)(const QString&) = nullptr) {
  const QString current = combo->currentIndex() > 0 ? combo->currentData().toString() : QString();
  const QSignalBlocker block(combo);
  combo->clear();
  combo->addItem(any);
  for (const QString& v : values) combo->addItem(shown ? shown(v) : v, v);
  const int i = current.isEmpty() ? 0 : combo->findData(current);
  combo->setCurrentIndex(i < 0 ? 0 : i);
  combo->setEnabled(!values.isEmpty());
}

// The chosen value of a filter combo, "" for its first item ("All models": any).
QString chosen(const QComboBox* combo) {
  return combo->currentIndex() > 0 ? combo->currentData().toString() : QString();
}

}  // namespace

CaseFilterBar::CaseFilterBar(QWidget* parent)
    : QWidget(parent),
      verdict_(new QComboBox),
      review_(new QComboBox),
      category_(new QComboBox),
      model_(new QComboBox),
      difficulty_(new QComboBox),
      search_(new QLineEdit),
      shown_(new QLabel),
      progress_(new QLabel) {
  category_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  model_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  search_->setClearButtonEnabled(true);
  search_->setMinimumWidth(160);
  review_->setObjectName(QStringLiteral("reviewStateCombo"));
  progress_->setObjectName(QStringLiteral("reviewProgress"));
  QFont bold = progress_->font();
  bold.setBold(true);
  progress_->setFont(bold);
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(0, 0, 0, 0);
  row->addWidget(verdict_);
  row->addWidget(review_);
  row->addWidget(category_);
  row->addWidget(model_);
  row->addWidget(difficulty_);
  row->addWidget(search_, 1);
  row->addWidget(shown_);
  row->addSpacing(12);
  row->addWidget(progress_);
  for (QComboBox* c : {verdict_, review_, category_, model_, difficulty_})
    connect(c, &QComboBox::currentIndexChanged, this, &CaseFilterBar::changed);
  connect(search_, &QLineEdit::textChanged, this, &CaseFilterBar::changed);
}

void CaseFilterBar::refill(const CaseListModel& model) {
  refillCombo(category_, tr("All findings"), model.categories());
  const QStringList models = model.models();
  const QStringList difficulties = model.difficulties();
  refillCombo(model_, tr("All models"), models);
  refillCombo(difficulty_, tr("All difficulties"), difficulties,
              [](const QString& d) { return difficultyText(d.toStdString()); });
  // A filter with one value or none has nothing to choose: hidden, it leaves the row (and the
  // window's minimum width, which the Query tab's schema panel pays for) to the others.
  model_->setVisible(models.size() > 1);
  difficulty_->setVisible(difficulties.size() > 1);
}

void CaseFilterBar::applyTo(CaseFilterProxy& proxy) const {
  proxy.setVerdict(static_cast<CaseFilterProxy::VerdictFilter>(std::max(0, verdict_->currentIndex())));
  proxy.setCategory(chosen(category_));
  proxy.setModelName(chosen(model_));
  proxy.setDifficulty(chosen(difficulty_));
  proxy.setText(search_->text());
  proxy.setPinnedCase(-1);  // a filter chosen now applies to the shown case too
  proxy.setReview(static_cast<CaseFilterProxy::ReviewFilter>(std::max(0, review_->currentIndex())));
}

void CaseFilterBar::setShownCount(int shown, int total) {
  shown_->setText(tr("%1 of %2").arg(QLocale().toString(shown), QLocale().toString(total)));
}

void CaseFilterBar::setProgressText(const QString& text) {
  progress_->setText(text);
}

void CaseFilterBar::retranslate() {
  search_->setPlaceholderText(tr("Search question, SQL, database…"));
  {
    const QSignalBlocker block(verdict_);
    const int v = verdict_->currentIndex();
    verdict_->clear();
    verdict_->addItem(tr("All verdicts"));
    verdict_->addItem(tr("EX correct"));
    verdict_->addItem(tr("EX wrong"));
    verdict_->addItem(tr("EX undecided"));
    verdict_->setCurrentIndex(v < 0 ? 0 : v);
    verdict_->setToolTip(tr("Execution accuracy under set semantics"));
  }
  const QSignalBlocker block(review_);
  const int r = review_->currentIndex();
  review_->clear();
  review_->addItem(tr("Reviewed or not"));
  review_->addItem(tr("Reviewed"));
  review_->addItem(tr("Unreviewed"));
  review_->addItem(tr("Disputed"));
  review_->setCurrentIndex(r < 0 ? 0 : r);
  review_->setToolTip(tr("Cases with annotations, without, or where reviewers disagree"));
}

}  // namespace hs::ui
