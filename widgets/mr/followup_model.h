#pragma once
// The follow-ups of one detection run (hs::mr::DetectResult) as a table: stage, MR, follow-up
// question (changed words highlighted through HtmlRole), follow-up linking or SQL, result sizes,
// expected relation and the observed verdict (a coloured badge drawn by FollowUpDelegate).
#include <QAbstractTableModel>
#include <QColor>
#include <QString>

#include <memory>

#include "engine/mr/pipeline.h"

namespace hs::ui {

class FollowUpModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { StageCol, MrCol, QuestionCol, ArtifactCol, RowsCol, RelationCol, VerdictCol, ColumnCount };
  static constexpr int HtmlRole = Qt::UserRole + 1;     // QuestionCol: rich text, changed words bold
  static constexpr int SortRole = Qt::UserRole + 2;     // a value that sorts naturally
  static constexpr int VerdictRole = Qt::UserRole + 3;  // int(hs::mr::Verdict) of the row
  static constexpr int SkippedRole = Qt::UserRole + 4;  // bool: not run because of early stopping
  static constexpr int ChangedAtRole =
      Qt::UserRole + 5;  // QuestionCol: QString index of the first change, -1

  explicit FollowUpModel(QObject* parent = nullptr);

  void setResult(std::shared_ptr<const hs::mr::DetectResult> result);
  void clear();
  const hs::mr::DetectResult* result() const { return result_.get(); }
  const hs::mr::MrRecord* record(int row) const;
  int rowOf(const QString& mr) const;  // -1 when the MR is not in the run

  // The badge colour and word of a verdict (violated red, satisfied green, inapplicable grey,
  // error amber; skipped by early stopping a lighter grey).
  static QColor verdictColor(hs::mr::Verdict verdict, bool skipped = false);
  static QString verdictText(hs::mr::Verdict verdict, bool skipped = false);
  static QColor changedColor() { return QColor(0x15, 0x65, 0xc0); }  // changed words of a follow-up
  // `text` as HTML with the byte ranges [begin, end) of its UTF-8 form in bold colour.
  static QString highlightChanged(const std::string& text,
                                  const std::vector<std::pair<std::size_t, std::size_t>>& changed);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  QVariant display(const hs::mr::MrRecord& r, int column) const;
  QVariant sortValue(const hs::mr::MrRecord& r, int row, int column) const;
  QString tooltip(const hs::mr::MrRecord& r, int column) const;

  std::shared_ptr<const hs::mr::DetectResult> result_;
  std::vector<const hs::mr::MrRecord*> rows_;
};

}  // namespace hs::ui
