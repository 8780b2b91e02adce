#include "widgets/mr/followup_dock.h"

#include <QDockWidget>
#include <QEvent>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QPointer>
#include <QTimer>

#include <functional>
#include <memory>

#include "engine/mr/pipeline.h"
#include "widgets/case_finding_styles.h"
#include "widgets/indicator_registry.h"
#include "widgets/llm/generation_controller.h"
#include "widgets/llm/llm_controller.h"
#include "widgets/llm/question_bar.h"
#include "widgets/mr/followup_explorer.h"
#include "widgets/mr/followup_model.h"
#include "widgets/mr/followup_verdict.h"
#include "widgets/session.h"
#include "widgets/shell.h"
#include "widgets/span_highlighter.h"
#include "widgets/sql_editor.h"

namespace hs::ui {
namespace {

const QString kIndicator = QStringLiteral("finding-mr");

// Highlights the findings of `result` in the editor where its source SQL stands (the editor may
// hold it with surrounding whitespace). Returns the number of spans shown, -1 when the editor holds
// other SQL by now (an empty editor got its SQL through Generate before detection started).
int showFindings(SqlEditor* editor, const hs::mr::DetectResult& result) {
  SpanHighlighter* highlighter = editor->highlighter();
  highlighter->clear(kIndicator);
  if (result.sql.empty()) return 0;
  const QByteArray sql = QByteArray::fromStdString(result.sql);
  const qsizetype at = editor->text().toUtf8().indexOf(sql);
  if (at < 0) return -1;
  editor->indicators()->indicator(kIndicator,
                                  {7, FollowUpModel::verdictColor(hs::mr::Verdict::Violated), 70, true});
  int shown = 0;
  for (const auto& f : result.findings) {
    for (const auto& span : f.spans) {
      if (span.side != "pred") continue;
      // Built when shown, so that it follows a language switch.
      auto tip = [f] {
        return FollowUpExplorer::tr("Violated %1: %2")
            .arg(QString::fromStdString(f.category), FindingStyles::messageText(f));
      };
      shown += highlighter->highlight(kIndicator, int(at + qsizetype(span.begin)),
                                      int(at + qsizetype(span.end)), tip);
    }
  }
  return shown;
}

// The verdict of a detection in the status bar badge and under the question, with its spans in
// the editor.
void showVerdict(Shell* sh, QuestionBar* bar, QLabel* badge, const hs::mr::DetectResult& result) {
  QString text = FollowUpExplorer::verdictSummary(result);
  if (showFindings(sh->editor(), result) < 0)
    text += QStringLiteral(" ") + FollowUpExplorer::tr("(the editor's SQL changed: spans not shown)");
  const CaseVerdict verdict = classifyVerdict(result).verdict;
  if (bar) bar->setDetectionStatus(FollowUpExplorer::tr("Follow-ups: %1").arg(text), result.flagged);
  badge->setText(FollowUpExplorer::tr("MR: %1").arg(verdictWord(verdict).toLower()));
  badge->setStyleSheet(QStringLiteral("QLabel { background: %1; color: white; font-weight: bold; "
                                      "border-radius: 3px; padding: 0 6px; }")
                           .arg(verdictColor(verdict).name()));
  badge->show();
}

// Keeps the dock title translated, and the verdict shown outside the dock (`again`).
class DockTitle : public QObject {
 public:
  DockTitle(QDockWidget* dock, QLabel* badge, std::function<void()> again)
      : QObject(dock), dock_(dock), badge_(badge), again_(std::move(again)) {
    dock->installEventFilter(this);
    retranslate();
  }

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override {
    if (watched == dock_ && event->type() == QEvent::LanguageChange) retranslate();
    return QObject::eventFilter(watched, event);
  }

