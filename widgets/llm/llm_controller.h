#pragma once
// Attaches the LLM features to the shell: the question bar above the editor, the LLM log dock,
// Query > Generate SQL, Settings > LLM Endpoints and Prompts, the model switcher in the toolbar,
// and the gold-free findings of generated SQL and of SQL the user runs, highlighted in the editor
// (widgets/llm/editor_findings.h). What it shows
// belongs to the session: a new database clears it and drops answers still on their way.
#include <QObject>
#include <QString>

#include <memory>

#include "widgets/page.h"

class QAction;
class QDockWidget;

namespace hs::ui {

class EditorFindings;
class GenerationController;
class LlmLogModel;
class LlmLogPanel;
class ProfileSwitcher;
class QuestionBar;
class Session;
class Shell;
struct GenerationOutcome;

class LlmController : public QObject, public StartListener {
  Q_OBJECT
 public:
  explicit LlmController(Shell& shell);

  QuestionBar* questionBar() const { return bar_; }
  LlmLogModel* log() const { return log_; }
  GenerationController* generation() const { return generation_; }
  ProfileSwitcher* profiles() const { return switcher_; }
  QAction* generateAction() const { return generateAction_; }
  QAction* abstainAction() const { return abstainAction_; }
  QAction* verifierAction() const { return verifierAction_; }
  QAction* classifierAction() const { return classifierAction_; }
  // The findings in the editor, and the check of the SQL the user runs from it.
  EditorFindings* findings() const { return findings_; }

  // Asks the model for SQL the way the question bar's Generate does (its findings highlighted, the
  // SQL run); the outcome comes through generation()->finished. False when the model was not asked
  // (no database, no question, a question still running): the bar says why.
  bool generate(const QString& question, const QString& evidence);
  // Puts `question` in the question bar and generates, as if the user had typed it and pressed
  // Generate (the start-up's --ask).
  bool ask(const QString& question);

  // StartListener: --ask, asked once the database given on the command line is open.
  void applyStartOptions(const StartOptions& options) override;
  bool isSettled() const override { return !asking_; }

 private:
  void onFinished(const GenerationOutcome& outcome);
  // Puts the generated SQL in the editor with its findings; `run` runs it as well.
  void present(const GenerationOutcome& outcome, bool run);
  // After an abstention that kept the SQL: shows it (not run) when the user asks.
  void reveal();
  void onSessionChanged(const Session& now, bool databaseChanged);
  void clearFindings();
  void openSettings();
  void retranslate();
  bool eventFilter(QObject* watched, QEvent* event) override;

  Shell& shell_;
  LlmLogModel* log_;
  GenerationController* generation_;
  QuestionBar* bar_;
  LlmLogPanel* panel_;
  QDockWidget* logDock_;
  ProfileSwitcher* switcher_;
  QAction* generateAction_;
  QAction* settingsAction_;
  QAction* abstainAction_;
  QAction* classifierAction_;
  QAction* verifierAction_;
  EditorFindings* findings_;
  std::shared_ptr<GenerationOutcome> hidden_;  // the SQL of the last abstention, until revealed
  quint64 askedIn_ = 0;                        // the session the running question was asked in
  QString lastGenerated_;                      // the SQL the last answer put in the editor
  QString asked_;                              // the question of the last answer
  bool asking_ = false;                        // ask() sent a question whose answer has not come
};

}  // namespace hs::ui
