#include "widgets/llm/editor_findings.h"

#include <QPointer>

#include <string>

#include "engine/annotate/annotate.h"
#include "engine/core/finding.h"
#include "engine/core/finding_categories.h"
#include "engine/workflow/annotate_query.h"
#include "widgets/app_settings.h"
#include "widgets/case_finding_styles.h"
#include "widgets/error_text.h"
#include "widgets/indicator_registry.h"
#include "widgets/job_runner.h"
#include "widgets/llm/generation_controller.h"
#include "widgets/llm/question_bar.h"
#include "widgets/session.h"
#include "widgets/shell.h"
#include "widgets/span_highlighter.h"
#include "widgets/sql_editor.h"

namespace hs::ui {

EditorFindings::EditorFindings(Shell& shell, QuestionBar* bar, QObject* parent)
    : QObject(parent), shell_(shell), bar_(bar), runner_(new JobRunner(this)) {
  shell.onEditorRun(this, [this](const QByteArray& sql, int editorOffset) { onRun(sql, editorOffset); });
  // Marks on SQL that changed mark what is no longer there.
  connect(shell.editor(), &SqlEditor::textChanged, this, [this]() {
    if (shown_ || checking_ || next_) clear();
  });
}

bool EditorFindings::covers(const Checked& shown, const Checked& run) {
  return shown.text == run.text && shown.question == run.question &&
         (shown.offset < 0 || (shown.offset == run.offset && shown.sql == run.sql));
}

void EditorFindings::removeMarks() {
  SpanHighlighter* highlighter = shell_.editor()->highlighter();
  for (const hs::FindingStyleInfo& style : hs::findingStyles())
    highlighter->clear(QStringLiteral("finding-") +
                       QString::fromUtf8(style.key.data(), qsizetype(style.key.size())));
}

void EditorFindings::stopChecking() {
  ++generation_;
  next_.reset();
  runner_->cancel();
}

void EditorFindings::clear() {
  stopChecking();
  shown_.reset();
  removeMarks();
  if (status_ && bar_->statusId() == *status_) bar_->setStatus(QString());
  status_.reset();
}

void EditorFindings::setStatus(std::function<QString()> make, bool error) {
  bar_->setStatus(std::move(make), error);
  status_ = bar_->statusId();
}

QStringList EditorFindings::show(const QVector<GeneratedFinding>& findings, const SpanMap& map,
                                 const QString& question) {
  removeMarks();
  SqlEditor* editor = shell_.editor();
  SpanHighlighter* highlighter = editor->highlighter();
  for (const auto& f : findings) {
    // Style, name and tooltip (with the explanation) exactly as in the Review case view.
    const FindingStyleGroup family = FindingStyles::groupOf(f.finding);
    editor->indicators()->indicator(family.key, family.style);
    // The tooltip is built when shown: it follows a language switch like the status line.
    if (const auto at = map(f.begin, f.end))
      highlighter->highlight(family.key, at->first, at->second,
                             [finding = f.finding] { return FindingStyles::tooltip(finding); });
  }
  shown_ = Checked{editor->text(), question, -1, {}};
  return categoryNames(findings);
}

QStringList EditorFindings::categoryNames(const QVector<GeneratedFinding>& findings) {
  QStringList names;
  for (const auto& f : findings) {
    const QString name = FindingStyles::categoryLabel(f.finding);
    if (!names.contains(name)) names << name;
  }
  return names;
}

void EditorFindings::onRun(const QByteArray& sql, int editorOffset) {
  if (!shell_.sessions()->current().hasDatabase()) return;
  // Edited while it ran (the edit cleared the marks): spans of the old bytes would miss.
  if (shell_.editor()->textBytes().mid(editorOffset, sql.size()) != sql) return;
  const Checked what{shell_.editor()->text(), bar_->question().trimmed(), editorOffset, sql};
  // Generated SQL run as it came, or the user's SQL run again: its findings are on screen already.
  if (shown_ && covers(*shown_, what)) return;
  if (checking_ && covers(*checking_, what)) return;
  clear();
  if (runner_->isBusy()) {
    next_ = what;  // once the check running now has stopped
    return;
  }
  start(what);
}

void EditorFindings::start(const Checked& what) {
  checking_ = what;
  const std::string dbPath = shell_.sessions()->current().databasePath().toStdString();
  workflow::QueryToAnnotate query;
  query.question = what.question.toStdString();
  query.sql = what.sql.toStdString();
  query.disabledChecks = AppSettings::disabledChecks();
  workflow::CancelToken cancel;
  const quint64 started = generation_;
  QPointer<EditorFindings> self(this);
  runner_->start<std::optional<GenerationOutcome>>(
      tr("Checking the SQL"),
      [dbPath, query, cancel](JobContext&) -> std::optional<GenerationOutcome> {
        // The engine's workflow, on its own read-only connection (the result grid keeps its own).
        auto checked = workflow::annotateQuery(dbPath, query, cancel);
        if (!checked || cancel.cancelled()) return std::nullopt;
        GenerationOutcome out;
        out.ok = true;
        fillFindings(out, checked.value());
        return out;
      },
      [self, what, started](std::optional<GenerationOutcome> outcome) {
        if (!self) return;
        self->checking_.reset();
        if (self->next_) {
          const Checked next = *std::exchange(self->next_, std::nullopt);
          self->start(next);
          return;
        }
        if (started == self->generation_) self->onChecked(what, outcome);
        emit self->checkFinished();
      },
      [cancel]() { cancel.cancel(); });
}

QString EditorFindings::unreadQuestionNote(const QString& question) {
  if (question.trimmed().isEmpty() || hs::annotate::questionReadsLatin(question.toStdString())) return {};
  return tr("The question checks read English only: this question was not checked against the SQL.");
}

void EditorFindings::onChecked(const Checked& what, const std::optional<GenerationOutcome>& outcome) {
  // SQL that does not parse or run: the editor already marks the parser's or SQLite's error span.
  if (!outcome || !outcome->executionError.isEmpty()) return;
  for (const auto& f : outcome->findings) {
    const std::string category = f.category.toStdString();
    if (category == annotate::kSyntaxError || category == annotate::kExecutionError) return;
  }
  const int offset = what.offset;
  const QStringList categories = show(
      outcome->findings,
      [offset](int b, int e) {
        return std::optional<std::pair<int, int>>({offset + b, offset + e});
      },
      what.question);
  shown_ = what;
  // Built again in the new language when the user switches (the bar keeps the function).
  const QVector<GeneratedFinding> findings = outcome->findings;
  const double risk = outcome->risk;
  const bool noQuestion = what.question.isEmpty();
  const QString question = what.question;
  setStatus(
      [findings, risk, noQuestion, question] {
        const QStringList names = categoryNames(findings);
        QString status = names.isEmpty()
                             ? tr("Your SQL: the gold-free checks found nothing suspicious.")
                             : tr("Your SQL has %n finding(s): %1. Hover a highlighted span or put the "
                                  "cursor in it for the reason.",
                                  nullptr, int(findings.size()))
                                   .arg(names.join(tr(", ", "separator of a list of finding categories")));
        // The sentences as the language joins them (no Latin space after a Chinese full stop).
        status = ErrorText::sentences(status, tr("Risk %1.").arg(risk, 0, 'f', 2));
        if (noQuestion)
          status = ErrorText::sentences(status,
                                        tr("Type the question it answers to check the SQL against it too."));
        if (const QString unread = unreadQuestionNote(question); !unread.isEmpty())
          status = ErrorText::sentences(status, unread);
        return status;
      },
      !categories.isEmpty());
}

}  // namespace hs::ui