 private:
  void retranslate() {
    dock_->setWindowTitle(FollowUpExplorer::tr("Follow-ups"));
    badge_->setToolTip(FollowUpExplorer::tr("The verdict of the last follow-up detection"));
    if (again_) again_();
  }
  QDockWidget* dock_;
  QLabel* badge_;
  std::function<void()> again_;
};

}  // namespace

FollowUpExplorer* installFollowUpExplorer(Shell& shell, LlmController* llm) {
  QWidget* window = shell.dialogParent();
  auto* explorer = new FollowUpExplorer(llm ? llm->generation() : nullptr);
  auto* dock = new QDockWidget(window);
  dock->setObjectName(QStringLiteral("followUpDock"));
  dock->setWidget(explorer);
  shell.addDock(dock, Shell::DockPlace::WithResults);
  auto* badge = new QLabel(window);
  badge->setObjectName(QStringLiteral("followUpStatusBadge"));
  badge->hide();
  shell.addStatusItem(badge);
  // The table, the two SQL texts and their results need more height than the results grid: the
  // first time the tab is shown, the bottom docks get half the window (at 1366x768 the 40% of
  // the results left one or two follow-ups and one-line SQL texts) unless they already have it.
  auto grown = std::make_shared<bool>(false);
  QObject::connect(dock, &QDockWidget::visibilityChanged, dock, [dock, window, grown](bool visible) {
    if (!visible || *grown) return;
    // Docks of a tab group report "visible" while they are laid out behind another tab: act once
    // the Follow-ups tab is really on screen.
    QTimer::singleShot(0, dock, [dock, window, grown]() {
      auto* main = qobject_cast<QMainWindow*>(window);
      if (*grown || !main || dock->isFloating() || dock->visibleRegion().isEmpty()) return;
      *grown = true;
      const int wanted = main->height() / 2;
      if (dock->height() >= wanted) return;
      // A dock of a tab group is resized through the group's first dock.
      const QList<QDockWidget*> group = main->tabifiedDockWidgets(dock);
      main->resizeDocks({group.isEmpty() ? dock : group.first()}, {wanted}, Qt::Vertical);
      dock->raise();  // resizing a dock of a tab group can bring the group's first dock to the front
    });
  });

  Shell* sh = &shell;
  QPointer<QuestionBar> bar = llm ? llm->questionBar() : nullptr;
  auto askedIn = std::make_shared<quint64>(0);  // the session the running detection belongs to
  explorer->setRequestSource([sh, bar, askedIn]() {
    FollowUpRequest r;
    const Session& session = sh->sessions()->current();
    *askedIn = session.id();
    r.databasePath = session.databasePath();
    if (bar) {
      r.question = bar->question();
      r.evidence = bar->evidence();
    }
    r.sourceSql = sh->editor()->text();
    r.workspacePath = sh->sessions()->current().workspacePath();  // the follow-ups are saved there
    return r;
  });
  // An empty editor: the model writes the source SQL through Generate's own path (the workflow,
  // its gold-free highlights, abstention), then detection starts from the editor's SQL.
  if (llm && llm->generation()) {
    QPointer<LlmController> controller(llm);
    explorer->setSourceWriter([sh, controller, explorer](const QString& question, const QString& evidence) {
      if (!controller) return;
      GenerationController* generation = controller->generation();
      if (generation->isBusy()) {
        explorer->sourceNotWritten(
            FollowUpExplorer::tr("The model is still answering the question; press Detect when it is done."));
        return;
      }
      const quint64 session = sh->sessions()->current().id();
      auto once = std::make_shared<QMetaObject::Connection>();
      *once = QObject::connect(generation, &GenerationController::finished, explorer,
                               [sh, explorer, session, once](const GenerationOutcome& outcome) {
                                 QObject::disconnect(*once);
                                 if (!sh->sessions()->isCurrent(session)) return;
                                 if (!outcome.ok) return explorer->sourceNotWritten(outcome.error);
                                 if (outcome.abstained) return explorer->sourceNotWritten(outcome.abstention);
                                 if (sh->editor()->text().trimmed().isEmpty()) return;
                                 explorer->detect();
                               });
      controller->generate(question, evidence);
    });
  }
  QObject::connect(
      shell.sessions(), &SessionManager::changed, explorer,
      [sh, explorer, badge, askedIn](const Session& session, const SessionManager::Change& what) {
        if (what.database) {
          *askedIn = 0;
          explorer->reset();
          sh->editor()->highlighter()->clear(kIndicator);
          badge->hide();
          badge->clear();
        }
        // The follow-ups saved in a workspace come back when it is opened.
        if (what.workspace && !session.workspacePath().isEmpty())
          explorer->showSaved(session.workspacePath());
      });
  // A new answer (or an abstention) replaces the editor's SQL: the follow-ups of the earlier SQL
  // and their verdict in the status bar no longer describe it. A failed call that left the user's
  // own SQL in the editor keeps them, and a detection still running keeps its own result.
  if (llm && llm->generation()) {
    QObject::connect(llm->generation(), &GenerationController::finished, explorer,
                     [sh, explorer, badge](const GenerationOutcome& outcome) {
                       if (explorer->isBusy()) return;
                       if (!outcome.ok && !outcome.abstained && !sh->editor()->text().isEmpty()) return;
                       explorer->reset();
                       sh->editor()->highlighter()->clear(kIndicator);
                       badge->hide();
                       badge->clear();
                     });
  }
  QObject::connect(
      explorer, &FollowUpExplorer::detectionFinished, window,
      [sh, bar, badge, askedIn](std::shared_ptr<const hs::mr::DetectResult> result, const QString& error) {
        if (!sh->sessions()->isCurrent(*askedIn)) return;  // a run of a previous database
        if (!result) {
          sh->editor()->highlighter()->clear(kIndicator);
          badge->hide();
          if (bar) bar->setDetectionStatus(error, true);
          return;
        }
        showVerdict(sh, bar, badge, *result);
      });
  // A language switch: the badge of the detection it shows, and the line under the question.
  new DockTitle(dock, badge, [sh, bar, badge, explorer]() {
    if (badge->isHidden() || !explorer->model()->result()) return;
    showVerdict(sh, bar, badge, *explorer->model()->result());
  });
  return explorer;
}

}  // namespace hs::ui
