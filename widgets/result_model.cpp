#include "widgets/result_model.h"

#include <QColor>
#include <QFont>
#include <QLocale>

#include "widgets/job_runner.h"

namespace hs::ui {

namespace {
constexpr int kMaxCellChars = 300;
}

ResultModel::ResultModel(JobRunner* runner, QObject* parent) : QAbstractTableModel(parent), runner_(runner) {}

void ResultModel::setResult(std::shared_ptr<hs::db::Cursor> cursor, std::vector<hs::db::Row> firstRows,
                            bool atEnd, std::function<void()> interrupt) {
  beginResetModel();
  ++generation_;
  cursor_ = std::move(cursor);
  rows_ = std::move(firstRows);
  atEnd_ = atEnd || !cursor_;
  truncated_ = cursor_ && cursor_->truncated();
  fetching_ = false;
  interrupt_ = std::move(interrupt);
  columns_.clear();
  if (cursor_)
    for (const auto& c : cursor_->columns()) columns_ << QString::fromStdString(c);
  endResetModel();
}

void ResultModel::clearResult() {
  beginResetModel();
  ++generation_;
  cursor_.reset();
  rows_.clear();
  columns_.clear();
  atEnd_ = true;
  truncated_ = false;
  fetching_ = false;
  interrupt_ = nullptr;
  endResetModel();
}

const hs::db::Value* ResultModel::value(int row, int column) const {
  if (row < 0 || row >= static_cast<int>(rows_.size())) return nullptr;
  const auto& r = rows_[static_cast<std::size_t>(row)];
  if (column < 0 || column >= static_cast<int>(r.size())) return nullptr;
  return &r[static_cast<std::size_t>(column)];
}

int ResultModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int ResultModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(columns_.size());
}

QVariant ResultModel::data(const QModelIndex& index, int role) const {
  const hs::db::Value* v = value(index.row(), index.column());
  if (!v) return {};
  using T = hs::db::Value::Type;
  switch (role) {
    case Qt::DisplayRole: {
      if (v->type == T::Integer) return QLocale::c().toString(static_cast<qlonglong>(v->i));
      QString s = QString::fromStdString(v->display());
      s.replace(QLatin1Char('\n'), QChar(0x21b5));
      if (s.size() > kMaxCellChars) s = s.left(kMaxCellChars) + QChar(0x2026);
      return s;
    }
    case Qt::ToolTipRole:
      if (v->type == T::Text && v->bytes.size() > 60) return QString::fromStdString(v->bytes).left(4000);
      return {};
    case Qt::ForegroundRole:
      if (v->isNull()) return QColor(0xa0, 0xa0, 0xa0);
      return {};
    case Qt::FontRole:
      if (v->isNull()) {
        QFont f;
        f.setItalic(true);
        return f;
      }
      return {};
    case Qt::TextAlignmentRole:
      if (v->type == T::Integer || v->type == T::Real) return int(Qt::AlignRight | Qt::AlignVCenter);
      return int(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::UserRole:
      return QString::fromStdString(v->isNull() ? std::string() : v->display());
    default:
      return {};
  }
}

QVariant ResultModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (role != Qt::DisplayRole) return QAbstractTableModel::headerData(section, orientation, role);
  if (orientation == Qt::Horizontal) return section < columns_.size() ? columns_[section] : QVariant();
  return section + 1;
}

bool ResultModel::canFetchMore(const QModelIndex& parent) const {
  return !parent.isValid() && cursor_ && !atEnd_ && !fetching_;
}

void ResultModel::fetchMore(const QModelIndex& parent) {
  if (!canFetchMore(parent) || !runner_ || runner_->isBusy()) return;
  using Rows = hs::Result<std::vector<hs::db::Row>>;
  auto cursor = cursor_;
  const auto n = static_cast<std::size_t>(blockSize_);
  const quint64 gen = generation_;
  fetching_ = true;
  const bool started = runner_->start<Rows>(
      tr("Fetching rows"), [cursor, n](JobContext&) { return cursor->fetch(n); },
      [this, gen, cursor](Rows rows) {
        if (gen != generation_) return;  // a newer result replaced this one
        fetching_ = false;
        if (!rows.ok()) {
          atEnd_ = true;
          emit fetchFailed(QString::fromStdString(rows.error().message));
          emit rowsFetched(rowCount(), false);
          return;
        }
        auto& block = rows.value();
        if (!block.empty()) {
          const int first = static_cast<int>(rows_.size());
          beginInsertRows({}, first, first + static_cast<int>(block.size()) - 1);
          for (auto& r : block) rows_.push_back(std::move(r));
          endInsertRows();
        }
        atEnd_ = cursor->atEnd();
        truncated_ = cursor->truncated();
        emit rowsFetched(rowCount(), moreAvailable());
      },
      interrupt_);
  if (!started) fetching_ = false;
}

}  // namespace hs::ui
