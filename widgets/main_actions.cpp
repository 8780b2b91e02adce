#include "widgets/main_actions.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QStyle>
#include <QToolBar>

#include "widgets/language_controller.h"

namespace hs::ui {

void MainActions::create(QMainWindow* w) {
  QStyle* style = w->style();
  fileMenu = w->menuBar()->addMenu(QString());
  open = fileMenu->addAction(style->standardIcon(QStyle::SP_DialogOpenButton), QString());
  open->setShortcut(QKeySequence::Open);
  recentMenu = fileMenu->addMenu(QString());
  openDemo = fileMenu->addAction(QString());
  fileMenu->addSeparator();
  newWorkspace = fileMenu->addAction(QString());
  openWorkspace = fileMenu->addAction(QString());
  saveWorkspaceAs = fileMenu->addAction(QString());
  saveWorkspaceAs->setShortcut(QKeySequence::SaveAs);
  importRun = fileMenu->addAction(QString());
  exportReport = fileMenu->addAction(QString());
  fileEnd = fileMenu->addSeparator();
  closeDb = fileMenu->addAction(QString());
  closeDb->setShortcut(QKeySequence::Close);
  fileMenu->addSeparator();
  quit = fileMenu->addAction(QString());
  quit->setShortcut(QKeySequence::Quit);
  quit->setMenuRole(QAction::QuitRole);
  clearRecent = new QAction(w);

  queryMenu = w->menuBar()->addMenu(QString());
  run = queryMenu->addAction(style->standardIcon(QStyle::SP_MediaPlay), QString());
  run->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter)});
  run->setShortcutContext(Qt::WindowShortcut);
  cancel = queryMenu->addAction(style->standardIcon(QStyle::SP_MediaStop), QString());
  cancel->setShortcut(QKeySequence(Qt::Key_Escape));
  cancel->setShortcutContext(Qt::WindowShortcut);
  cancel->setEnabled(false);

  viewMenu = w->menuBar()->addMenu(QString());
  nextTab = viewMenu->addAction(QString());
  nextTab->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Tab), QKeySequence(Qt::CTRL | Qt::Key_PageDown)});
  nextTab->setShortcutContext(Qt::WindowShortcut);
  prevTab = viewMenu->addAction(QString());
  // Shift+Tab arrives as Backtab; the menu shows the first sequence, as people write it.
  prevTab->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab),
                         QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Backtab),
                         QKeySequence(Qt::CTRL | Qt::Key_PageUp)});
  prevTab->setShortcutContext(Qt::WindowShortcut);
  nextPane = viewMenu->addAction(QString());
  nextPane->setShortcut(QKeySequence(Qt::Key_F6));
  nextPane->setShortcutContext(Qt::WindowShortcut);
  prevPane = viewMenu->addAction(QString());
  prevPane->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F6));
  prevPane->setShortcutContext(Qt::WindowShortcut);
  viewMenu->addSeparator();
  settingsMenu = w->menuBar()->addMenu(QString());
  languageMenu = settingsMenu->addMenu(QString());
  languages = new QActionGroup(w);
  langEnglish = languageMenu->addAction(LanguageController::nativeName(QStringLiteral("en")));
  langEnglish->setData(QStringLiteral("en"));
  langChinese = languageMenu->addAction(LanguageController::nativeName(QStringLiteral("zh_CN")));
  langChinese->setData(QStringLiteral("zh_CN"));
  for (QAction* a : {langEnglish, langChinese}) {
    a->setCheckable(true);
    languages->addAction(a);
  }
  settingsMenu->addSeparator();

  helpMenu = w->menuBar()->addMenu(QString());
  guide = helpMenu->addAction(style->standardIcon(QStyle::SP_DialogHelpButton), QString());
  guide->setShortcut(QKeySequence::HelpContents);
  helpMenu->addSeparator();
  about = helpMenu->addAction(QString());

  toolBar = w->addToolBar(QString());
  toolBar->setObjectName(QStringLiteral("mainToolBar"));
  toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  toolBar->setMovable(false);
  toolBar->addAction(open);
  toolBar->addSeparator();
  toolBar->addAction(run);
  toolBar->addAction(cancel);
  retranslate();
}

void MainActions::retranslate() {
  fileMenu->setTitle(tr("&File"));
  open->setText(tr("&Open Database…"));
  open->setToolTip(tr("Open a SQLite database (read-only)"));
  recentMenu->setTitle(tr("Open &Recent"));
  openDemo->setText(tr("Open &Demo Database"));
  openWorkspace->setText(tr("Open &Workspace…"));
  openWorkspace->setToolTip(tr("Open a HalluSQL workspace (*.hallusql) with benchmark runs"));
  newWorkspace->setText(tr("&New Workspace…"));
  newWorkspace->setToolTip(tr("Create an empty HalluSQL workspace file for benchmark runs and reviews"));
  saveWorkspaceAs->setText(tr("Save Workspace &As…"));
  saveWorkspaceAs->setToolTip(
      tr("Write a copy of the open workspace to a new file and continue in the copy"));
  exportReport->setText(tr("&Export Report…"));
  exportReport->setToolTip(tr("Write a review report of a run as HTML, PDF, CSV or JSON Lines"));
  importRun->setText(tr("&Import Benchmark Run…"));
  importRun->setToolTip(tr("Import the output of a text-to-SQL system on a benchmark into the workspace"));
  closeDb->setText(tr("&Close Database"));
  clearRecent->setText(tr("Clear Recent Files"));
  quit->setText(tr("&Quit"));
  queryMenu->setTitle(tr("&Query"));
  run->setText(tr("&Run"));
  run->setToolTip(tr("Run the selection, the statement under the cursor, or everything (Ctrl+Enter)"));
  cancel->setText(tr("&Cancel"));
  cancel->setToolTip(tr("Cancel the running query (Esc)"));
  viewMenu->setTitle(tr("&View"));
  nextTab->setText(tr("&Next Tab"));
  prevTab->setText(tr("&Previous Tab"));
  nextPane->setText(tr("Next P&ane"));
  nextPane->setToolTip(
      tr("Move the keyboard focus to the next part of the Query tab: question, "
         "editor, results, schema"));
  prevPane->setText(tr("Previous Pan&e"));
  settingsMenu->setTitle(tr("&Settings"));
  languageMenu->setTitle(tr("&Language"));
  helpMenu->setTitle(tr("&Help"));
  guide->setText(tr("&Quick Guide"));
  about->setText(tr("&About HalluSQL"));
  toolBar->setWindowTitle(tr("Main Toolbar"));
}

}  // namespace hs::ui
