// The import dialog: preview and precise problems on dirty files (tests/fixtures/import), the CSV
// column mapping filled from the header, Import disabled while nothing valid was read, and an
// import into a workspace as a run.
#include <QtTest>

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTableWidget>

#include "engine/workspace/workspace.h"
#include "review_test_env.h"
#include "widgets/language_controller.h"
#include "widgets/review/evaluation_controller.h"
#include "widgets/review/import_dialog.h"
#include "widgets/review/review_controller.h"
#include "widgets/review/review_panel.h"

namespace imp = hs::ws::import;

namespace {

QString fixture(const char* name) {
  return QStringLiteral(HALLUSQL_SOURCE_DIR "/tests/fixtures/import/") + QLatin1String(name);
}

QStringList problems(const hs::ui::ImportDialog& d) {
  QStringList out;
  for (int i = 0; i < d.problemList()->count(); ++i) out << d.problemList()->item(i)->text();
  return out;
}

bool okEnabled(const hs::ui::ImportDialog& d) {
  auto* box = d.findChild<QDialogButtonBox*>();
  return box && box->button(QDialogButtonBox::Ok)->isEnabled();
}

}  // namespace

class TestReviewImport : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;
  hs::ui::LanguageController lang_;

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    hs::test::isolateSettings(dir_, "hallusql-review-import-test");
    QVERIFY(lang_.setLanguage(QStringLiteral("en")));  // the English plurals
  }

  void emptyDialogCannotImport() {
    hs::ui::ImportDialog d;
    QVERIFY(d.waitForPreview(5000));
    QVERIFY(!okEnabled(d));
    QVERIFY(!d.canImport());
  }

  void dirtyJsonlShowsCasesAndPreciseProblems() {
    hs::ui::ImportDialog d;
    d.setCasesFile(fixture("dirty.jsonl"));
    QVERIFY(d.waitForPreview(10000));
    QCOMPARE(d.previewTable()->rowCount(), 3);
    QCOMPARE(d.previewTable()->item(0, 0)->text(), QStringLiteral("c1"));
    QCOMPARE(d.previewTable()->item(0, 3)->text(), d.tr("(no prediction)"));     // pred_sql was 0
    QCOMPARE(d.previewTable()->item(1, 3)->text(), QStringLiteral("SELECT 2"));  // tab + db_id removed
    const QStringList p = problems(d);
    QVERIFY2(p.filter(QStringLiteral("dirty.jsonl:4:")).size() == 1, qPrintable(p.join('\n')));
    QVERIFY(p.filter(QStringLiteral("dirty.jsonl:4:")).first().startsWith(QStringLiteral("Error")));
    QVERIFY(!p.filter(QStringLiteral("dirty.jsonl:1:")).isEmpty());  // integer 0: generation failed
    QVERIFY(!p.filter(QStringLiteral("dirty.jsonl:3:")).isEmpty());  // blank line
    // Plural forms, not "3 case(s) · 1 warning(s)"; the counts as the problem list has them.
    const QString summary = d.summaryLabel()->text();
    QVERIFY2(summary.startsWith(QStringLiteral("3 cases read as jsonl · ")), qPrintable(summary));
    QVERIFY2(!summary.contains(QStringLiteral("(s)")), qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("1 error")) && !summary.contains(QStringLiteral("1 errors")),
             qPrintable(summary));
    QVERIFY(okEnabled(d));  // three valid cases
    if (qEnvironmentVariableIsSet("HALLUSQL_SCREENSHOT_DIR")) {
      d.show();
      QTest::qWait(200);
      d.grab().save(QDir(qEnvironmentVariable("HALLUSQL_SCREENSHOT_DIR")).filePath("import-dialog.png"));
    }
  }

  void unterminatedCsvNamesTheLine() {
    hs::ui::ImportDialog d;
    d.setCasesFile(fixture("unterminated.csv"));
    QVERIFY(d.waitForPreview(10000));
    QCOMPARE(d.previewTable()->rowCount(), 1);
    const QStringList p = problems(d);
    QVERIFY2(p.filter(QStringLiteral("unterminated.csv:3:")).size() == 1, qPrintable(p.join('\n')));
  }

  void csvMappingFromTheHeader() {
    hs::ui::ImportDialog d;
    d.setFormat(imp::Format::Csv);
    d.setCasesFile(fixture("bad_header.csv"));
    QVERIFY(d.waitForPreview(10000));
    // Nothing maps to the default names: no case, an error naming the header, Import disabled.
    QCOMPARE(d.previewTable()->rowCount(), 0);
    QVERIFY(!okEnabled(d));
    QVERIFY(problems(d).join('\n').contains(QStringLiteral("question, sql_a, sql_b")));
    auto* pred = d.findChild<QComboBox*>(QStringLiteral("csv_pred"));
    QVERIFY(pred);
    QVERIFY(pred->isVisibleTo(&d));
    QCOMPARE(pred->count(), 4);  // "(not mapped)" + the three header fields
    QCOMPARE(d.findChild<QComboBox*>(QStringLiteral("csv_question"))->currentText(),
             QStringLiteral("question"));
    d.setCsvColumn("pred", "sql_a");
    d.setCsvColumn("gold", "sql_b");
    d.setCsvColumn("db", "question");
    QVERIFY(d.waitForPreview(10000));
    QCOMPARE(d.previewTable()->rowCount(), 1);
    QCOMPARE(d.previewTable()->item(0, 4)->text(), QStringLiteral("SELECT 1"));
    QVERIFY(okEnabled(d));
    QVERIFY(problems(d).isEmpty());
  }

  void spiderNeedsThePredictionFile() {
    hs::ui::ImportDialog d;
    d.setFormat(imp::Format::Spider);
    d.setCasesFile(fixture("gold.sql"));
    d.setPredictionFile(fixture("pred_dirty.txt"));
    QVERIFY(d.waitForPreview(10000));
    QVERIFY(d.previewTable()->rowCount() > 0);
    QCOMPARE(QString::fromLatin1(imp::toString(d.report().format)), QStringLiteral("spider"));
    const QStringList p = problems(d).filter(QStringLiteral("pred_dirty.txt:2:"));  // the line holding 0
    QVERIFY2(p.size() == 1 && p.first().contains(QStringLiteral("generation failed")),
             qPrintable(problems(d).join('\n')));
    QVERIFY(!problems(d).filter(QStringLiteral("pred_dirty.txt:1:")).isEmpty());  // tab + db_id
  }

  void importsIntoTheWorkspaceAsARun() {
    QWidget window;
    hs::ui::ReviewController review(&window);
    const QString path = dir_.filePath("import.hallusql");
    QVERIFY(review.openWorkspace(path, true));
    hs::ui::ImportDialog d;
    d.setCasesFile(fixture("dirty.jsonl"));
    d.setRunName("dirty run");
    d.setModel("m1");
    d.setDatabaseRoot(dir_.path());
    QVERIFY(d.waitForPreview(10000));
    auto* evaluateBox = d.findChild<QCheckBox*>();
    QVERIFY(evaluateBox);
    evaluateBox->setChecked(false);
    QSignalSpy settled(&review, &hs::ui::ReviewController::settled);
    QVERIFY(review.importFromDialog(d));
    QVERIFY(settled.wait(10000));
    QCOMPARE(review.panel()->runCombo()->count(), 1);
    QVERIFY(review.panel()->runCombo()->currentText().startsWith(QStringLiteral("dirty run")));
    auto ws = hs::ws::Workspace::open(path.toStdString());
    QVERIFY(ws.ok());
    auto runs = ws->runs().value();
    QCOMPARE(runs.size(), std::size_t{1});
    QCOMPARE(runs[0].info.model, std::string("m1"));
    QCOMPARE(hs::ui::runDbRoot(runs[0].info.settingsJson), dir_.path());
    QCOMPARE(ws->caseCount(runs[0].id).value(), std::int64_t{3});
  }
};

QTEST_MAIN(TestReviewImport)
#include "test_review_import.moc"
