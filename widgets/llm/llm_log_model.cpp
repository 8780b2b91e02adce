#include "widgets/llm/llm_log_model.h"

#include <QBrush>
#include <QColor>

namespace hs::ui {

LlmLogEntry LlmLogEntry::from(const QString& purpose, const llm::ChatRequest& request,
                              const llm::ChatResult& result, const QString& requestedModel) {
  LlmLogEntry e;
  e.time = QDateTime::currentDateTime();
  e.purpose = purpose;
  e.templateName = QString::fromStdString(request.templateName);
  e.templateVersion = QString::fromStdString(request.templateVersion);
  for (const auto& m : request.messages) {
    e.prompt +=
        QStringLiteral("[%1]\n%2\n\n").arg(QString::fromStdString(m.role), QString::fromStdString(m.content));
  }
  if (result.ok()) {
    const auto& r = result.value();
    e.model = QString::fromStdString(r.model);
    e.response = QString::fromStdString(r.text());
    e.promptTokens = r.usage.promptTokens;
    e.completionTokens = r.usage.completionTokens;
    e.latencyMs = r.latencyMs;
    e.cost = r.cost;
    e.cached = r.cached;
  } else {
    e.model = requestedModel;
    e.failed = true;
    e.response = QString::fromStdString(result.error().code + ": " + result.error().message);
  }
  return e;
}

int LlmLogModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : int(entries_.size());
}

int LlmLogModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant LlmLogModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= entries_.size()) return {};
  const auto& e = entries_.at(index.row());
  if (role == Qt::ForegroundRole && e.failed) return QBrush(QColor(0xb0, 0x20, 0x20));
  if (role == Qt::TextAlignmentRole && index.column() >= Tokens && index.column() <= Cost) {
    return int(Qt::AlignRight | Qt::AlignVCenter);
  }
  if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
  switch (index.column()) {
    case Time:
      return e.time.toString(QStringLiteral("HH:mm:ss"));
    case Purpose:
      return e.purpose;
    case Model:
      return e.model;
    case Tokens:
      return e.failed ? QString() : QStringLiteral("%1 / %2").arg(e.promptTokens).arg(e.completionTokens);
    case Latency:
      return e.cached || e.failed ? QString() : tr("%1 ms").arg(qRound(e.latencyMs));
    case Cost:
      return e.cost > 0 ? QStringLiteral("$%1").arg(e.cost, 0, 'f', 4) : QString();
    case Source:
      return e.failed ? tr("error") : e.cached ? tr("cache") : tr("network");
    default:
      return {};
  }
}

QVariant LlmLogModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case Time:
      return tr("Time");
    case Purpose:
      return tr("Purpose");
    case Model:
      return tr("Model");
    case Tokens:
      return tr("Tokens in/out");
    case Latency:
      return tr("Latency");
    case Cost:
      return tr("Cost");
    case Source:
      return tr("Source");
    default:
      return {};
  }
}

void LlmLogModel::append(const LlmLogEntry& entry) {
  beginInsertRows({}, int(entries_.size()), int(entries_.size()));
  entries_.push_back(entry);
  endInsertRows();
}

int LlmLogModel::totalTokens() const {
  qint64 total = 0;
  for (const auto& e : entries_) total += e.promptTokens + e.completionTokens;
  return int(total);
}

double LlmLogModel::totalCost() const {
  double total = 0;
  for (const auto& e : entries_) total += e.cost;
  return total;
}

}  // namespace hs::ui
