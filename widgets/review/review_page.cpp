// The Review tab's page: what the shell and the start-up see of the review feature.
#include "widgets/review/review_page.h"

#include <QAction>
#include <QCoreApplication>
#include <QDialog>
#include <QLabel>
#include <QTabWidget>
#include <QTableView>

#include <cstdio>

#include "widgets/job_runner.h"
#include "widgets/page.h"
#include "widgets/review/annotation_bar.h"
#include "widgets/review/case_view.h"
#include "widgets/review/case_view_host.h"
#include "widgets/review/evaluation_controller.h"
#include "widgets/review/review_controller.h"
#include "widgets/review/review_panel.h"
#include "widgets/review/review_team_actions.h"
#include "widgets/review/reviewer_dialog.h"
#include "widgets/shell.h"

namespace hs::ui {

namespace {

class ReviewPage : public QObject, public Page {
  Q_DECLARE_TR_FUNCTIONS(hs::ui::ReviewPage)
 public:
  explicit ReviewPage(Shell& shell)
      : QObject(shell.dialogParent()),
        shell_(shell),
        controller_(new ReviewController(shell.dialogParent())) {
    ReviewPanel* panel = controller_->panel();
    // A tab widget is as tall as its tallest page; the Review tab has room for its case view at
    // 1366x768 (it hides the docks) and must not make the Query tab taller than the screen.
    panel->setMinimumHeight(300);
    shell.addMenuAction(Shell::Menu::Help, panel->shortcutsAction());  // the Review tab's keys
    panel->setGeneralShortcuts([&shell] { return shell.generalShortcuts(); });
    auto* reviewer = new QLabel(storedReviewer().annotator());  // who annotates (issue 12)
    reviewer->setObjectName(QStringLiteral("reviewerStatus"));
    shell.addStatusItem(reviewer);
    connect(panel->annotationBar(), &AnnotationBar::reviewerChanged, reviewer, &QLabel::setText);
    controller_->attachTeam(shell);  // reviewer exchange, adjudication (issue 12)
  }

  ReviewController* controller() const { return controller_; }

  QString id() const override { return QStringLiteral("review"); }
  QString title() const override { return tr("Review"); }
  int priority() const override { return 90; }
  QWidget* widget() const override { return controller_->panel(); }
  // A reviewer starts in the case list, where the arrow keys move through the cases.
  QWidget* focusTarget() const override { return controller_->panel()->caseList(); }

  void applyStartOptions(const StartOptions& o) override {
    if (!o.workspace.isEmpty() && !controller_->openWorkspace(o.workspace))
      std::fprintf(stderr, "could not open the workspace %s\n", qPrintable(o.workspace));
    if (o.review || !o.workspace.isEmpty() || o.caseNumber > 0) shell_.showPage(id());
    if (o.screenshot) return;  // beforeScreenshot does the rest once the run is evaluated
    if (o.caseNumber > 0) {
      // The list is filled again when an evaluation ends: the case stays selected.
      connect(controller_, &ReviewController::settled, this,
              [this, n = o.caseNumber] { controller_->panel()->selectCaseNumber(n); });
      controller_->panel()->selectCaseNumber(o.caseNumber);
    }
    if (!o.caseTab.isEmpty()) showCaseTab(o.caseTab);
    if (o.adjudicate) controller_->team()->openAdjudication();
  }

  bool isSettled() const override { return controller_->isSettled(); }

  QWidget* beforeScreenshot(const StartOptions& o) override {
    if (o.caseNumber > 0 && !controller_->panel()->selectCaseNumber(o.caseNumber))
      std::fprintf(stderr, "no case number %d in the review list\n", o.caseNumber);
    if (!o.caseTab.isEmpty()) showCaseTab(o.caseTab);
    if (!o.adjudicate) return nullptr;
    QDialog* dialog = controller_->team()->openAdjudication();
    if (!dialog) std::fprintf(stderr, "no run to adjudicate\n");
    return dialog;
  }

  void shutdown() override {
    controller_->evaluation()->cancel();
    controller_->evaluation()->runner()->waitForIdle(30000);
  }

 private:
  // Shows a tab of the case view: findings, edits, results or plan.
  void showCaseTab(const QString& name) {
    static const QStringList kTabs{QStringLiteral("findings"), QStringLiteral("edits"),
                                   QStringLiteral("results"), QStringLiteral("plan")};
    CaseViewHost* host = controller_->panel()->caseView();
    const int index = kTabs.indexOf(name);
    if (!host || !host->caseView() || index < 0) {
      std::fprintf(stderr, "--case-tab: no tab '%s' (findings, edits, results, plan)\n", qPrintable(name));
      return;
    }
    host->caseView()->tabs()->setCurrentIndex(index);  // the case view's tab order
  }

  Shell& shell_;
  ReviewController* controller_;
};

}  // namespace

ReviewController* registerReviewPage(Shell& shell) {
  auto* page = new ReviewPage(shell);
  shell.addPage(page);
  return page->controller();
}

}  // namespace hs::ui
