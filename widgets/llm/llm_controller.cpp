#include "widgets/llm/llm_controller.h"

#include <QAction>
#include <QDockWidget>
#include <QEvent>
#include <QLayout>
#include <QMenu>
#include <QStatusBar>
#include <QVBoxLayout>

#include "engine/core/finding.h"
#include "engine/core/finding_categories.h"
#include "widgets/database_controller.h"
#include "widgets/indicator_registry.h"
#include "widgets/llm/generation_controller.h"
#include "widgets/llm/llm_log_model.h"
#include "widgets/llm/llm_log_panel.h"
#include "widgets/llm/llm_settings_dialog.h"
#include "widgets/llm/question_bar.h"
#include "widgets/main_window.h"
#include "widgets/review/case_finding_styles.h"
#include "widgets/span_highlighter.h"
#include "widgets/sql_editor.h"

namespace hs::ui {
namespace {

// The style of a finding comes from the engine's category table through FindingStyles, exactly as
// in the Review case view.
FindingStyleGroup groupOf(const GeneratedFinding& g) {
  hs::Finding f;
  f.taxonomy = g.taxonomy.toStdString();
  f.category = g.category.toStdString();
  return FindingStyles::groupOf(f);
}

}  // namespace

LlmController::LlmController(MainWindow* window)
    : QObject(window),
      window_(window),
      log_(new LlmLogModel(this)),
      generation_(new GenerationController(log_, this)),
      bar_(new QuestionBar),
      panel_(new LlmLogPanel(log_)),
      logDock_(new QDockWidget(window)),
      generateAction_(new QAction(this)),
      settingsAction_(new QAction(this)) {
  // The question bar sits above the editor (in the Query tab when the window has tabs).
  QWidget* host = window->editor()->parentWidget();
  if (auto* layout = qobject_cast<QVBoxLayout*>(host ? host->layout() : nullptr)) {
    layout->insertWidget(0, bar_);
  }
  bar_->setStatus({});
  logDock_->setObjectName(QStringLiteral("llmLogDock"));
  logDock_->setWidget(panel_);
  window->addDockWidget(Qt::BottomDockWidgetArea, logDock_);
  if (auto* results = window->findChild<QDockWidget*>(QStringLiteral("resultsDock"))) {
    window->tabifyDockWidget(results, logDock_);
    results->raise();
  }
  const auto& actions = window->actions();
  actions.viewMenu->addAction(logDock_->toggleViewAction());
  actions.queryMenu->addSeparator();
  actions.queryMenu->addAction(generateAction_);
  actions.queryMenu->addAction(settingsAction_);

  connect(bar_, &QuestionBar::generateRequested, this, &LlmController::generate);
  connect(bar_, &QuestionBar::cancelRequested, generation_, &GenerationController::cancel);
  connect(generation_, &GenerationController::busyChanged, bar_, &QuestionBar::setBusy);
  connect(generation_, &GenerationController::finished, this, &LlmController::onFinished);
  connect(generateAction_, &QAction::triggered, this,
          [this]() { generate(bar_->question(), bar_->evidence()); });
  connect(settingsAction_, &QAction::triggered, this, &LlmController::openSettings);
  window->installEventFilter(this);
  retranslate();
}

void LlmController::setWorkspacePath(const QString& path) {
  generation_->setWorkspacePath(path);
}

void LlmController::generate(const QString& question, const QString& evidence) {
  const QString db = window_->databases()->path();
  if (db.isEmpty()) {
    bar_->setStatus(tr("Open a database first: the model writes SQL for the open database."), true);
    return;
  }
  if (question.trimmed().isEmpty()) {
    bar_->setStatus(tr("Type a question about the open database first."), true);
    return;
  }
  bar_->setStatus(tr("Asking the model ..."));
  generation_->generate(db, question, evidence);
}

void LlmController::onFinished(const GenerationOutcome& outcome) {
  if (!outcome.ok) {
    bar_->setStatus(outcome.error, true);
    return;
  }
  SqlEditor* editor = window_->editor();
  editor->setText(outcome.sql);
  SpanHighlighter* highlighter = editor->highlighter();
  for (const hs::FindingStyleInfo& style : hs::findingStyles())
    highlighter->clear(QStringLiteral("finding-") +
                       QString::fromUtf8(style.key.data(), qsizetype(style.key.size())));
  QStringList categories;
  for (const auto& f : outcome.findings) {
    const FindingStyleGroup family = groupOf(f);
    editor->indicators()->indicator(family.key, family.style);
    highlighter->highlight(family.key, f.begin, f.end, QStringLiteral("%1: %2").arg(f.category, f.message));
    if (!categories.contains(f.category)) categories << f.category;
  }
  QString status = outcome.findings.isEmpty()
                       ? tr("Generated SQL; the gold-free checks found nothing suspicious.")
                       : tr("Generated SQL with %n finding(s): %1. Hover a highlighted span for the reason.",
                            nullptr, int(outcome.findings.size()))
                             .arg(categories.join(QStringLiteral(", ")));
  status += " " + tr("Risk %1.").arg(outcome.risk, 0, 'f', 2);
  if (outcome.resultRows >= 0) status += " " + tr("%n row(s).", nullptr, int(outcome.resultRows));
  if (!outcome.executionError.isEmpty())
    status += " " + tr("It does not run: %1").arg(outcome.executionError);
  bar_->setStatus(status, !outcome.findings.isEmpty() || !outcome.executionError.isEmpty());
  if (outcome.executionError.isEmpty()) window_->runQuery();
}

void LlmController::openSettings() {
  LlmSettingsDialog dialog(log_, window_);
  if (dialog.exec() == QDialog::Accepted) generation_->reloadSettings();
}

void LlmController::retranslate() {
  logDock_->setWindowTitle(tr("LLM log"));
  generateAction_->setText(tr("&Generate SQL from the question (Ctrl+G)"));
  settingsAction_->setText(tr("LLM &endpoints and prompts..."));
}

bool LlmController::eventFilter(QObject* watched, QEvent* event) {
  if (watched == window_ && event->type() == QEvent::LanguageChange) retranslate();
  return QObject::eventFilter(watched, event);
}

}  // namespace hs::ui
