#pragma once
// The Review tab's controller: which workspace is open (remembered across restarts), importing a
// benchmark run through the import dialog, evaluating runs in the background, and evaluating the
// bundled demo run the first time it is shown. The main window only forwards its actions here.
#include <QObject>
#include <QString>

class QWidget;

namespace hs::ui {

class EvaluationController;
class ImportDialog;
class ReviewPanel;
class ReviewTeamActions;
class Shell;
struct EvaluationResult;
struct ImportResult;

class ReviewController : public QObject {
  Q_OBJECT
 public:
  // `window` parents the dialogs; the panel is created here and placed by the caller.
  explicit ReviewController(QWidget* window);
  ~ReviewController() override;

  ReviewPanel* panel() const { return panel_; }
  EvaluationController* evaluation() const { return evaluation_; }
  QString workspacePath() const;
  // Attaches the reviewer exchange and the adjudication view (menus through the shell).
  void attachTeam(Shell& shell);
  ReviewTeamActions* team() const { return team_; }

  // Opens (or, with create, creates) a workspace, shows its runs and remembers it for the next
  // start. Returns false and shows the reason when it cannot.
  bool openWorkspace(const QString& path, bool create = false);
  // Reopens the workspace of the last session, when there was one and it still exists.
  bool restoreLastWorkspace();
  // Opens the demo workspace and evaluates its run in the background if it has no results yet.
  bool openDemoWorkspace(const QString& path);

  // Stores the dialog's cases as a new run of the open workspace and, if asked, evaluates it.
  bool importFromDialog(ImportDialog& dialog);

  // No evaluation is running or about to start (for screenshots and tests).
  bool isSettled() const;

  static QString lastWorkspaceSetting();

 public slots:
  void chooseWorkspace();  // File ▸ Open Workspace…
  void importBenchmark();  // File ▸ Import Benchmark Run…

 signals:
  void workspaceChanged(const QString& path);
  void settled();  // an evaluation finished (or nothing had to run)
  void message(const QString& text);

 private:
  void onImported(const ImportResult& result);
  void onEvaluated(const EvaluationResult& result);
  bool ensureWorkspace();

  QWidget* window_;
  EvaluationController* evaluation_;
  ReviewPanel* panel_;
  ReviewTeamActions* team_ = nullptr;
  bool evaluateNext_ = false;
  QString pendingDbRoot_;
};

}  // namespace hs::ui
