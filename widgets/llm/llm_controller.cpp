#include "widgets/llm/llm_controller.h"

#include <QAction>
#include <QDockWidget>
#include <QEvent>
#include <QMenu>

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>

#include "engine/sql/parser.h"
#include "engine/sql/printer.h"
#include "widgets/error_text.h"
#include "widgets/llm/abstain_preferences.h"
#include "widgets/llm/editor_findings.h"
#include "widgets/llm/generation_controller.h"
#include "widgets/llm/llm_log_model.h"
#include "widgets/llm/llm_log_panel.h"
#include "widgets/llm/llm_settings_dialog.h"
#include "widgets/llm/profile_switcher.h"
#include "widgets/llm/question_bar.h"
#include "widgets/session.h"
#include "widgets/shell.h"
#include "widgets/sql_editor.h"

namespace hs::ui {
namespace {

// What the question bar shows of an outcome's text: worded again on a language switch when the
// outcome can (`words`), else the text as it was.
std::function<QString()> wordsOf(const std::function<QString()>& words, const QString& text) {
  return words ? words : std::function<QString()>([text] { return text; });
}

// The model's SQL laid out for reading (engine/sql printPretty), with a way to move its byte
// offsets into the laid-out text. SQL that does not parse is shown as the model wrote it.
struct ShownSql {
  QString text;
  std::function<std::optional<std::pair<int, int>>(int, int)> map;
};

ShownSql layOut(const QString& sql) {
  const std::string raw = sql.toStdString();
  auto tree = hs::sql::parseSelect(raw);
  if (!tree) {
    return {sql, [](int b, int e) { return std::optional<std::pair<int, int>>({b, e}); }};
  }
  auto pretty = std::make_shared<hs::sql::PrettySql>(hs::sql::printPretty(*tree.value()));
  ShownSql shown;
  shown.text = QString::fromStdString(pretty->text);
  shown.map = [pretty](int b, int e) -> std::optional<std::pair<int, int>> {
    const auto at = pretty->map(hs::sql::Span{std::size_t(std::max(0, b)), std::size_t(std::max(b, e))});
    if (!at) return std::nullopt;
    return std::pair<int, int>(int(at->begin), int(at->end));
  };
  return shown;
}

}  // namespace

LlmController::LlmController(Shell& shell)
    : QObject(shell.dialogParent()),
      shell_(shell),
      log_(new LlmLogModel(this)),
      generation_(new GenerationController(log_, this)),
      bar_(new QuestionBar),
      panel_(new LlmLogPanel(log_)),
      logDock_(new QDockWidget(shell.dialogParent())),
      switcher_(new ProfileSwitcher),
      generateAction_(new QAction(this)),
      settingsAction_(new QAction(this)),
      abstainAction_(new QAction(this)),
      classifierAction_(new QAction(this)),
      verifierAction_(new QAction(this)),
      findings_(new EditorFindings(shell, bar_, this)) {
  QWidget* window = shell.dialogParent();
  shell.addBarAboveEditor(bar_);
  bar_->setStatus({});
  logDock_->setObjectName(QStringLiteral("llmLogDock"));
  logDock_->setWidget(panel_);
  shell.addDock(logDock_, Shell::DockPlace::WithResults);
  shell.addToolBarWidget(switcher_);
  generateAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_G));
  generateAction_->setShortcutContext(Qt::WidgetShortcut);  // the question bar owns Ctrl+G
  shell.addMenuSeparator(Shell::Menu::Query);
  shell.addMenuAction(Shell::Menu::Query, generateAction_);
  shell.addMenuAction(Shell::Menu::Settings, settingsAction_);
  // Abstention: the Query tab's Generate says why it does not answer instead of showing an
  // unreliable answer as if it were fine (seed 004); the two LLM checks cost a call each.
  abstainAction_->setCheckable(true);
  classifierAction_->setCheckable(true);
  verifierAction_->setCheckable(true);
  abstainAction_->setChecked(AbstainPreferences::enabled());
  classifierAction_->setChecked(AbstainPreferences::llmClassifier());
  verifierAction_->setChecked(AbstainPreferences::llmVerifier());
  classifierAction_->setEnabled(abstainAction_->isChecked());
  verifierAction_->setEnabled(abstainAction_->isChecked());
  shell.addMenuSeparator(Shell::Menu::Settings);
  shell.addMenuAction(Shell::Menu::Settings, abstainAction_);
  shell.addMenuAction(Shell::Menu::Settings, classifierAction_);
  shell.addMenuAction(Shell::Menu::Settings, verifierAction_);
  connect(abstainAction_, &QAction::toggled, this, [this](bool on) {
    AbstainPreferences::setEnabled(on);
    classifierAction_->setEnabled(on);
    verifierAction_->setEnabled(on);
  });
  connect(classifierAction_, &QAction::toggled, this,
          [](bool on) { AbstainPreferences::setLlmClassifier(on); });
  connect(verifierAction_, &QAction::toggled, this, [](bool on) { AbstainPreferences::setLlmVerifier(on); });
  shell.addStartListener(this);

  connect(bar_, &QuestionBar::generateRequested, this, &LlmController::generate);
  connect(bar_, &QuestionBar::cancelRequested, generation_, &GenerationController::cancel);
  connect(bar_, &QuestionBar::revealRequested, this, &LlmController::reveal);
  connect(generation_, &GenerationController::busyChanged, bar_, &QuestionBar::setBusy);
  connect(generation_, &GenerationController::finished, this, &LlmController::onFinished);
  connect(generateAction_, &QAction::triggered, this,
          [this]() { generate(bar_->question(), bar_->evidence()); });
  connect(settingsAction_, &QAction::triggered, this, &LlmController::openSettings);
  connect(switcher_, &ProfileSwitcher::profileChanged, this, [this](const QString& name) {
    generation_->reloadSettings();
    shell_.sessions()->replace(shell_.sessions()->current().withLlmProfile(name));
  });
  connect(shell.sessions(), &SessionManager::changed, this,
          [this](const Session& now, const SessionManager::Change& what) {
            onSessionChanged(now, what.database);
          });
  window->installEventFilter(this);
  retranslate();
  onSessionChanged(shell.sessions()->current(), true);
}

