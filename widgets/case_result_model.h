#pragma once
// A finished query result for the case view: column names and rows held in memory (capped for
// display), each row marked when it is missing from the prediction (gold side) or extra in it
// (predicted side). The mark shows as a background colour and through RowStateRole.
#include <QAbstractTableModel>
#include <QColor>
#include <QStringList>

#include <vector>

#include "engine/db/value.h"

namespace hs::ui {

class CaseResultModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum class RowState { Same, Missing, Extra };
  static constexpr int RowStateRole = Qt::UserRole + 1;  // int(RowState)
  static constexpr int kMaxRows = 500;
  static QColor missingColor() { return QColor(0xff, 0xd6, 0xd6); }
  static QColor extraColor() { return QColor(0xff, 0xe9, 0xb8); }

  explicit CaseResultModel(QObject* parent = nullptr);

  // Shows at most kMaxRows of `rows`; states[i] is the state of rows[i] (may be shorter: Same).
  void setResult(const std::vector<std::string>& columns, const std::vector<hs::db::Row>& rows,
                 const std::vector<RowState>& states);
  void clear();
  int totalRows() const { return total_; }
  int markedRows() const { return marked_; }  // over all rows, not only the shown ones

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  QStringList columns_;
  std::vector<hs::db::Row> rows_;
  std::vector<RowState> states_;
  int total_ = 0;
  int marked_ = 0;
};

// Which rows of one side have no partner on the other (multiset matching with
// hs::eval::compareRows, earliest rows matched first): those get `mark`, the others Same.
std::vector<CaseResultModel::RowState> unmatchedRows(const std::vector<hs::db::Row>& rows,
                                                     const std::vector<hs::db::Row>& other,
                                                     CaseResultModel::RowState mark);

}  // namespace hs::ui
