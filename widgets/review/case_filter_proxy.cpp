#include "widgets/review/case_filter_proxy.h"

namespace hs::ui {

CaseFilterProxy::CaseFilterProxy(QObject* parent) : QSortFilterProxyModel(parent) {
  setDynamicSortFilter(true);  // keeps the order when the filter changes
}

void CaseFilterProxy::setCaseModel(CaseListModel* model) {
  model_ = model;
  setSourceModel(model);
}

void CaseFilterProxy::refilter() {
  invalidateFilter();
}

void CaseFilterProxy::setVerdict(VerdictFilter verdict) {
  if (verdict_ == verdict) return;
  verdict_ = verdict;
  refilter();
}

void CaseFilterProxy::setReview(ReviewFilter review) {
  if (review_ == review) return;
  review_ = review;
  refilter();
}

void CaseFilterProxy::setCategory(const QString& category) {
  if (category_ == category) return;
  category_ = category;
  refilter();
}

void CaseFilterProxy::setModelName(const QString& model) {
  if (modelName_ == model) return;
  modelName_ = model;
  refilter();
}

void CaseFilterProxy::setDifficulty(const QString& difficulty) {
  if (difficulty_ == difficulty) return;
  difficulty_ = difficulty;
  refilter();
}

void CaseFilterProxy::setText(const QString& text) {
  const QString lowered = text.trimmed().toLower();
  if (text_ == lowered) return;
  text_ = lowered;
  refilter();
}

void CaseFilterProxy::clearFilters() {
  verdict_ = VerdictFilter::All;
  review_ = ReviewFilter::All;
  category_.clear();
  modelName_.clear();
  difficulty_.clear();
  text_.clear();
  refilter();
}

qint64 CaseFilterProxy::caseIdAt(int proxyRow) const {
  const QModelIndex src = mapToSource(index(proxyRow, 0));
  return src.isValid() ? model_->row(src.row()).summary.caseId : -1;
}

bool CaseFilterProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const {
  const CaseListModel::Row& a = model_->row(left.row());
  const CaseListModel::Row& b = model_->row(right.row());
  const int c = CaseListModel::compare(a, b, left.column());
  return c != 0 ? c < 0 : a.summary.position < b.summary.position;  // stable: then by position
}

bool CaseFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex&) const {
  if (!model_) return true;
  const CaseListModel::Row& r = model_->row(sourceRow);
  using V = CaseListModel::Verdict;
  switch (verdict_) {
    case VerdictFilter::All:
      break;
    case VerdictFilter::Correct:
      if (r.verdict != V::Correct) return false;
      break;
    case VerdictFilter::Wrong:
      if (r.verdict != V::Wrong) return false;
      break;
    case VerdictFilter::Undecided:
      if (r.verdict != V::Undecided) return false;
      break;
  }
  if (r.summary.caseId != pinned_) {
    switch (review_) {
      case ReviewFilter::All:
        break;
      case ReviewFilter::Reviewed:
        if (!r.reviewed) return false;
        break;
      case ReviewFilter::Unreviewed:
        if (r.reviewed) return false;
        break;
      case ReviewFilter::Disputed:
        if (!r.disputed) return false;
        break;
    }
  }
  if (!modelName_.isEmpty() && r.model != modelName_) return false;
  if (!difficulty_.isEmpty() && r.difficulty != difficulty_) return false;
  if (!category_.isEmpty() && !r.categories.contains(category_)) return false;
  if (!text_.isEmpty() && !r.haystack.contains(text_)) return false;
  return true;
}

}  // namespace hs::ui
