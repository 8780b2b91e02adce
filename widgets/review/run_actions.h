#pragma once
// What can be done to a benchmark run from the Review tab's run chooser (its "Run" menu button and
// its context menu): rename, delete (with confirmation), set or change the database folder, and
// the run settings Evaluate applies: "Compare results ignoring column order" and "Learned C1..C10
// labels". The workspace's
// tables are changed only through engine/workspace (hs::ws::Workspace).
#include <QObject>
#include <QString>

#include <functional>

class QAction;
class QMenu;
class QWidget;

namespace hs::ui {

class EvaluationController;
class ReviewPanel;

class RunActions : public QObject {
  Q_OBJECT
 public:
  RunActions(ReviewPanel* panel, EvaluationController* evaluation, QWidget* dialogParent, QObject* parent);

  QMenu* menu() const { return menu_; }
  QAction* renameAction() const { return rename_; }
  QAction* deleteAction() const { return delete_; }
  QAction* databaseFolderAction() const { return folder_; }
  QAction* ignoreColumnOrderAction() const { return ignoreOrder_; }
  QAction* learnedTypesAction() const { return learned_; }

  // The operations, on a run of the panel's workspace (false and message() when they cannot run).
  bool renameRun(qint64 runId, const QString& name);
  bool deleteRun(qint64 runId);
  bool setDatabaseFolder(qint64 runId, const QString& dir);
  bool setIgnoreColumnOrder(qint64 runId, bool on);
  bool setLearnedTypes(qint64 runId, bool on);
  // The run's settings as stored ("" / false when absent).
  QString databaseFolder(qint64 runId) const;
  bool ignoresColumnOrder(qint64 runId) const;
  bool usesLearnedTypes(qint64 runId) const;

  // The questions the actions ask; tests replace them (defaults: input, message and folder dialogs).
  std::function<QString(const QString& current)> askName;
  std::function<bool(const QString& name, int cases)> askDelete;
  std::function<QString(const QString& current)> askFolder;

 signals:
  void message(const QString& text);

 private:
  void retranslate();
  void updateState();
  bool eventFilter(QObject* watched, QEvent* event) override;
  // Stores a run setting as JSON ("" removes it) and says what Evaluate will do with it.
  bool setRunFlag(qint64 runId, const char* key, const char* jsonValue, const QString& done);
  // The run's settings JSON as stored ("" when the run or the workspace cannot be read).
  std::string runSettings(qint64 runId) const;

  ReviewPanel* panel_;
  EvaluationController* evaluation_;
  QWidget* dialogParent_;
  QMenu* menu_;
  QAction* rename_;
  QAction* delete_;
  QAction* folder_;
  QAction* ignoreOrder_;
  QAction* learned_;
};

}  // namespace hs::ui