void LlmController::onSessionChanged(const Session& now, bool databaseChanged) {
  generation_->setWorkspacePath(now.workspacePath());  // transcripts and cache go into the workspace
  const QString reason = tr("Open a database first: the model writes SQL for the open database.");
  bar_->setAvailable(now.hasDatabase(), reason);
  QString example;  // the question box's example names a table of this database
  if (now.hasDatabase())
    for (const auto& t : now.schema().tables)
      if (!t.isView && t.name.rfind("sqlite_", 0) != 0) {
        example = QString::fromStdString(t.name);
        break;
      }
  bar_->setExampleTable(example);
  generateAction_->setEnabled(now.hasDatabase());
  generateAction_->setToolTip(now.hasDatabase() ? QString() : reason);
  if (!databaseChanged) return;
  // What was asked and found belongs to the previous database.
  generation_->cancel();
  askedIn_ = 0;
  lastGenerated_.clear();
  hidden_.reset();
  bar_->clear();
  clearFindings();
}

void LlmController::clearFindings() {
  findings_->clear();
}

bool LlmController::ask(const QString& question) {
  bar_->setQuestion(question);
  // Set before: an answer that fails at once (the keychain) comes before generate() returns.
  asking_ = true;
  if (generate(question, {})) return true;
  asking_ = false;
  return false;
}

void LlmController::applyStartOptions(const StartOptions& options) {
  if (!options.ask.isEmpty()) ask(options.ask);
}

bool LlmController::generate(const QString& question, const QString& evidence) {
  const Session& session = shell_.sessions()->current();
  if (!session.hasDatabase()) {
    bar_->setStatus(tr("Open a database first: the model writes SQL for the open database."), true);
    return false;
  }
  if (question.trimmed().isEmpty()) {
    bar_->setStatus(tr("Type a question about the open database first."), true);
    return false;
  }
  if (generation_->isBusy()) return false;
  askedIn_ = session.id();
  asked_ = question.trimmed();
  findings_->stopChecking();  // the answer's status line, not the check of the SQL now there
  bar_->setStatus(tr("Asking the model ..."));
  bar_->setDetectionStatus({}, false);
  generation_->generate(session.databasePath(), question, evidence);
  return true;
}

void LlmController::onFinished(const GenerationOutcome& outcome) {
  asking_ = false;
  // An answer for a session that is gone (another database was opened meanwhile) is dropped.
  if (askedIn_ == 0 || !shell_.sessions()->isCurrent(askedIn_)) return;
  askedIn_ = 0;
  hidden_.reset();
  bar_->setRevealable(false);
  SqlEditor* editor = shell_.editor();
  if (!outcome.ok || outcome.abstained) {
    // The old answer does not answer the new question: clear it, keep the user's own SQL.
    clearFindings();
    if (!lastGenerated_.isEmpty() && editor->text() == lastGenerated_) editor->clear();
    lastGenerated_.clear();
    shell_.clearResults();
    if (!outcome.ok) {
      bar_->setStatus(wordsOf(outcome.errorWords, outcome.error), true);
      return;
    }
    // Abstained: the reason instead of the answer; SQL generated before the abstention is kept
    // for the user to reveal and run.
    bar_->setStatus(wordsOf(outcome.abstentionWords, outcome.abstention), true);
    if (!outcome.sql.isEmpty()) hidden_ = std::make_shared<GenerationOutcome>(outcome);
    bar_->setRevealable(hidden_ != nullptr, outcome.abstainChecks);
    return;
  }
  present(outcome, true);
}

