// The evaluation job of the Review tab on the bundled demo, through the real rule annotator:
// progress, the list's verdicts equal a direct evaluation, cancel leaves only whole results, the
// main window evaluates the demo run the first time and shows the same verdicts after a restart.
#include <QtTest>

#include <QComboBox>
#include <QLabel>
#include <QProgressBar>
#include <QTabWidget>
#include <QTableView>

#include "engine/annotate/eval_annotator.h"
#include "engine/eval/runner.h"
#include "engine/workspace/demo.h"
#include "engine/workspace/results_store.h"
#include "engine/workspace/sqlite_util.h"
#include "engine/workspace/workspace.h"
#include "review_test_env.h"
#include "widgets/main_window.h"
#include "widgets/review/case_filter_proxy.h"
#include "widgets/review/case_list_model.h"
#include "widgets/review/case_view_host.h"
#include "widgets/review/evaluation_controller.h"
#include "widgets/review/review_controller.h"
#include "widgets/review/review_panel.h"

namespace {

// EX (set) texts of the list in position order.
QStringList verdicts(const hs::ui::CaseListModel& m) {
  QStringList out;
  for (int r = 0; r < m.rowCount(); ++r) out << m.data(m.index(r, hs::ui::CaseListModel::ExSet)).toString();
  return out;
}

}  // namespace

