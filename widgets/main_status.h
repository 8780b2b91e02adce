#pragma once
// The main window's status bar: a message on the left; on the right the items features add, the
// running job (its name, a busy bar and the time since it started, ticking), the rows and the
// time of the last query, then the open database and the workspace in use, each on its own.
#include <QObject>
#include <QString>

#include <functional>

class QLabel;
class QProgressBar;
class QStatusBar;
class QTimer;
class QWidget;

namespace hs::ui {

class JobRunner;

class MainStatus : public QObject {
  Q_OBJECT
 public:
  MainStatus(QStatusBar* bar, JobRunner* runner, QObject* parent = nullptr);

  void setMessage(const QString& text);
  // A message written in the current language: shown again in the new one after a switch.
  void setTranslatedMessage(std::function<QString()> text);
  void setRows(const QString& text);
  void setTime(const QString& text);
  // The last query's time written in the current language: shown again in the new one after a switch.
  void setTranslatedTime(std::function<QString()> text);
  QString rows() const;
  QString elapsedText() const;  // "" when idle
  void clear();                 // message, rows and time
  void addItem(QWidget* item);  // permanent, left of the job indicator
  // The database open in the Query tab and the workspace open in the Review tab, named apart (the
  // message said "Opened x · Workspace: y" as if y held x); an empty path hides its item.
  void setPlaces(const QString& databasePath, const QString& workspacePath);
  // The last query's rows and time belong to the Query tab: hidden while another tab is shown.
  void setQueryFiguresShown(bool shown);
  void retranslate();

 private:
  void setBusy(bool busy);
  void tick();
  void showPlaces();

  QStatusBar* bar_;
  JobRunner* runner_;
  QLabel* message_;
  QLabel* job_;
  QProgressBar* busyBar_;
  QLabel* elapsed_;
  QLabel* rows_;
  QLabel* time_;
  QLabel* database_;
  QLabel* workspace_;
  QString databasePath_, workspacePath_;
  QTimer* ticker_;
  std::function<QString()> messageText_;  // empty for a fixed message
  std::function<QString()> timeText_;     // empty for a fixed time
  bool queryFigures_ = true;
};

}  // namespace hs::ui
