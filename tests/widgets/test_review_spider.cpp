// The whole review path on real data (skipped without ../shared/data): the Spider dev GPT-4
// (DIN-SQL) predictions imported through the import dialog's CSV mapping, evaluated in the
// background with the rule annotator, filtered to the wrong cases. With HALLUSQL_SCREENSHOT_DIR set,
// saves review-case-list.png of the main window.
#include <QtTest>

#include <QComboBox>
#include <QElapsedTimer>
#include <QTableWidget>

#include "engine/workspace/results_store.h"
#include "engine/workspace/workspace.h"
#include "review_test_env.h"
#include "support/shared_data.h"
#include "widgets/language_controller.h"
#include "widgets/main_window.h"
#include "widgets/review/case_filter_proxy.h"
#include "widgets/review/case_list_model.h"
#include "widgets/review/evaluation_controller.h"
#include "widgets/review/import_dialog.h"
#include "widgets/review/review_controller.h"
#include "widgets/review/review_panel.h"

class TestReviewSpider : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    hs::test::isolateSettings(dir_, "hallusql-review-spider-test");
  }

  void gpt4PredictionsImportEvaluateAndFilter() {
    HS_REQUIRE_SHARED_DATA();
    const QString csv =
        QString::fromStdString(hs::test::sharedPath("predictions/spider_dev/gpt4_DIN-SQL.csv"));
    if (!QFileInfo::exists(csv)) QSKIP("the GPT-4 predictions are not in ../shared/data");
    hs::ui::LanguageController english;  // as the application starts: English with its plural forms
    QVERIFY(english.setLanguage(QStringLiteral("en")));
    hs::ui::MainWindow w(&english);
    w.resize(1500, 900);
    w.show();
    w.showReview();
    const QString path = dir_.filePath("spider.hallusql");
    QVERIFY(w.review()->openWorkspace(path, true));

    hs::ui::ImportDialog d;
    d.setCasesFile(csv);
    d.setDatabaseRoot(QString::fromStdString(hs::test::sharedPath("spider/database")));
    d.setRunName("spider dev · GPT-4 DIN-SQL");
    d.setModel("gpt-4 (DIN-SQL)");
    QVERIFY(d.waitForPreview(30000));
    QCOMPARE(d.report().cases.size(), std::size_t{1034});
    QCOMPARE(d.previewTable()->rowCount(), hs::ui::ImportDialog::kPreviewRows);
    QVERIFY(d.canImport());

    QSignalSpy settled(w.review(), &hs::ui::ReviewController::settled);
    QSignalSpy finished(w.review()->evaluation(), &hs::ui::EvaluationController::finished);
    QElapsedTimer t;
    t.start();
    QVERIFY(w.review()->importFromDialog(d));
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 1, 540000);
    const auto result = finished.first().at(0).value<hs::ui::EvaluationResult>();
    qInfo("Spider dev GPT-4: import + evaluate %d cases in %lld ms (evaluation %lld ms)", result.total,
          static_cast<long long>(t.elapsed()), static_cast<long long>(result.elapsedMs));
    QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
    QCOMPARE(result.saved, 1034);

    auto* panel = w.review()->panel();
    auto* model = panel->caseModel();
    QCOMPARE(model->evaluatedCount(), 1034);
    auto ws = hs::ws::Workspace::open(path.toStdString()).value();
    auto rows = hs::ws::caseSummaries(ws, panel->currentRunId()).value();
    int wrong = 0;
    for (const auto& r : rows) wrong += r.exSet == false ? 1 : 0;
    QCOMPARE(model->wrongCount(), wrong);
    QVERIFY(wrong > 50 && wrong < 500);         // GPT-4 gets most of Spider dev right, not all
    panel->verdictCombo()->setCurrentIndex(2);  // EX wrong
    QCOMPARE(panel->proxy()->rowCount(), wrong);
    int withFindings = 0;  // the first wrong case with findings, for the picture
    while (withFindings + 1 < panel->proxy()->rowCount() &&
           panel->proxy()->index(withFindings, hs::ui::CaseListModel::Findings).data().toString().isEmpty())
      ++withFindings;
    QVERIFY(panel->selectCaseRow(withFindings));
    qInfo("EX (set) %.1f%% (%d wrong of %d)", 100.0 * model->correctCount() / (model->correctCount() + wrong),
          wrong, model->rowCount());
    if (qEnvironmentVariableIsSet("HALLUSQL_SCREENSHOT_DIR")) {
      QTest::qWait(300);
      w.grab().save(QDir(qEnvironmentVariable("HALLUSQL_SCREENSHOT_DIR")).filePath("review-case-list.png"));
    }
  }
};

QTEST_MAIN(TestReviewSpider)
#include "test_review_spider.moc"
