#pragma once
// Attaches the LLM features to the main window: the question bar above the editor, the LLM log
// dock, Query > Generate SQL and Settings > LLM endpoints, and the highlighting of the gold-free
// findings of generated SQL in the editor.
#include <QObject>

class QAction;
class QDockWidget;

namespace hs::ui {

class GenerationController;
class LlmLogModel;
class LlmLogPanel;
class MainWindow;
class QuestionBar;
struct GenerationOutcome;

class LlmController : public QObject {
  Q_OBJECT
 public:
  explicit LlmController(MainWindow* window);

  QuestionBar* questionBar() const { return bar_; }
  LlmLogModel* log() const { return log_; }
  GenerationController* generation() const { return generation_; }
  QDockWidget* logDock() const { return logDock_; }

  // Where transcripts and the cache go ("" = a cache file in the data folder).
  void setWorkspacePath(const QString& path);

 private:
  void generate(const QString& question, const QString& evidence);
  void onFinished(const GenerationOutcome& outcome);
  void openSettings();
  void retranslate();
  bool eventFilter(QObject* watched, QEvent* event) override;

  MainWindow* window_;
  LlmLogModel* log_;
  GenerationController* generation_;
  QuestionBar* bar_;
  LlmLogPanel* panel_;
  QDockWidget* logDock_;
  QAction* generateAction_;
  QAction* settingsAction_;
};

}  // namespace hs::ui
