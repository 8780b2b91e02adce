#pragma once
// The Review tab's controller: which workspace is open (remembered across restarts), importing a
// benchmark run through the import dialog, evaluating runs in the background, and evaluating the
// bundled demo run the first time it is shown. The main window only forwards its actions here.
#include <QObject>
#include <QString>

#include <functional>

class QWidget;

namespace hs::ui {

class EvaluationController;
class ImportDialog;
class RunActions;
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

  // Whether the open workspace is the bundled demo (imports then ask for a workspace of their own).
  bool isDemoWorkspace() const;
  // Writes a copy of the open workspace to `path` (replacing a workspace there when `replace`) and
  // continues in the copy. Returns false and emits message() when it cannot.
  bool saveWorkspaceAs(const QString& path, bool replace);

  // A run of the same name exists already: what to do with the new one.
  enum class DuplicateChoice { Replace, KeepBoth, Cancel };
  // Asked when an import would create a second run of an existing name (tests replace it; the
  // default asks with a message box).
  std::function<DuplicateChoice(const QString& name)> askDuplicate;
  // Asked for a file to save to (New Workspace, Save As, a workspace for an import from the demo);
  // the default shows a file dialog. Returns "" when the user cancels.
  std::function<QString(const QString& title, const QString& suggested)> askSavePath;

  RunActions* runActions() const { return runActions_; }

  // Before an import: true when a workspace of the user's is open; with none, or with the bundled
  // demo open, asks where to create one (the demo stays unchanged) and opens it.
  bool ensureWorkspace();

  static QString lastWorkspaceSetting();

 public slots:
  void chooseWorkspace();  // File ▸ Open Workspace…
  void importBenchmark();  // File ▸ Import Benchmark Run…
  void newWorkspace();     // File ▸ New Workspace…
  void saveWorkspaceAs();  // File ▸ Save Workspace As…
  void exportReport();     // File ▸ Export Report…

 signals:
  void workspaceChanged(const QString& path);
  void settled();  // an evaluation finished (or nothing had to run)
  void message(const QString& text);

 private:
  void onImported(const ImportResult& result);
  void onEvaluated(const EvaluationResult& result);
  bool chooseNewWorkspace(const QString& title);
  QString savePath(const QString& title, const QString& suggested);

  QWidget* window_;
  EvaluationController* evaluation_;
  ReviewPanel* panel_;
  RunActions* runActions_;
  qint64 replaceRunId_ = 0;  // the run an import replaces once it is stored
  ReviewTeamActions* team_ = nullptr;
  bool evaluateNext_ = false;
  QString pendingDbRoot_;
};

}  // namespace hs::ui
