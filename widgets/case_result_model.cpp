#include "widgets/case_result_model.h"

#include <QFont>
#include <QLocale>

#include <algorithm>
#include <map>

#include "engine/eval/result_compare.h"

namespace hs::ui {

namespace {
constexpr int kMaxCellChars = 200;

struct RowLess {
  bool operator()(const hs::db::Row& a, const hs::db::Row& b) const {
    return hs::eval::compareRows(a, b) < 0;
  }
};
}  // namespace

std::vector<CaseResultModel::RowState> unmatchedRows(const std::vector<hs::db::Row>& rows,
                                                     const std::vector<hs::db::Row>& other,
                                                     CaseResultModel::RowState mark) {
  std::map<hs::db::Row, std::size_t, RowLess> available;
  for (const hs::db::Row& r : other) ++available[r];
  std::vector<CaseResultModel::RowState> states(rows.size(), CaseResultModel::RowState::Same);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    auto it = available.find(rows[i]);
    if (it != available.end() && it->second > 0)
      --it->second;
    else
      states[i] = mark;
  }
  return states;
}

CaseResultModel::CaseResultModel(QObject* parent) : QAbstractTableModel(parent) {}

void CaseResultModel::setResult(const std::vector<std::string>& columns, const std::vector<hs::db::Row>& rows,
                                const std::vector<RowState>& states) {
  beginResetModel();
  columns_.clear();
  for (const std::string& c : columns) columns_ << QString::fromStdString(c);
  total_ = static_cast<int>(rows.size());
  const std::size_t shown = std::min<std::size_t>(rows.size(), kMaxRows);
  rows_.assign(rows.begin(), rows.begin() + static_cast<std::ptrdiff_t>(shown));
  states_.assign(shown, RowState::Same);
  marked_ = 0;
  for (std::size_t i = 0; i < states.size() && i < rows.size(); ++i) {
    if (states[i] == RowState::Same) continue;
    ++marked_;
    if (i < shown) states_[i] = states[i];
  }
  endResetModel();
}

void CaseResultModel::clear() {
  beginResetModel();
  columns_.clear();
  rows_.clear();
  states_.clear();
  total_ = marked_ = 0;
  endResetModel();
}

int CaseResultModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int CaseResultModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(columns_.size());
}

QVariant CaseResultModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= static_cast<int>(rows_.size())) return {};
  const auto r = static_cast<std::size_t>(index.row());
  const RowState state = states_[r];
  if (role == RowStateRole) return static_cast<int>(state);
  if (role == Qt::BackgroundRole) {
    if (state == RowState::Missing) return missingColor();
    if (state == RowState::Extra) return extraColor();
    return {};
  }
  const hs::db::Row& row = rows_[r];
  const auto c = static_cast<std::size_t>(index.column());
  if (c >= row.size()) return {};
  const hs::db::Value& v = row[c];
  using T = hs::db::Value::Type;
  switch (role) {
    case Qt::DisplayRole: {
      if (v.type == T::Integer) return QLocale::c().toString(static_cast<qlonglong>(v.i));
      QString s = QString::fromStdString(v.display());
      s.replace(QLatin1Char('\n'), QChar(0x21b5));
      if (s.size() > kMaxCellChars) s = s.left(kMaxCellChars) + QChar(0x2026);
      return s;
    }
    case Qt::ToolTipRole:
      if (state == RowState::Missing) return tr("This gold row is missing from the prediction");
      if (state == RowState::Extra) return tr("This predicted row is not in the gold result");
      return {};
    case Qt::ForegroundRole:
      if (v.isNull()) return QColor(0xa0, 0xa0, 0xa0);
      return {};
    case Qt::FontRole:
      if (v.isNull()) {
        QFont f;
        f.setItalic(true);
        return f;
      }
      return {};
    case Qt::TextAlignmentRole:
      if (v.type == T::Integer || v.type == T::Real) return int(Qt::AlignRight | Qt::AlignVCenter);
      return int(Qt::AlignLeft | Qt::AlignVCenter);
    default:
      return {};
  }
}

QVariant CaseResultModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (role != Qt::DisplayRole) return QAbstractTableModel::headerData(section, orientation, role);
  if (orientation == Qt::Horizontal) return section < columns_.size() ? columns_[section] : QVariant();
  return section + 1;
}

}  // namespace hs::ui
