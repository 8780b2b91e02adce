#pragma once
// Question -> SQL in the GUI: builds the text-to-SQL prompt from the open database's schema, asks
// the active LLM profile off the UI thread, extracts the SQL, runs it read-only and annotates it
// with the gold-free checks. Every call lands in the LLM log and in the transcript/cache store.
#include <QObject>
#include <QString>
#include <QVector>

#include <functional>
#include <memory>

#include "engine/core/finding.h"
#include "widgets/llm/llm_log_model.h"
#include "widgets/llm/profile_settings.h"

namespace hs::llm {
class Client;
class CallStore;
}  // namespace hs::llm
namespace hs::annotate {
struct DatabaseAnnotation;
}  // namespace hs::annotate

namespace hs::ui {

class JobRunner;
class KeyStore;

// One span of an engine finding in the generated SQL. `finding` is the engine's finding as the
// Review case view gets it (category, subcategory, message, explanation), so both screens show the
// same style and tooltip.
struct GeneratedFinding {
  QString taxonomy;
  QString category;
  QString message;
  int begin = 0;  // byte offsets in the generated SQL
  int end = 0;
  hs::Finding finding;
};

struct GenerationOutcome {
  bool ok = false;
  QString error;  // plain words, with what to do (see endpoint_help.h)
  QString sql;
  QString extractionNote;
  QVector<GeneratedFinding> findings;
  double risk = 0.0;
  QStringList riskReasons;
  qint64 resultRows = -1;  // -1 when the SQL did not run
  QString executionError;
  // Abstention (Settings > Abstain When Unsure; engine/workflow/abstain_generate.h). Before
  // generation there is no SQL; after generation the SQL is kept for the user to reveal.
  bool abstained = false;
  QString abstention;     // "Abstained: <reason>."
  QString abstainChecks;  // each check's score and threshold, one per line
  // `error` and `abstention` worded again in the current language (the Query tab shows them
  // again after a language switch); empty when the text cannot be worded again.
  std::function<QString()> errorWords;
  std::function<QString()> abstentionWords;
};

// The checked query's findings (its spans in the query), risk and execution into `out`: what the
// Query tab shows of generated SQL and of SQL the user runs (widgets/llm/editor_findings.h).
void fillFindings(GenerationOutcome& out, const annotate::DatabaseAnnotation& checked);

class GenerationController : public QObject {
  Q_OBJECT
 public:
  GenerationController(LlmLogModel* log, QObject* parent = nullptr);
  ~GenerationController() override;

  // The transcript/cache goes to this workspace file (its llm_calls table); "" uses a cache file
  // in the application's data folder.
  void setWorkspacePath(const QString& path);
  // Drops the client so the next call uses the current profile and prompt settings.
  void reloadSettings();

  void generate(const QString& databasePath, const QString& question, const QString& evidence);
  void cancel();
  bool isBusy() const;
  // The transcript/cache store of the workspace (or of the data folder); shared with detection.
  std::shared_ptr<llm::CallStore> store();
  // The client of the active profile (its key read from the keychain when needed), for other
  // workflows that call the model the same way (e.g. the Drill-down tab). `ready` runs on the UI
  // thread with the client, or with nullptr and the error in plain words.
  using ClientReady = std::function<void(std::shared_ptr<llm::Client>, QString)>;
  void withClient(ClientReady ready);

 signals:
  void busyChanged(bool busy);
  void finished(const hs::ui::GenerationOutcome& outcome);

 private:
  // The cached client, or a new one for the active profile; nullptr and `error` set on failure.
  std::shared_ptr<llm::Client> clientFor(const QString& key, QString* error);
  void startWithKey(const QString& databasePath, const QString& question, const QString& evidence,
                    const QString& key);

  LlmLogModel* log_;
  KeyStore* keys_;
  QString workspacePath_;
  std::shared_ptr<llm::CallStore> store_;
  std::shared_ptr<llm::Client> client_;
  LlmProfile clientProfile_;
  JobRunner* runner_;
};

}  // namespace hs::ui

Q_DECLARE_METATYPE(hs::ui::GenerationOutcome)
