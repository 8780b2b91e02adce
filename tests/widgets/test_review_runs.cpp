// Runs and workspaces in the Review tab: New Workspace and Save As (the window continues in the
// copy), an import from the demo asks for a workspace of its own, a second import of the same name
// asks (keep both / replace), runs renamed and deleted (with confirmation) from the run menu, the
// database folder set after an import so that Evaluate then scores, "Compare results ignoring
// column order" stored in the run and shown in the summary, the import dialog's run name and its
// hint for a file in the wrong field, and File ▸ Export Report in the background.
#include <QtTest>

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QToolButton>

#include <fstream>

#include "engine/workspace/demo.h"
#include "engine/workspace/drilldown_store.h"
#include "engine/workspace/workspace.h"
#include "review_test_env.h"
#include "widgets/demo_loader.h"
#include "widgets/job_runner.h"
#include "widgets/review/case_list_model.h"
#include "widgets/review/evaluation_controller.h"
#include "widgets/review/import_dialog.h"
#include "widgets/review/report_dialog.h"
#include "widgets/review/review_controller.h"
#include "widgets/review/review_panel.h"
#include "widgets/review/run_actions.h"

using hs::ui::ReviewController;

namespace {

void writeText(const QString& path, const std::string& text) {
  std::ofstream out(path.toStdString(), std::ios::binary | std::ios::trunc);
  out << text;
}

// Three demo-database cases; the first has its two columns swapped (right apart from the order).
std::string casesJsonl() {
  return R"({"id": "c:1", "db_id": "demo", "question": "Names and ages", "gold_sql": "SELECT first_name, age FROM students", "pred_sql": "SELECT age, first_name FROM students"}
{"id": "c:2", "db_id": "demo", "question": "How many students?", "gold_sql": "SELECT count(*) FROM students", "pred_sql": "SELECT count(*) FROM students"}
{"id": "c:3", "db_id": "demo", "question": "Oldest age", "gold_sql": "SELECT max(age) FROM students", "pred_sql": "SELECT min(age) FROM students"}
)";
}

bool importFile(ReviewController& review, const QString& cases, const QString& dbRoot, bool evaluate) {
  hs::ui::ImportDialog d;
  d.setCasesFile(cases);
  if (!dbRoot.isEmpty()) d.setDatabaseRoot(dbRoot);
  if (!d.waitForPreview(10000)) return false;
  d.findChild<QCheckBox*>()->setChecked(evaluate);
  QSignalSpy settled(&review, &ReviewController::settled);
  if (!review.importFromDialog(d)) return false;
  return settled.wait(30000);
}

std::vector<hs::ws::RunRecord> runsOf(const QString& path) {
  auto ws = hs::ws::Workspace::open(path.toStdString());
  return ws ? ws->runs().value() : std::vector<hs::ws::RunRecord>{};
}

bool evaluateCurrent(ReviewController& review) {
  QSignalSpy done(review.evaluation(), &hs::ui::EvaluationController::finished);
  review.panel()->evaluateCurrentRun();
  return done.wait(30000);
}

}  // namespace