void LlmController::reveal() {
  if (!hidden_) return;
  const std::shared_ptr<GenerationOutcome> shownNow = std::move(hidden_);
  present(*shownNow, false);
  bar_->setStatus(
      [abstention = wordsOf(shownNow->abstentionWords, shownNow->abstention)] {
        return ErrorText::sentences(
            abstention(),
            // Still true once the user has run it (the line stays above the results).
            tr("The SQL is shown as the model wrote it and was not run for you; Query > Run (Ctrl+Enter) "
               "runs it."));
      },
      true);
}

void LlmController::present(const GenerationOutcome& outcome, bool run) {
  SqlEditor* editor = shell_.editor();
  const ShownSql shown = layOut(outcome.sql);
  editor->setText(shown.text);
  lastGenerated_ = shown.text;
  findings_->show(outcome.findings, shown.map, asked_);
  const QString executionError =
      outcome.executionError.isEmpty()
          ? QString()
          : ErrorText::withLineColumn(outcome.executionError, shown.text.toUtf8(), [&shown](int at) {
              const auto moved = shown.map(at, at + 1);
              return moved ? moved->first : -1;
            });
  // Built again in the new language when the user switches (the bar keeps the function). Set
  // through the findings so that an edit of the SQL removes it with the marks: the line stayed
  // above SQL that had been replaced.
  const QVector<GeneratedFinding> findings = outcome.findings;
  const double risk = outcome.risk;
  const qint64 rows = outcome.resultRows;
  const QString question = asked_;
  findings_->setStatus(
      [findings, risk, rows, executionError, question] {
        QString status = findings.isEmpty()
                             ? tr("Generated SQL; the gold-free checks found nothing suspicious.")
                             : tr("Generated SQL with %n finding(s): %1. Hover a highlighted span or put the "
                                  "cursor in it for the reason.",
                                  nullptr, int(findings.size()))
                                   .arg(EditorFindings::categoryNames(findings).join(
                                       tr(", ", "separator of a list of finding categories")));
        // The sentences as the language joins them (no Latin space after a Chinese full stop).
        status = ErrorText::sentences(status, tr("Risk %1.").arg(risk, 0, 'f', 2));
        if (const QString unread = EditorFindings::unreadQuestionNote(question); !unread.isEmpty())
          status = ErrorText::sentences(status, unread);
        if (rows >= 0) status = ErrorText::sentences(status, tr("%n row(s).", nullptr, int(rows)));
        if (!executionError.isEmpty())
          status = ErrorText::sentences(status, tr("It does not run: %1").arg(executionError));
        return status;
      },
      !outcome.findings.isEmpty() || !outcome.executionError.isEmpty());
  if (!run) return;
  if (outcome.executionError.isEmpty()) {
    shell_.runQuery();
  } else {
    shell_.clearResults();
  }
}

void LlmController::openSettings() {
  LlmSettingsDialog dialog(log_, shell_.dialogParent());
  if (dialog.exec() != QDialog::Accepted) return;
  generation_->reloadSettings();
  switcher_->refresh();
  const QString active = switcher_->activeProfile();
  if (active != shell_.sessions()->current().llmProfile())
    shell_.sessions()->replace(shell_.sessions()->current().withLlmProfile(active));
}

void LlmController::retranslate() {
  logDock_->setWindowTitle(tr("LLM log"));
  generateAction_->setText(tr("&Generate SQL from the Question"));
  settingsAction_->setText(tr("LLM &Endpoints and Prompts…"));
  abstainAction_->setText(tr("&Abstain When the Answer Looks Unreliable"));
  abstainAction_->setToolTip(
      tr("Before generating, check that the question can be answered from this database; after "
         "generating, check the SQL's risk score. Show the reason instead of an unreliable answer."));
  classifierAction_->setText(tr("Ask the Model Whether a Question Is A&nswerable"));
  classifierAction_->setToolTip(tr("One more model call before generating (abstention must be on)."));
  verifierAction_->setText(tr("Ask the Model to &Verify Its SQL"));
  verifierAction_->setToolTip(tr("One more model call after generating (abstention must be on)."));
}

bool LlmController::eventFilter(QObject* watched, QEvent* event) {
  if (watched == shell_.dialogParent() && event->type() == QEvent::LanguageChange) retranslate();
  return QObject::eventFilter(watched, event);
}

}  // namespace hs::ui