class TestReviewEval : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    hs::test::isolateSettings(dir_, "hallusql-review-eval-test");
  }

  void evaluatesTheDemoLikeTheEngine() {
    QTemporaryDir dir;
    auto demo = hs::ws::createDemo(dir.path().toStdString());
    QVERIFY(demo.ok());
    QWidget window;
    hs::ui::ReviewController review(&window);
    QVERIFY(review.openWorkspace(QString::fromStdString(demo->workspacePath)));
    auto* panel = review.panel();
    QCOMPARE(panel->caseModel()->rowCount(), static_cast<int>(demo->caseCount));
    QCOMPARE(panel->caseModel()->evaluatedCount(), 0);
    // Nothing evaluated: no detector line (an empty one left a blank row under the run line).
    auto* detectors = panel->findChild<QLabel*>(QStringLiteral("detectorSummary"));
    QVERIFY(detectors);
    QVERIFY2(detectors->isHidden(), qPrintable(detectors->text()));

    QSignalSpy progress(review.evaluation(), &hs::ui::EvaluationController::progress);
    QSignalSpy finished(review.evaluation(), &hs::ui::EvaluationController::finished);
    review.evaluation()->setBatchSize(5);
    panel->evaluateCurrentRun();
    // Running: the progress bar is switched on (the panel itself is not shown in this test).
    QVERIFY(review.evaluation()->isBusy());
    QVERIFY(!panel->progressBar()->isHidden());
    QVERIFY(finished.wait(60000));
    QVERIFY(!progress.isEmpty());
    QCOMPARE(progress.last().at(0).toInt(), static_cast<int>(demo->caseCount));
    const auto result = finished.first().at(0).value<hs::ui::EvaluationResult>();
    QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
    QCOMPARE(result.saved, static_cast<int>(demo->caseCount));
    QVERIFY(!result.cancelled);
    QCOMPARE(panel->caseModel()->evaluatedCount(), static_cast<int>(demo->caseCount));
    QVERIFY(!detectors->isHidden());

    // The same cases evaluated directly with the engine give the same verdicts and findings.
    auto ws = hs::ws::Workspace::open(demo->workspacePath).value();
    auto records = ws.cases(demo->runId).value();
    std::vector<hs::Case> cases;
    for (const auto& r : records) cases.push_back(r.kase);
    hs::annotate::RuleAnnotator rules;
    hs::eval::EvalOptions opts;
    opts.dbRoot = demo->dir;
    opts.annotator = &rules;
    const auto direct = hs::eval::evaluateCases(cases, opts);
    auto* model = panel->caseModel();
    int wrong = 0;
    for (std::size_t i = 0; i < direct.size(); ++i) {
      const auto& s = model->row(static_cast<int>(i)).summary;
      QCOMPARE(s.exSet, direct[i].exSet);
      QCOMPARE(s.exBag, direct[i].exBag);
      QCOMPARE(s.exOrdered, direct[i].exOrdered);
      QCOMPARE(s.risk.has_value(), direct[i].risk.has_value());
      if (direct[i].exSet == false) ++wrong;
    }
    QCOMPARE(model->wrongCount(), wrong);
    QVERIFY(wrong > 0);

    // Selecting a wrong case shows it.
    panel->verdictCombo()->setCurrentIndex(2);  // EX wrong
    QCOMPARE(panel->proxy()->rowCount(), wrong);
    QVERIFY(panel->selectCaseRow(0));
    QCOMPARE(panel->selectedCaseId(), panel->proxy()->caseIdAt(0));
    QVERIFY(!panel->caseView()->shownCaseId().isEmpty());
  }

  void cancelKeepsWholeBatchesOnly() {
    QTemporaryDir dir;
    auto demo = hs::ws::createDemo(dir.path().toStdString());
    QVERIFY(demo.ok());
    // A run long enough that the cancel arrives mid-way: the demo cases 40 times over.
    qint64 bigRun = 0;
    {
      auto ws = hs::ws::Workspace::open(demo->workspacePath).value();
      auto cases = hs::ws::demoCases().value();
      std::vector<hs::Case> many;
      for (int i = 0; i < 40; ++i) many.insert(many.end(), cases.begin(), cases.end());
      bigRun = ws.createRun({"big", "demo", "", "{}"}).value();
      QVERIFY(ws.insertCases(bigRun, many).ok());
    }
    QWidget window;
    hs::ui::ReviewController review(&window);
    QVERIFY(review.openWorkspace(QString::fromStdString(demo->workspacePath)));
    QVERIFY(review.panel()->selectRun(bigRun));
    auto* eval = review.evaluation();
    eval->setBatchSize(10);
    eval->setJobs(1);
    QSignalSpy finished(eval, &hs::ui::EvaluationController::finished);
    bool cancelled = false;
    connect(eval, &hs::ui::EvaluationController::progress, this, [&](int done, int) {
      if (done >= 25 && !cancelled) {
        cancelled = true;
        eval->cancel();
      }
    });
    review.panel()->evaluateCurrentRun();
    QVERIFY(finished.wait(120000));
    const auto result = finished.first().at(0).value<hs::ui::EvaluationResult>();
    QCOMPARE(result.total, 480);
    QVERIFY(result.cancelled);
    QVERIFY(result.saved >= 20 && result.saved < result.total);  // the batches done before the cancel
    QCOMPARE(result.saved % 10, 0);                              // whole batches only
    auto ws = hs::ws::Workspace::open(demo->workspacePath).value();
    QCOMPARE(hs::ws::evaluatedCount(ws, bigRun).value(), static_cast<std::int64_t>(result.saved));
    // Nothing half-written: no execution or evaluation finding without its score row.
    for (const char* table : {"executions", "findings"}) {
      auto orphans = hs::ws::queryInt(ws.handle(),
                                      std::string("SELECT count(*) FROM ") + table +
                                          " WHERE case_id NOT IN (SELECT case_id FROM case_scores)",
                                      "t");
      QCOMPARE(orphans.value(), std::int64_t{0});
    }
    QCOMPARE(review.panel()->caseModel()->evaluatedCount(), result.saved);
  }

  void demoIsEvaluatedOnceAndSurvivesARestart() {
    QStringList before;
    QString workspace;
    {
      hs::ui::MainWindow w;
      w.resize(1300, 850);
      w.show();
      QSignalSpy settled(w.review(), &hs::ui::ReviewController::settled);
      QSignalSpy loaded(&w, &hs::ui::MainWindow::initialLoadFinished);
      w.openDemo();
      w.showReview();
      QVERIFY(w.isReviewShown());
      QVERIFY(settled.wait(60000));  // evaluated in the background the first time
      QVERIFY(loaded.count() > 0 || loaded.wait(20000));
      auto* model = w.review()->panel()->caseModel();
      QVERIFY(model->rowCount() > 0);
      QCOMPARE(model->evaluatedCount(), model->rowCount());
      before = verdicts(*model);
      workspace = w.review()->workspacePath();
      QVERIFY(w.review()->panel()->selectCaseNumber(2));
      w.close();
    }
    QVERIFY(!workspace.isEmpty());
    QCOMPARE(hs::ui::ReviewController::lastWorkspaceSetting(), workspace);
    hs::ui::MainWindow again;
    again.restoreSettings();  // reopens the last workspace
    QCOMPARE(again.review()->workspacePath(), workspace);
    QVERIFY(again.review()->isSettled());  // nothing re-evaluated
    QCOMPARE(verdicts(*again.review()->panel()->caseModel()), before);
    // Opening the demo again does not evaluate again.
    QSignalSpy started(again.review()->evaluation(), &hs::ui::EvaluationController::busyChanged);
    again.openDemo();
    QTest::qWait(200);
    QVERIFY(started.isEmpty());
    QCOMPARE(verdicts(*again.review()->panel()->caseModel()), before);
  }
};

QTEST_MAIN(TestReviewEval)
#include "test_review_eval.moc"
