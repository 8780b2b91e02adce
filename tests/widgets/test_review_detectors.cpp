// The Review tab's detector bench: after the demo run is evaluated, the panel computes the
// detector table in the background with engine/bench (the code `bench-detectors` runs) and shows
// it on one line; the numbers equal a direct benchWorkspaceRun of the same run.
#include <QTabWidget>
#include <QtTest>

#include <nlohmann/json.hpp>

#include "engine/bench/bench_run.h"
#include "engine/workspace/demo.h"
#include "review_test_env.h"
#include "widgets/language_controller.h"
#include "widgets/review/detector_summary.h"
#include "widgets/review/evaluation_controller.h"
#include "widgets/review/review_controller.h"
#include "widgets/review/review_panel.h"

class TestReviewDetectors : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    hs::test::isolateSettings(dir_, "hallusql-review-detectors-test");
  }

  void benchOfTheShownRun() {
    QTemporaryDir dir;
    auto demo = hs::ws::createDemo(dir.path().toStdString());
    QVERIFY(demo.ok());
    QWidget window;
    hs::ui::ReviewController review(&window);
    QVERIFY(review.openWorkspace(QString::fromStdString(demo->workspacePath)));
    auto* panel = review.panel();
    auto* summary = panel->detectorSummary();
    QVERIFY(summary->text().isEmpty());  // not evaluated: nothing to bench
    QSignalSpy computed(summary, &hs::ui::DetectorSummary::computed);
    QSignalSpy finished(review.evaluation(), &hs::ui::EvaluationController::finished);
    panel->evaluateCurrentRun();
    QVERIFY(finished.wait(60000));
    QVERIFY(computed.wait(60000));
    QVERIFY(computed.last().at(0).toBool());
    const QString line = summary->text();
    QVERIFY2(line.contains("AUROC") && line.contains("AUPRC") && line.contains("risk score"),
             qPrintable(line));
    QVERIFY(summary->toolTip().contains("RS(10)"));

    hs::bench::BenchOptions o;
    o.detectors = {"risk"};
    o.bootstrap = 500;
    auto direct = hs::bench::benchWorkspaceRun(demo->workspacePath, panel->currentRunId(), o);
    QVERIFY(direct.ok());
    const auto& d = (*direct)["detectors"][0];
    QVERIFY2(line.contains(QString::number(d["auroc"].get<double>(), 'f', 2)), qPrintable(line));
    QVERIFY(line.contains(QString("%1 cases").arg((*direct)["set"]["cases"].get<int>())));

    // Switching the language rewrites the line (it stayed English under a Chinese window), and the
    // case view's Results tab with it.
    hs::ui::LanguageController lang;
    QVERIFY(lang.setLanguage(QStringLiteral("zh_CN")));
    QTRY_VERIFY2(summary->text() != line && summary->text().contains(QChar(0x68C0)),
                 qPrintable(summary->text()));
    QVERIFY(summary->text().contains(QString::number(d["auroc"].get<double>(), 'f', 2)));
    auto* caseTabs = panel->findChild<QTabWidget*>(QStringLiteral("caseViewTabs"));
    QVERIFY(caseTabs);
    for (int i = 0; i < caseTabs->count(); ++i)
      QVERIFY2(!caseTabs->tabText(i).contains(QStringLiteral("Results")), qPrintable(caseTabs->tabText(i)));
    QVERIFY(lang.setLanguage(QStringLiteral("en")));
    QTRY_COMPARE(summary->text(), line);
  }

  void formatsASummaryCompactly() {
    nlohmann::json s = {{"set", {{"cases", 972}, {"wrong", 181}}},
                        {"detectors",
                         {{{"name", "risk"},
                           {"auroc", 0.766},
                           {"ci", {{"low", 0.73}, {"high", 0.799}}},
                           {"auprc", 0.47},
                           {"auprc_ci", {{"low", 0.41}, {"high", 0.53}}},
                           {"rs", nlohmann::json::array()}}}}};
    const QString line = hs::ui::DetectorSummary::line(s);
    QCOMPARE(line, QString("Detectors by EX (972 cases, 181 wrong): risk score AUROC 0.77 [0.73, 0.80], "
                           "AUPRC 0.47 [0.41, 0.53]"));
    // With the AUROC on executable predictions (issue 13: beside the one on all, everywhere).
    s["detectors"][0]["executable"] = {
        {"cases", 965}, {"wrong", 174}, {"auroc", 0.722}, {"ci", {{"low", 0.678}, {"high", 0.764}}}};
    QCOMPARE(hs::ui::DetectorSummary::line(s),
             QString("Detectors by EX (972 cases, 181 wrong): risk score AUROC 0.77 [0.73, 0.80] "
                     "(executable 0.72 [0.68, 0.76]), AUPRC 0.47 [0.41, 0.53]"));
    s["set"] = {{"cases", 0}, {"wrong", 0}};
    QCOMPARE(hs::ui::DetectorSummary::line(s),
             QString("Detectors by EX: no case with an EX verdict and a risk score yet"));
  }
};

QTEST_MAIN(TestReviewDetectors)
#include "test_review_detectors.moc"
