#pragma once
// The Review tab's case list: a table of the run's cases (the filter proxy's rows), one row
// selected at a time, sorted by #, columns sized for their contents and the question stretched.
#include <QTableView>

class QAbstractItemModel;

namespace hs::ui {

class CaseTable : public QTableView {
  Q_OBJECT
 public:
  explicit CaseTable(QAbstractItemModel* cases, QWidget* parent = nullptr);

  // Makes `row` current (and so shown) and scrolls it to the middle. False when there is no such row.
  bool makeCurrent(int row);
};

}  // namespace hs::ui
