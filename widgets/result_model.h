#pragma once
// The lazy result grid model: rows come from an hs::db::Cursor in blocks (canFetchMore /
// fetchMore), each block fetched on the job runner's worker thread. Never counts rows up front.
#include <QAbstractTableModel>

#include <functional>
#include <memory>
#include <vector>

#include "engine/db/database.h"

namespace hs::ui {

class JobRunner;

class ResultModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  static constexpr int kDefaultBlock = 256;

  explicit ResultModel(JobRunner* runner, QObject* parent = nullptr);

  // Shows a new result: its cursor, the rows already fetched, and how to interrupt a fetch.
  void setResult(std::shared_ptr<hs::db::Cursor> cursor, std::vector<hs::db::Row> firstRows, bool atEnd,
                 std::function<void()> interrupt);
  void clearResult();
  void setBlockSize(int rows) { blockSize_ = rows > 0 ? rows : kDefaultBlock; }
  int blockSize() const { return blockSize_; }

  bool moreAvailable() const { return cursor_ && !atEnd_; }
  bool isFetching() const { return fetching_; }
  bool truncated() const { return truncated_; }
  const hs::db::Value* value(int row, int column) const;
  QStringList columnNames() const { return columns_; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
  bool canFetchMore(const QModelIndex& parent) const override;
  void fetchMore(const QModelIndex& parent) override;

 signals:
  void rowsFetched(int totalRows, bool moreAvailable);
  void fetchFailed(const QString& message);

 private:
  JobRunner* runner_;
  std::shared_ptr<hs::db::Cursor> cursor_;
  std::function<void()> interrupt_;
  std::vector<hs::db::Row> rows_;
  QStringList columns_;
  int blockSize_ = kDefaultBlock;
  bool atEnd_ = true;
  bool truncated_ = false;
  bool fetching_ = false;
  quint64 generation_ = 0;
};

}  // namespace hs::ui
