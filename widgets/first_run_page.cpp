#include "widgets/first_run_page.h"

#include <QApplication>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QStyle>
#include <QTimer>
#include <QVBoxLayout>

#include "widgets/app_settings.h"

namespace hs::ui {

namespace {
constexpr int kPathRole = Qt::UserRole + 1;
constexpr int kIsWorkspaceRole = Qt::UserRole + 2;
}  // namespace

FirstRunPage::FirstRunPage(QWidget* parent)
    : QWidget(parent),
      title_(new QLabel(this)),
      pitch_(new QLabel(this)),
      open_(new QPushButton(style()->standardIcon(QStyle::SP_DialogOpenButton), QString(), this)),
      demo_(new QPushButton(this)),
      workspace_(new QPushButton(this)),
      recentTitle_(new QLabel(this)),
      recent_(new QListWidget(this)),
      noRecent_(new QLabel(this)),
      hint_(new QLabel(this)) {
  setObjectName(QStringLiteral("firstRunPage"));
  QFont big = title_->font();
  big.setPointSizeF(big.pointSizeF() * 1.8);
  big.setBold(true);
  title_->setFont(big);
  pitch_->setWordWrap(true);
  pitch_->setTextFormat(Qt::RichText);
  open_->setObjectName(QStringLiteral("firstRunOpen"));
  demo_->setObjectName(QStringLiteral("firstRunDemo"));
  workspace_->setObjectName(QStringLiteral("firstRunWorkspace"));
  open_->setDefault(true);
  QFont bold = recentTitle_->font();
  bold.setBold(true);
  recentTitle_->setFont(bold);
  recent_->setObjectName(QStringLiteral("firstRunRecent"));
  recent_->setMaximumHeight(220);
  recent_->setAlternatingRowColors(true);
  hint_->setWordWrap(true);
  noRecent_->setWordWrap(true);
  noRecent_->setStyleSheet(QStringLiteral("color: #606060; font-style: italic;"));
  hint_->setStyleSheet(QStringLiteral("color: #606060;"));

  auto* buttons = new QHBoxLayout;
  buttons->addWidget(open_);
  buttons->addWidget(demo_);
  buttons->addWidget(workspace_);
  buttons->addStretch();

  auto* column = new QVBoxLayout;
  column->setSpacing(12);
  column->addWidget(title_);
  column->addWidget(pitch_);
  column->addLayout(buttons);
  column->addSpacing(8);
  column->addWidget(recentTitle_);
  column->addWidget(recent_);
  column->addWidget(noRecent_);
  column->addWidget(hint_);
  column->addStretch();

  // A readable column, centred, whatever the window's width.
  auto* outer = new QHBoxLayout(this);
  outer->setContentsMargins(24, 32, 24, 16);
  outer->addStretch(1);
  auto* holder = new QWidget(this);
  holder->setLayout(column);
  holder->setMaximumWidth(720);
  outer->addWidget(holder, 4);
  outer->addStretch(1);

  connect(open_, &QPushButton::clicked, this, &FirstRunPage::openDatabaseRequested);
  connect(demo_, &QPushButton::clicked, this, &FirstRunPage::openDemoRequested);
  connect(workspace_, &QPushButton::clicked, this, &FirstRunPage::openWorkspaceRequested);
  connect(recent_, &QListWidget::itemActivated, this, &FirstRunPage::onActivated);
  connect(recent_, &QListWidget::itemClicked, this, &FirstRunPage::onActivated);
  retranslate();
}

void FirstRunPage::refresh() {
  recent_->clear();
  const QStringList workspaces = AppSettings::recentWorkspaces();
  const QStringList databases = AppSettings::recentFiles();
  auto add = [this](const QString& path, bool workspace) {
    const QString label = workspace ? tr("Workspace: %1").arg(QFileInfo(path).fileName())
                                    : tr("Database: %1").arg(QFileInfo(path).fileName());
    auto* item = new QListWidgetItem(label, recent_);
    item->setToolTip(QDir::toNativeSeparators(path));
    item->setData(kPathRole, path);
    item->setData(kIsWorkspaceRole, workspace);
    item->setIcon(style()->standardIcon(workspace ? QStyle::SP_DirIcon : QStyle::SP_FileIcon));
  };
  for (const QString& w : workspaces) add(w, true);
  for (const QString& d : databases) add(d, false);
  const bool any = recent_->count() > 0;
  recent_->setVisible(any);
  noRecent_->setVisible(!any);
}

void FirstRunPage::onActivated(QListWidgetItem* item) {
  if (!item) return;
  const QString path = item->data(kPathRole).toString();
  if (item->data(kIsWorkspaceRole).toBool())
    emit recentWorkspaceChosen(path);
  else
    emit recentDatabaseChosen(path);
}

void FirstRunPage::retranslate() {
  title_->setText(tr("HalluSQL"));
  pitch_->setText(
      tr("<p>Catch the mistakes in SQL written by large language models.</p>"
         "<ul><li>Ask a question about a SQLite database; the model writes SQL, HalluSQL runs it "
         "read-only and marks the suspicious parts.</li>"
         "<li>Without a gold answer: follow-up questions whose answers must agree expose "
         "inconsistent SQL.</li>"
         "<li>With a benchmark: import a run, score it, and review every failure by "
         "hallucination category.</li></ul>"));
  open_->setText(tr("Open a Database…"));
  open_->setToolTip(tr("Open a SQLite database, read-only (Ctrl+O)"));
  demo_->setText(tr("Open the Demo"));
  demo_->setToolTip(tr("A small database with a sample question and a benchmark run to review"));
  workspace_->setText(tr("Open a Workspace…"));
  workspace_->setToolTip(tr("A HalluSQL workspace (*.hallusql) with benchmark runs"));
  recentTitle_->setText(tr("Recent databases and workspaces"));
  noRecent_->setText(tr("Nothing opened yet: the databases and workspaces you open will be listed here."));
  hint_->setText(
      tr("You can also drop a database file on this window. Help > Quick Guide shows the main "
         "steps."));
  refresh();
}

void FirstRunPage::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

void FirstRunPage::showEvent(QShowEvent* event) {
  refresh();
  QWidget::showEvent(event);
  // The keyboard starts on the page's first action (Space opens a database) rather than nowhere:
  // the first Tab only reached it.
  QTimer::singleShot(0, this, [this]() {
    if (isVisible() && !isAncestorOf(QApplication::focusWidget())) open_->setFocus(Qt::OtherFocusReason);
  });
}

}  // namespace hs::ui
