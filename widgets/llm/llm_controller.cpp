#include "widgets/llm/llm_controller.h"

#include <QAction>
#include <QDockWidget>
#include <QEvent>
#include <QLayout>
#include <QMenu>
#include <QStatusBar>
#include <QVBoxLayout>

#include "widgets/database_controller.h"
#include "widgets/indicator_registry.h"
#include "widgets/llm/generation_controller.h"
#include "widgets/llm/llm_log_model.h"
#include "widgets/llm/llm_log_panel.h"
#include "widgets/llm/llm_settings_dialog.h"
#include "widgets/llm/question_bar.h"
#include "widgets/main_window.h"
#include "widgets/span_highlighter.h"
#include "widgets/sql_editor.h"

namespace hs::ui {
namespace {

// One indicator per family of gold-free checks, so the legend stays short.
struct FindingFamily {
  const char* indicator;
  IndicatorStyle style;
};

FindingFamily familyOf(const QString& category) {
  if (category == "unresolved_name" || category == "ambiguous_name" || category == "quoted_identifier") {
    return {"finding-schema", {7, QColor(0xd0, 0x30, 0x30), 70, true}};
  }
  if (category == "value_absent" || category == "value_case") {
    return {"finding-value", {7, QColor(0x8e, 0x44, 0xad), 70, true}};
  }
  if (category.startsWith("cue_")) return {"finding-cue", {1, QColor(0x20, 0x6f, 0xd0), 0, true}};
  if (category.endsWith("_result") || category == "execution_error") {
    return {"finding-result", {7, QColor(0x70, 0x70, 0x70), 60, true}};
  }
  return {"finding-logic", {7, QColor(0xe6, 0x7e, 0x22), 80, true}};
}

constexpr const char* kFamilies[] = {"finding-schema", "finding-value", "finding-cue", "finding-result",
                                     "finding-logic"};

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
  for (const char* name : kFamilies) highlighter->clear(QString::fromLatin1(name));
  QStringList categories;
  for (const auto& f : outcome.findings) {
    const FindingFamily family = familyOf(f.category);
    editor->indicators()->indicator(QString::fromLatin1(family.indicator), family.style);
    highlighter->highlight(QString::fromLatin1(family.indicator), f.begin, f.end,
                           QStringLiteral("%1: %2").arg(f.category, f.message));
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
