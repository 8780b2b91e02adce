#pragma once
// Filtering and sorting of the case list: EX (set) verdict, finding category, model, difficulty and
// free text over question, SQL and database name. Reads the source rows directly (no QVariant).
#include <QSortFilterProxyModel>
#include <QString>

#include "widgets/review/case_list_model.h"

namespace hs::ui {

class CaseFilterProxy : public QSortFilterProxyModel {
  Q_OBJECT
 public:
  enum class VerdictFilter { All, Correct, Wrong, Undecided };
  enum class ReviewFilter { All, Reviewed, Unreviewed, Disputed };

  explicit CaseFilterProxy(QObject* parent = nullptr);

  void setCaseModel(CaseListModel* model);
  CaseListModel* caseModel() const { return model_; }

  void setVerdict(VerdictFilter verdict);
  void setCategory(const QString& category);      // "" = any
  void setModelName(const QString& model);        // "" = any
  void setDifficulty(const QString& difficulty);  // "" = any
  void setText(const QString& text);              // "" = any; case-insensitive substring
  void setReview(ReviewFilter review);
  // The case being reviewed stays listed while its review state changes (else confirming one
  // finding in the "Unreviewed" queue would take the case away); -1 for none.
  void setPinnedCase(qint64 caseId) { pinned_ = caseId; }
  ReviewFilter review() const { return review_; }
  void clearFilters();

  VerdictFilter verdict() const { return verdict_; }
  qint64 caseIdAt(int proxyRow) const;

 protected:
  bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
  bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

 private:
  void refilter();
  CaseListModel* model_ = nullptr;
  VerdictFilter verdict_ = VerdictFilter::All;
  ReviewFilter review_ = ReviewFilter::All;
  qint64 pinned_ = -1;
  QString category_, modelName_, difficulty_, text_;
};

}  // namespace hs::ui
