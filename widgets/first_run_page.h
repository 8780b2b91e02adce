#pragma once
// What the Query tab shows while no database is open: what HalluSQL does in three lines, Open a
// database, Open the demo, and the recent databases and workspaces, each one click away.
#include <QWidget>

class QLabel;
class QListWidget;
class QListWidgetItem;
class QPushButton;

namespace hs::ui {

class FirstRunPage : public QWidget {
  Q_OBJECT
 public:
  explicit FirstRunPage(QWidget* parent = nullptr);

  // Re-reads the recent databases and workspaces from the settings.
  void refresh();

 signals:
  void openDatabaseRequested();
  void openDemoRequested();
  void openWorkspaceRequested();
  void recentDatabaseChosen(const QString& path);
  void recentWorkspaceChosen(const QString& path);

 protected:
  void changeEvent(QEvent* event) override;
  void showEvent(QShowEvent* event) override;

 private:
  void retranslate();
  void onActivated(QListWidgetItem* item);

  QLabel* title_;
  QLabel* pitch_;
  QPushButton* open_;
  QPushButton* demo_;
  QPushButton* workspace_;
  QLabel* recentTitle_;
  QListWidget* recent_;
  QLabel* noRecent_;
  QLabel* hint_;
};

}  // namespace hs::ui
