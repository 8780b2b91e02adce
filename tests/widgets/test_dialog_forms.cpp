// The form dialogs reachable from the menus (Run Drill-down, Import Benchmark Run, Export Report,
// LLM Endpoints and Prompts) give each field label a mnemonic (Alt+letter) that puts the focus in
// its field, with no letter used twice. Export Report offers review runs only: a drill-down run
// has steps, not predictions to report.
#include <QtTest>

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QTemporaryDir>

#include "engine/workspace/drilldown_store.h"
#include "engine/workspace/workspace.h"
#include "review_test_env.h"
#include "widgets/drilldown/drilldown_run_dialog.h"
#include "widgets/llm/llm_log_model.h"
#include "widgets/llm/llm_settings_dialog.h"
#include "widgets/review/import_dialog.h"
#include "widgets/review/report_dialog.h"

namespace {

// Every label of every QFormLayout in `dialog` (but those of notes): a mnemonic whose buddy is a
// focusable field, letters unique. Returns "" or what is wrong.
QString checkForm(QWidget* dialog, int expectedLabels) {
  QSet<QChar> letters;
  int labels = 0;
  for (QFormLayout* form : dialog->findChildren<QFormLayout*>()) {
    for (int row = 0; row < form->rowCount(); ++row) {
      QLayoutItem* item = form->itemAt(row, QFormLayout::LabelRole);
      auto* label = item ? qobject_cast<QLabel*>(item->widget()) : nullptr;
      if (!label || label->text().isEmpty()) continue;
      QLayoutItem* field = form->itemAt(row, QFormLayout::FieldRole);
      if (field && qobject_cast<QLabel*>(field->widget())) continue;  // a note, no field to reach
      ++labels;
      const QString text = label->text();
      const qsizetype amp = text.indexOf(QLatin1Char('&'));
      if (amp < 0 || amp + 1 >= text.size()) return QStringLiteral("no mnemonic: ") + text;
      const QChar letter = text.at(amp + 1).toLower();
      if (letters.contains(letter)) return QStringLiteral("letter used twice: ") + text;
      letters.insert(letter);
      QWidget* buddy = label->buddy();
      if (!buddy) return QStringLiteral("no buddy: ") + text;
      // QLabel moves on to the next widget instead when its buddy takes no focus (a row of a
      // line edit and a Browse button): the buddy must be the field itself.
      if (buddy->focusPolicy() == Qt::NoFocus) return QStringLiteral("buddy takes no focus: ") + text;
    }
  }
  if (labels != expectedLabels)
    return QStringLiteral("%1 labels, expected %2").arg(labels).arg(expectedLabels);
  return QString();
}

}  // namespace

class TestDialogForms : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    hs::test::isolateSettings(dir_, "hallusql-dialog-forms-test");
  }

  void drilldownRunDialog() {
    hs::ui::DrilldownRunDialog dialog(hs::ui::DrilldownRunRequest{});
    const QString problem = checkForm(&dialog, 5);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    // Alt+D lands in the database folder's text field, not on its row.
    dialog.show();
    QVERIFY(QTest::qWaitForWindowActive(&dialog));
    QTest::keyClick(&dialog, Qt::Key_D, Qt::AltModifier);
    QWidget* focus = QApplication::focusWidget();
    QVERIFY2(focus == dialog.findChild<QLineEdit*>(QStringLiteral("drilldownDbRoot")),
             focus ? qPrintable(focus->objectName() + QLatin1Char(' ') + focus->metaObject()->className())
                   : "none");
  }

  void importDialog() {
    hs::ui::ImportDialog dialog;
    const QString problem = checkForm(&dialog, 6);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
  }

  void settingsDialog() {
    hs::ui::LlmLogModel log;
    hs::ui::LlmSettingsDialog dialog(&log);
    const QString problem = checkForm(&dialog, 11);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
  }

  void reportDialogListsReviewRunsOnly() {
    const QString path = dir_.filePath("report.hallusql");
    qint64 reviewRun = 0;
    {
      auto ws = hs::ws::Workspace::create(path.toStdString()).value();
      reviewRun = ws.createRun(hs::ws::RunInfo{"review run", "m", "", "{}"}).value();
      hs::Case c;
      c.id = "t:1";
      c.dbId = "nodb";
      c.question = "How many?";
      c.goldSql = "SELECT 1";
      c.predSql = "SELECT 1";
      QVERIFY(static_cast<bool>(ws.insertCases(reviewRun, {c})));
      hs::ws::DrilldownStepRow step;
      step.caseId = "dev:1";
      step.dbId = "nodb";
      step.model = "m";
      step.history = "off";
      step.step = 1;
      step.final = true;
      step.goldSql = "SELECT 1";
      QVERIFY(static_cast<bool>(hs::ws::saveDrilldownRun(ws, "drill-down run", "dd.json", {step})));
    }
    hs::ui::ReportDialog dialog(path, reviewRun);
    const QString problem = checkForm(&dialog, 3);  // Language is a note, not a field
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    auto* runs = dialog.findChild<QComboBox*>(QStringLiteral("reportRunCombo"));
    QVERIFY(runs);
    QCOMPARE(runs->count(), 1);
    QVERIFY(runs->itemText(0).startsWith(QStringLiteral("review run")));
  }
};

QTEST_MAIN(TestDialogForms)
#include "test_dialog_forms.moc"
