#pragma once
// The case list of a benchmark run: one row per case from hs::ws::caseSummaries (loaded once, no
// per-row queries), with the texts the view and the filter need prepared at load time.
#include <QAbstractTableModel>
#include <QString>
#include <QStringList>

#include <map>
#include <vector>

#include "engine/workspace/results_store.h"

namespace hs::ui {

class CaseListModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  // In display order: what a reviewer scans first comes first.
  enum Column {
    Position,
    Question,
    ExSet,
    Review,  // ✓ when the case is reviewed, with the human verdict (next to EX, not instead)
    ExOrdered,
    ExBag,
    SoftF1,
    Risk,
    Findings,
    Database,
    Difficulty,
    Model,
    CaseId,
    ColumnCount
  };
  enum Role { CaseIdRole = Qt::UserRole + 1 };
  enum class Verdict { Undecided, Correct, Wrong };

  struct Row {
    hs::ws::CaseSummary summary;
    QString key, db, question, model, difficulty, categoriesText;
    QStringList categories;
    QString haystack;  // lower-cased question, SQL and database name, for the text filter
    Verdict verdict = Verdict::Undecided;
    int annotations = 0;    // of every reviewer
    bool reviewed = false;  // as hs::ws::reviewedCases() decides: the progress, filter and column
    QString human;          // the last human verdict: "correct", "incorrect", "unsure" or ""
    bool disputed = false;
    QString final;  // the adjudicated final label ("" when not adjudicated)
  };
  // What the annotations say about one case (ReviewPanel computes it from the workspace).
  struct ReviewMark {
    int annotations = 0;
    bool reviewed = false;  // hs::ws::reviewedCases()
    QString human;
    bool disputed = false;
    QString final;  // the adjudicated final label, e.g. "incorrect: C3, C5"
  };

  explicit CaseListModel(QObject* parent = nullptr);

  void setSummaries(std::vector<hs::ws::CaseSummary> rows);
  void clear();
  const Row& row(int r) const { return rows_[static_cast<std::size_t>(r)]; }
  int rowOfCase(qint64 caseId) const;  // -1 when absent
  // Replaces every row's review state (cases absent from `marks` are unreviewed).
  void setReviewMarks(const std::map<qint64, ReviewMark>& marks);
  int reviewedCount() const { return reviewed_; }
  static QString humanText(const QString& human);  // translated verdict word

  // Distinct values over all rows, sorted (for the filter combos).
  QStringList models() const;
  QStringList difficulties() const;
  QStringList categories() const;
  // EX (set) counts over all rows.
  int correctCount() const { return correct_; }
  int wrongCount() const { return wrong_; }
  int evaluatedCount() const { return evaluated_; }

  static Verdict verdictOf(const std::optional<bool>& ex);
  // Order of two rows by a column (< 0, 0, > 0); ties are left to the caller (position).
  static int compare(const Row& a, const Row& b, int column);
  static QString verdictText(const std::optional<bool>& ex, bool evaluated);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  std::vector<Row> rows_;
  int correct_ = 0;
  int wrong_ = 0;
  int evaluated_ = 0;
  int reviewed_ = 0;
};

}  // namespace hs::ui