class TestReviewRuns : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;
  QString demoDir_;
  QString casesFile_;

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    hs::test::isolateSettings(dir_, "hallusql-review-runs-test");
    demoDir_ = dir_.filePath("demo");
    const auto demo = hs::ui::prepareDemo(demoDir_);
    QVERIFY2(demo.error.isEmpty(), qPrintable(demo.error));
    casesFile_ = dir_.filePath("cases.jsonl");
    writeText(casesFile_, casesJsonl());
  }

  void newWorkspaceThenSaveAsContinuesInTheCopy() {
    QWidget window;
    ReviewController review(&window);
    const QString first = dir_.filePath("new.hallusql");
    review.askSavePath = [&](const QString&, const QString&) { return first; };
    review.newWorkspace();
    QCOMPARE(review.workspacePath(), first);
    QVERIFY(hs::ws::isWorkspaceFile(first.toStdString()));
    QVERIFY(importFile(review, casesFile_, demoDir_, false));
    review.newWorkspace();  // the same name again: refused, the workspace stays
    QCOMPARE(review.workspacePath(), first);

    const QString copy = dir_.filePath("copy.hallusql");
    review.askSavePath = [&](const QString&, const QString&) { return copy; };
    review.saveWorkspaceAs();
    QCOMPARE(review.workspacePath(), copy);
    QCOMPARE(review.panel()->runCombo()->count(), 1);
    // Work goes to the copy now; the original keeps what it had.
    QVERIFY(review.runActions()->renameRun(review.panel()->currentRunId(), QStringLiteral("in the copy")));
    QCOMPARE(runsOf(copy).front().info.name, std::string("in the copy"));
    QCOMPARE(runsOf(first).front().info.name, std::string("cases"));
    // Save As onto the open file itself is refused and changes nothing.
    QSignalSpy messages(&review, &ReviewController::message);
    QVERIFY(!review.saveWorkspaceAs(copy, true));
    QCOMPARE(review.workspacePath(), copy);
    QVERIFY(!messages.isEmpty());
  }

  void importFromTheDemoAsksForAWorkspaceOfItsOwn() {
    QWidget window;
    ReviewController review(&window);
    const auto demo = hs::ui::prepareDemo(demoDir_);
    QVERIFY(review.openDemoWorkspace(demo.workspace));
    QVERIFY(review.isDemoWorkspace());
    QString askedTitle;
    const QString mine = dir_.filePath("mine.hallusql");
    review.askSavePath = [&](const QString& title, const QString&) {
      askedTitle = title;
      return mine;
    };
    QVERIFY(review.ensureWorkspace());
    QVERIFY(askedTitle.contains(QStringLiteral("demo")));
    QCOMPARE(review.workspacePath(), mine);
    QVERIFY(!review.isDemoWorkspace());
    // Cancelling the question from the demo leaves the demo open and imports nothing.
    QVERIFY(review.openWorkspace(demo.workspace));
    review.askSavePath = [](const QString&, const QString&) { return QString(); };
    QVERIFY(!review.ensureWorkspace());
    QCOMPARE(review.workspacePath(), demo.workspace);
    QCOMPARE(runsOf(demo.workspace).size(), std::size_t{1});
    // A copy of the demo saved elsewhere is the user's own workspace.
    const QString saved = dir_.filePath("demo-copy.hallusql");
    QVERIFY(review.saveWorkspaceAs(saved, false));
    QVERIFY(!review.isDemoWorkspace());
    QVERIFY(review.ensureWorkspace());
    QCOMPARE(review.workspacePath(), saved);
  }

  void reimportAsksKeepBothOrReplace() {
    QWidget window;
    ReviewController review(&window);
    const QString path = dir_.filePath("dup.hallusql");
    QVERIFY(review.openWorkspace(path, true));
    QVERIFY(importFile(review, casesFile_, demoDir_, false));
    int asked = 0;
    review.askDuplicate = [&](const QString& name) {
      ++asked;
      return name == QStringLiteral("cases") ? ReviewController::DuplicateChoice::KeepBoth
                                             : ReviewController::DuplicateChoice::Cancel;
    };
    QVERIFY(importFile(review, casesFile_, demoDir_, false));
    QCOMPARE(asked, 1);
    auto runs = runsOf(path);
    QCOMPARE(runs.size(), std::size_t{2});
    QCOMPARE(runs[1].info.name, std::string("cases (2)"));
    const auto firstId = runs[0].id;
    review.askDuplicate = [](const QString&) { return ReviewController::DuplicateChoice::Replace; };
    QVERIFY(importFile(review, casesFile_, demoDir_, false));
    runs = runsOf(path);
    QCOMPARE(runs.size(), std::size_t{2});  // the old "cases" went, the new one came
    QVERIFY(runs[0].id != firstId && runs[1].id != firstId);
    QCOMPARE(runs[1].info.name, std::string("cases"));
    review.askDuplicate = [](const QString&) { return ReviewController::DuplicateChoice::Cancel; };
    hs::ui::ImportDialog d;
    d.setCasesFile(casesFile_);
    QVERIFY(d.waitForPreview(10000));
    QVERIFY(!review.importFromDialog(d));
    QCOMPARE(runsOf(path).size(), std::size_t{2});
  }

  void runMenuRenamesAndDeletesWithConfirmation() {
    QWidget window;
    ReviewController review(&window);
    const QString path = dir_.filePath("menu.hallusql");
    QVERIFY(review.openWorkspace(path, true));
    QVERIFY(importFile(review, casesFile_, demoDir_, false));
    auto* actions = review.runActions();
    QVERIFY(review.panel()->runMenuButton()->menu() == actions->menu());
    QVERIFY(actions->renameAction()->isEnabled());
    actions->askName = [](const QString& current) { return current + QStringLiteral(" · GPT-4"); };
    actions->renameAction()->trigger();
    QCOMPARE(runsOf(path).front().info.name, std::string("cases · GPT-4"));
    QVERIFY(review.panel()->runCombo()->currentText().startsWith(QStringLiteral("cases · GPT-4")));
    int asked = 0;
    actions->askDelete = [&](const QString& name, int cases) {
      ++asked;
      return name == QStringLiteral("cases · GPT-4") && cases == 3 && asked > 1;  // no the first time
    };
    actions->deleteAction()->trigger();
    QCOMPARE(runsOf(path).size(), std::size_t{1});
    actions->deleteAction()->trigger();
    QCOMPARE(asked, 2);
    QCOMPARE(runsOf(path).size(), std::size_t{0});
    QCOMPARE(review.panel()->runCombo()->count(), 0);
    QVERIFY(!actions->deleteAction()->isEnabled());
  }

  void drilldownRunsStayOutOfTheReviewRunChooser() {
    // A drill-down run stored by the Drill-down tab (gold sub-queries, no prediction) was listed,
    // and as the newest run chosen, in the Review tab: "Evaluate" on it had nothing to review.
    const QString path = dir_.filePath("with-drilldown.hallusql");
    {
      auto w = hs::ws::Workspace::create(path.toStdString());
      QVERIFY(w);
      hs::ws::DrilldownStepRow step;
      step.caseId = "dev:1";
      step.dbId = "pets";
      step.model = "m";
      step.history = "off";
      step.step = 1;
      step.final = true;
      step.question = step.originalQuestion = "How many pets?";
      step.goldSql = "SELECT count(*) FROM pets";
      QVERIFY(hs::ws::saveDrilldownRun(w.value(), "drilldown m", "dev.json", {step}));
    }
    QWidget window;
    ReviewController review(&window);
    QVERIFY(review.openWorkspace(path));
    QCOMPARE(review.panel()->runCombo()->count(), 0);
    QVERIFY(importFile(review, casesFile_, demoDir_, false));
    QCOMPARE(review.panel()->runCombo()->count(), 1);
    QVERIFY(review.panel()->runCombo()->currentText().startsWith(QStringLiteral("cases")));
  }

  void databaseFolderSetAfterImportLetsEvaluateScore() {
    QWidget window;
    ReviewController review(&window);
    QDir().mkpath(dir_.filePath("elsewhere"));
    const QString path = dir_.filePath("elsewhere/folder.hallusql");
    QVERIFY(review.openWorkspace(path, true));
    QVERIFY(importFile(review, casesFile_, QString(), false));  // no database folder
    QVERIFY(evaluateCurrent(review));
    QCOMPARE(review.panel()->caseModel()->correctCount() + review.panel()->caseModel()->wrongCount(), 0);
    // The summary says why nothing was scored and where to fix it ("EX –%" alone did not).
    QVERIFY2(review.panel()->statsText().contains(QStringLiteral("Set Database Folder")),
             qPrintable(review.panel()->statsText()));
    auto* actions = review.runActions();
    actions->askFolder = [&](const QString& current) { return current.isEmpty() ? demoDir_ : QString(); };
    actions->databaseFolderAction()->trigger();
    QCOMPARE(actions->databaseFolder(review.panel()->currentRunId()), QFileInfo(demoDir_).absoluteFilePath());
    QVERIFY(evaluateCurrent(review));
    QCOMPARE(review.panel()->caseModel()->correctCount(), 1);  // c:2
    QCOMPARE(review.panel()->caseModel()->wrongCount(), 2);
    QVERIFY(!review.panel()->statsText().contains(QStringLiteral("Set Database Folder")));
    QVERIFY(!actions->setDatabaseFolder(review.panel()->currentRunId(), dir_.filePath("no-such-folder")));
  }

  void ignoringColumnOrderIsARunSettingShownInTheSummary() {
    QWidget window;
    ReviewController review(&window);
    const QString path = dir_.filePath("order.hallusql");
    QVERIFY(review.openWorkspace(path, true));
    QVERIFY(importFile(review, casesFile_, demoDir_, true));
    QVERIFY(!review.panel()->statsText().contains(QStringLiteral("column order")));
    auto* toggle = review.runActions()->ignoreColumnOrderAction();
    QVERIFY(!toggle->isChecked());
    toggle->trigger();
    QVERIFY(review.runActions()->ignoresColumnOrder(review.panel()->currentRunId()));
    QVERIFY(evaluateCurrent(review));
    QVERIFY(toggle->isChecked());
    const QString stats = review.panel()->statsText();
    QVERIFY2(stats.contains(QStringLiteral("EX (set) 33.3%")), qPrintable(stats));
    QVERIFY2(stats.contains(QStringLiteral("set ignoring column order 66.7%")), qPrintable(stats));
    QVERIFY2(stats.contains(QStringLiteral("bag 33.3%")), qPrintable(stats));
    toggle->trigger();
    QVERIFY(!review.runActions()->ignoresColumnOrder(review.panel()->currentRunId()));
  }

  void learnedLabelsAreARunSettingOfTheRunMenu() {
    QWidget window;
    ReviewController review(&window);
    QVERIFY(review.openWorkspace(dir_.filePath("learned.hallusql"), true));
    QVERIFY(importFile(review, casesFile_, demoDir_, true));
    auto* toggle = review.runActions()->learnedTypesAction();
    QVERIFY(review.runActions()->menu()->actions().contains(toggle));
    QVERIFY(toggle->isEnabled());
    QVERIFY(toggle->isChecked());  // the learned labels are the default
    const qint64 run = review.panel()->currentRunId();
    QVERIFY(review.runActions()->usesLearnedTypes(run));
    toggle->trigger();
    QVERIFY(!review.runActions()->usesLearnedTypes(run));
    QVERIFY(!review.runActions()->ignoresColumnOrder(run));  // one setting, not the other
    QVERIFY(evaluateCurrent(review));
    QVERIFY(!toggle->isChecked());  // kept through a re-evaluation
    toggle->trigger();
    QVERIFY(review.runActions()->usesLearnedTypes(run));
    QVERIFY(toggle->isChecked());
  }

  void importDialogNamesTheRunAndFlagsFilesInTheWrongField() {
    const QString dev = dir_.filePath("dev.json");
    writeText(dev,
              R"([{"db_id": "demo", "question": "How many?", "query": "SELECT count(*) FROM students"}])");
    const QString pred = dir_.filePath("Llama3-8B.sql");
    writeText(pred, "SELECT count(*) FROM students\n");
    const QString birdPred = dir_.filePath("predict_dev.json");
    writeText(birdPred, "{\"0\": \"SELECT 1\\t----- bird -----\\tdemo\"}\n");
    {
      hs::ui::ImportDialog d;
      d.setCasesFile(dev);
      d.setPredictionFile(pred);
      QVERIFY(d.waitForPreview(10000));
      QCOMPARE(d.runName(), QStringLiteral("dev · Llama3-8B"));
      QCOMPARE(d.model(), QStringLiteral("Llama3-8B"));
      QVERIFY2(d.fieldHint().isEmpty(), qPrintable(d.fieldHint()));
      QVERIFY(d.canImport());
    }
    {
      hs::ui::ImportDialog d;  // BIRD's predictions put in the cases field
      d.setCasesFile(birdPred);
      QVERIFY(d.waitForPreview(10000));
      QVERIFY(d.fieldHint().contains(QStringLiteral("predict_dev.json")));
      QVERIFY(d.fieldHint().contains(QStringLiteral("Predictions field")));
      QVERIFY(d.findChild<QLabel*>(QStringLiteral("importFieldHint"))->isVisibleTo(&d));
    }
    {
      hs::ui::ImportDialog d;  // the questions put in the predictions field
      d.setCasesFile(pred);
      d.setPredictionFile(dev);
      QVERIFY(d.waitForPreview(10000));
      QVERIFY(d.fieldHint().contains(QStringLiteral("dev.json")));
      QVERIFY(d.fieldHint().contains(QStringLiteral("Llama3-8B.sql")));
    }
  }

  void exportReportWritesTheChosenFormatInTheBackground() {
    QWidget window;
    ReviewController review(&window);
    const QString path = dir_.filePath("report.hallusql");
    QVERIFY(review.openWorkspace(path, true));
    QVERIFY(importFile(review, casesFile_, demoDir_, true));
    hs::ui::ReportDialog d(path, review.panel()->currentRunId());
    QCOMPARE(d.runCombo()->count(), 1);
    QVERIFY(d.outputEdit()->text().endsWith(QStringLiteral("cases-report.html")));
    d.formatCombo()->setCurrentIndex(d.formatCombo()->findData(QStringLiteral("csv")));
    QVERIFY(d.outputEdit()->text().endsWith(QStringLiteral("cases-report.csv")));
    d.formatCombo()->setCurrentIndex(d.formatCombo()->findData(QStringLiteral("html")));
    const QString out = dir_.filePath("out/team-report.html");
    QDir().mkpath(dir_.filePath("out"));
    d.outputEdit()->setText(out);
    // Return exports: the focus does not start on Browse..., and no other button takes Return.
    d.show();
    QVERIFY(QTest::qWaitForWindowExposed(&d));
    auto* focused = qobject_cast<QPushButton*>(d.focusWidget());
    QVERIFY2(!focused || focused == d.exportButton(), qPrintable(focused ? focused->text() : QString()));
    for (QPushButton* b : d.findChildren<QPushButton*>())
      if (b != d.exportButton() && b->text().startsWith(QStringLiteral("Browse"))) QVERIFY(!b->autoDefault());
    QSignalSpy exported(&d, &hs::ui::ReportDialog::exported);
    QVERIFY(d.startExport());
    QVERIFY(!d.exportButton()->isEnabled());  // while it runs
    QVERIFY(exported.wait(30000));
    QCOMPARE(exported.front().front().toBool(), true);
    QCOMPARE(d.writtenPath(), out);
    QVERIFY(QFileInfo(out).size() > 1000);
    QVERIFY2(d.statusText().contains(QStringLiteral("3 case")), qPrintable(d.statusText()));
    QVERIFY(d.exportButton()->isEnabled());
    if (qEnvironmentVariableIsSet("HALLUSQL_SCREENSHOT_DIR")) {
      d.resize(680, d.sizeHint().height());
      QVERIFY(
          d.grab().save(QDir(qEnvironmentVariable("HALLUSQL_SCREENSHOT_DIR")).filePath("export-report.png")));
    }
    // A file where no folder exists: the error is shown, nothing crashes.
    d.outputEdit()->setText(dir_.filePath("missing/dir/r.jsonl"));
    QVERIFY(d.startExport());
    QVERIFY(exported.wait(30000));
    QCOMPARE(exported.back().front().toBool(), false);
    QVERIFY(!d.lastError().isEmpty());
  }
};

QTEST_MAIN(TestReviewRuns)
#include "test_review_runs.moc"
