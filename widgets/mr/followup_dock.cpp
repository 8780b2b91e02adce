#include "widgets/mr/followup_dock.h"

#include <QDockWidget>
#include <QEvent>
#include <QLabel>
#include <QMenu>
#include <QStatusBar>

#include "engine/mr/pipeline.h"
#include "widgets/database_controller.h"
#include "widgets/indicator_registry.h"
#include "widgets/llm/llm_controller.h"
#include "widgets/llm/question_bar.h"
#include "widgets/main_window.h"
#include "widgets/mr/followup_explorer.h"
#include "widgets/mr/followup_model.h"
#include "widgets/review/review_controller.h"
#include "widgets/span_highlighter.h"
#include "widgets/sql_editor.h"

namespace hs::ui {
namespace {

const QString kIndicator = QStringLiteral("finding-mr");

// Highlights the findings of `result` in the editor where its source SQL stands (the editor may
// hold it with surrounding whitespace); an empty editor receives the generated SQL. Returns the
// number of spans shown, -1 when the editor holds other SQL by now.
int showFindings(SqlEditor* editor, const hs::mr::DetectResult& result) {
  SpanHighlighter* highlighter = editor->highlighter();
  highlighter->clear(kIndicator);
  if (result.sql.empty()) return 0;
  const QByteArray sql = QByteArray::fromStdString(result.sql);
  if (editor->text().trimmed().isEmpty()) editor->setText(QString::fromStdString(result.sql));
  const qsizetype at = editor->text().toUtf8().indexOf(sql);
  if (at < 0) return -1;
  editor->indicators()->indicator(kIndicator,
                                  {7, FollowUpModel::verdictColor(hs::mr::Verdict::Violated), 70, true});
  int shown = 0;
  for (const auto& f : result.findings) {
    for (const auto& span : f.spans) {
      if (span.side != "pred") continue;
      const QString tip = FollowUpExplorer::tr("Violated %1: %2")
                              .arg(QString::fromStdString(f.category), QString::fromStdString(f.message));
      shown += highlighter->highlight(kIndicator, int(at + qsizetype(span.begin)),
                                      int(at + qsizetype(span.end)), tip);
    }
  }
  return shown;
}

// Keeps the dock title translated.
class DockTitle : public QObject {
 public:
  DockTitle(QDockWidget* dock, QLabel* badge) : QObject(dock), dock_(dock), badge_(badge) {
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
  }
  QDockWidget* dock_;
  QLabel* badge_;
};

}  // namespace

FollowUpExplorer* installFollowUpExplorer(MainWindow& window) {
  LlmController* llm = window.llm();
  auto* explorer = new FollowUpExplorer(llm ? llm->generation() : nullptr);
  auto* dock = new QDockWidget(&window);
  dock->setObjectName(QStringLiteral("followUpDock"));
  dock->setWidget(explorer);
  window.addDockWidget(Qt::BottomDockWidgetArea, dock);
  if (auto* results = window.findChild<QDockWidget*>(QStringLiteral("resultsDock"))) {
    window.tabifyDockWidget(results, dock);
    results->raise();
  }
  window.actions().viewMenu->addAction(dock->toggleViewAction());
  auto* badge = new QLabel(&window);
  badge->setObjectName(QStringLiteral("followUpStatusBadge"));
  badge->hide();
  window.statusBar()->addPermanentWidget(badge);
  new DockTitle(dock, badge);

  MainWindow* w = &window;
  explorer->setRequestSource([w]() {
    FollowUpRequest r;
    r.databasePath = w->databases()->path();
    if (w->llm()) {
      r.question = w->llm()->questionBar()->question();
      r.evidence = w->llm()->questionBar()->evidence();
    }
    r.sourceSql = w->editor()->text();
    r.workspacePath = w->workspacePath();  // the follow-ups are saved there
    return r;
  });
  // The follow-ups saved in a workspace come back when it is opened.
  QObject::connect(window.review(), &ReviewController::workspaceChanged, explorer,
                   [explorer](const QString& path) { explorer->showSaved(path); });
  QObject::connect(
      explorer, &FollowUpExplorer::detectionFinished, &window,
      [w, badge](std::shared_ptr<const hs::mr::DetectResult> result, const QString& error) {
        QuestionBar* bar = w->llm() ? w->llm()->questionBar() : nullptr;
        if (!result) {
          w->editor()->highlighter()->clear(kIndicator);
          badge->hide();
          if (bar) bar->setStatus(error, true);
          return;
        }
        QString text = FollowUpExplorer::verdictSummary(*result);
        if (showFindings(w->editor(), *result) < 0)
          text += QStringLiteral(" ") + FollowUpExplorer::tr("(the editor's SQL changed: spans not shown)");
        if (bar) bar->setStatus(text, result->flagged);
        const QColor color = FollowUpModel::verdictColor(result->flagged ? hs::mr::Verdict::Violated
                                                                         : hs::mr::Verdict::Satisfied);
        badge->setText(result->flagged ? FollowUpExplorer::tr("MR: flagged")
                                       : FollowUpExplorer::tr("MR: consistent"));
        badge->setStyleSheet(QStringLiteral("QLabel { background: %1; color: white; font-weight: bold; "
                                            "border-radius: 3px; padding: 0 6px; }")
                                 .arg(color.name()));
        badge->show();
      });
  return explorer;
}

}  // namespace hs::ui
