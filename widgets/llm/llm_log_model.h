#pragma once
// The LLM log: one row per call this session (prompt, response, tokens, latency, cost, cache hit,
// error), newest last. Filled by whoever makes calls (GenerationController, Test connection).
#include <QAbstractTableModel>
#include <QDateTime>
#include <QVector>

#include "engine/llm/chat.h"

namespace hs::ui {

struct LlmLogEntry {
  QDateTime time;
  QString purpose;  // "generate", "test connection", ...
  QString model;
  QString templateName;
  QString templateVersion;
  QString prompt;    // the messages, "role: text" blocks
  QString response;  // the first choice's text, or the error message
  qint64 promptTokens = 0;
  qint64 completionTokens = 0;
  double latencyMs = 0.0;
  double cost = 0.0;
  bool cached = false;
  bool failed = false;

  static LlmLogEntry from(const QString& purpose, const llm::ChatRequest& request,
                          const llm::ChatResult& result, const QString& requestedModel);
};

class LlmLogModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { Time, Purpose, Model, Tokens, Latency, Cost, Source, ColumnCount };

  explicit LlmLogModel(QObject* parent = nullptr) : QAbstractTableModel(parent) {}

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

  void append(const LlmLogEntry& entry);
  const LlmLogEntry& entry(int row) const { return entries_.at(row); }
  int totalTokens() const;
  double totalCost() const;

 private:
  QVector<LlmLogEntry> entries_;
};

}  // namespace hs::ui
