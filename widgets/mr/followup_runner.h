#pragma once
// Runs hs::mr::detect() for one question as a background job (JobRunner): the client of the
// active LLM profile (key from the environment or the keychain), the generation's call store as
// the cache, progress per MR and cancel (the pipeline's cancel flag plus Client::cancelAll()). A
// finished run's follow-ups are saved in the request's workspace (engine/workspace followups).
#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

#include "widgets/llm/profile_settings.h"

namespace hs::llm {
class Client;
class CallStore;
}  // namespace hs::llm

namespace hs::mr {
struct DetectResult;
}

namespace hs::ui {

class GenerationController;
class JobRunner;
class KeyStore;

struct FollowUpRequest {
  QString databasePath;
  QString question;
  QString evidence;
  std::optional<QString> sourceSql;  // nullopt: the model writes the source SQL
  QStringList mrs;                   // empty: all seventeen
  int earlyStopK = 0;
  QString workspacePath;  // where the follow-ups are saved (table followups); empty: not saved
};

class FollowUpRunner : public QObject {
  Q_OBJECT
 public:
  // `generation` (may be null) lends its call store, so detection shares the GUI's LLM cache.
  explicit FollowUpRunner(GenerationController* generation, QObject* parent = nullptr);
  ~FollowUpRunner() override;

  void start(const FollowUpRequest& request);
  void cancel();
  bool isBusy() const;
  JobRunner* jobs() const { return runner_; }

 signals:
  void busyChanged(bool busy);
  void progress(int done, int total, const QString& text);
  // `result` is null when the run could not start or failed as a whole; `error` then says why.
  void finished(std::shared_ptr<const hs::mr::DetectResult> result, const QString& error);
  // The follow-ups of a finished run could not be saved in the workspace (emitted before finished).
  void saveFailed(const QString& error);

 private:
  void startWithKey(const FollowUpRequest& request, const QString& key);
  std::shared_ptr<llm::CallStore> store();

  GenerationController* generation_;
  KeyStore* keys_;
  JobRunner* runner_;
  std::shared_ptr<llm::CallStore> ownStore_;
  std::shared_ptr<llm::Client> client_;
  LlmProfile clientProfile_;
};

}  // namespace hs::ui
