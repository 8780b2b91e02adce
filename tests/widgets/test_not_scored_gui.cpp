// Cases that cannot be scored are counted and explained once (issue 28): the import dialog's
// summary and the Review tab's run header say "3 cases not scored: database missing for 3
// (gone.sqlite)", counted by the engine against the database folder. Before, only each case's
// Results tab gave the reason, and the header said nothing once any case had been scored. With
// HALLUSQL_SCREENSHOT_DIR set, saves import-not-scored.png and review-not-scored.png.
#include <QtTest>

#include <QFile>
#include <QLabel>

#include <fstream>

#include <nlohmann/json.hpp>

#include "engine/workflow/import_run.h"
#include "review_test_env.h"
#include "widgets/language_controller.h"
#include "widgets/review/annotation_bar.h"
#include "widgets/review/evaluation_controller.h"
#include "widgets/review/import_dialog.h"
#include "widgets/review/review_panel.h"

namespace {

// Two cases on "here" (its file exists), three on "gone" (no file under the folder).
std::vector<hs::Case> cases() {
  std::vector<hs::Case> out;
  for (int i = 0; i < 5; ++i) {
    hs::Case c;
    c.id = "c" + std::to_string(i);
    c.dbId = i < 2 ? "here" : "gone";
    c.question = "q";
    c.goldSql = "SELECT 1";
    c.predSql = "SELECT 1";
    out.push_back(c);
  }
  return out;
}

const QString kExpected = QStringLiteral("3 cases not scored: database missing for 3 (gone.sqlite)");

}  // namespace

class TestNotScoredGui : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;
  hs::ui::LanguageController english_;

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    hs::test::isolateSettings(dir_, "hallusql-not-scored-test");
    QVERIFY(english_.setLanguage(QStringLiteral("en")));
    QVERIFY(QDir(dir_.path()).mkpath(QStringLiteral("dbs/here")));
    QFile db(dir_.filePath(QStringLiteral("dbs/here/here.sqlite")));
    QVERIFY(db.open(QIODevice::WriteOnly));  // only its presence is looked at
  }

  void importDialogCountsThem() {
    const QString file = dir_.filePath(QStringLiteral("cases.jsonl"));
    {
      std::ofstream f(file.toStdString());
      for (const hs::Case& c : cases())
        f << nlohmann::json{{"id", c.id},
                            {"db_id", c.dbId},
                            {"question", c.question},
                            {"gold_sql", *c.goldSql},
                            {"pred_sql", *c.predSql}}
                 .dump()
          << "\n";
    }
    hs::ui::ImportDialog d;
    d.setCasesFile(file);
    d.setDatabaseRoot(dir_.filePath(QStringLiteral("dbs")));
    QVERIFY(d.waitForPreview(10000));
    QVERIFY2(d.summaryLabel()->text().contains(kExpected), qPrintable(d.summaryLabel()->text()));
    if (const QString shots = qEnvironmentVariable("HALLUSQL_SCREENSHOT_DIR"); !shots.isEmpty()) {
      d.resize(1000, 640);
      d.show();
      QVERIFY(QTest::qWaitForWindowExposed(&d));
      QVERIFY(d.grab().save(QDir(shots).filePath("import-not-scored.png")));
      d.hide();
    }
    // A folder where every database is: nothing to explain.
    QVERIFY(QDir(dir_.path()).mkpath(QStringLiteral("dbs/gone")));
    QFile gone(dir_.filePath(QStringLiteral("dbs/gone/gone.sqlite")));
    QVERIFY(gone.open(QIODevice::WriteOnly));
    gone.close();
    d.setDatabaseRoot(QString());
    d.setDatabaseRoot(dir_.filePath(QStringLiteral("dbs")));
    QVERIFY(d.waitForPreview(10000));
    QVERIFY2(!d.summaryLabel()->text().contains(QStringLiteral("not scored")),
             qPrintable(d.summaryLabel()->text()));
    QVERIFY(gone.remove());
  }

  void runHeaderCountsThem() {
    const QString path = dir_.filePath(QStringLiteral("run.hallusql"));
    hs::ws::RunInfo info;
    info.name = "five";
    info.settingsJson =
        nlohmann::json{{"db_root", dir_.filePath(QStringLiteral("dbs")).toStdString()}}.dump();
    QVERIFY(hs::workflow::importRun(path.toStdString(), info, cases()).ok());
    hs::ui::EvaluationController evaluation;
    hs::ui::ReviewPanel panel(&evaluation);
    QVERIFY(panel.setWorkspace(path));
    QVERIFY(panel.annotationBar()->waitForHkb(20000));  // its loading job ends before the panel does
    QVERIFY2(panel.statsText().contains(kExpected), qPrintable(panel.statsText()));
    if (const QString shots = qEnvironmentVariable("HALLUSQL_SCREENSHOT_DIR"); !shots.isEmpty()) {
      panel.resize(1366, 700);
      panel.show();
      QVERIFY(QTest::qWaitForWindowExposed(&panel));
      QVERIFY(panel.grab().save(QDir(shots).filePath("review-not-scored.png")));
    }
  }
};

QTEST_MAIN(TestNotScoredGui)
#include "test_not_scored_gui.moc"
