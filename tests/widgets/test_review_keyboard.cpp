// A review session with the keyboard only (issue 12): twelve cases, ten reviewed through the
// Review tab's keys (next unreviewed, next finding, confirm, reject, mark correct / incorrect /
// unsure, choose and add a label, undo, redo). Checks what the workspace's annotations table
// holds, the Reviewed column, the Unreviewed / Disputed filters and the progress text. With
// HALLUSQL_SCREENSHOT_DIR set, saves review-queue.png of the panel.
#include <QtTest>

#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QTreeWidget>

#include "engine/workspace/annotations.h"
#include "engine/workspace/results_store.h"
#include "engine/workspace/workspace.h"
#include "review_keys_workspace.h"
#include "review_test_env.h"
#include "widgets/focus_frame_probe.h"
#include "widgets/language_controller.h"
#include "widgets/review/annotation_bar.h"
#include "widgets/review/case_filter_proxy.h"
#include "widgets/review/case_list_model.h"
#include "widgets/review/case_plan_view.h"
#include "widgets/review/case_view.h"
#include "widgets/review/case_view_host.h"
#include "widgets/review/evaluation_controller.h"
#include "widgets/review/review_panel.h"
#include "widgets/sql_editor.h"

namespace {

void key(int k, Qt::KeyboardModifiers mods = Qt::NoModifier) {
  QWidget* target = QApplication::focusWidget();
  QVERIFY(target);
  QTest::keyClick(target, static_cast<Qt::Key>(k), mods);
}

}  // namespace

class TestReviewKeyboard : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;
  hs::ui::LanguageController english_;  // as the application starts: English with its plural forms

  // Shows `panel` at `size` on a fresh 12-case workspace at `path`, case 2 selected (a wrong case:
  // findings, an edit script, two plans).
  static bool showOnCaseTwo(hs::ui::ReviewPanel& panel, const QString& path, QSize size) {
    if (hs::test::createKeysWorkspace(path).size() != 12) return false;
    panel.resize(size);
    panel.show();
    return QTest::qWaitForWindowActive(&panel) && panel.setWorkspace(path) && panel.selectCaseNumber(2);
  }

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    hs::test::isolateSettings(dir_, "hallusql-review-keyboard-test");
    QVERIFY(english_.setLanguage(QStringLiteral("en")));
  }

  void reviewTenCasesWithKeys() {
    const QString path = dir_.filePath("keys.hallusql");
    const auto ids = hs::test::createKeysWorkspace(path);
    QCOMPARE(ids.size(), std::size_t{12});

    hs::ui::EvaluationController evaluation;
    hs::ui::ReviewPanel panel(&evaluation);
    panel.resize(1500, 820);
    panel.show();
    QVERIFY(QTest::qWaitForWindowActive(&panel));
    // Before any workspace: the case view says how to open or make one (it said "Select a case in
    // the list" beside an empty list).
    bool saysHow = false;
    for (const QLabel* l : panel.findChildren<QLabel*>())
      saysHow = saysHow || (l->isVisible() && l->text().contains(QStringLiteral("Open Workspace")) &&
                            l->text().contains(QStringLiteral("Import Benchmark Run")));
    QVERIFY(saysHow);
    hs::ui::AnnotationBar* bar = panel.annotationBar();
    bar->setAnnotator(QStringLiteral("kb"));
    QVERIFY(panel.setWorkspace(path));
    QVERIFY(bar->waitForHkb(20000));
    QCOMPARE(panel.progressText(), QStringLiteral("0 of 12 reviewed"));
    QVERIFY(panel.selectedCaseId() == ids[0]);
    panel.caseList()->setFocus();
    QTRY_VERIFY(QApplication::focusWidget() == panel.caseList());

    // Every key has a tooltip and a row in the sheet.
    QVERIFY(bar->confirmButton()->toolTip().contains(
        QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Return).toString(QKeySequence::NativeText)));
    QVERIFY(panel.shortcutList().size() >= 15);

    key(Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);  // 1 (right): mark correct
    key(Qt::Key_F8);
    QCOMPARE(panel.selectedCaseId(), ids[1]);
    // The header gives the list's # before the case key (#2 · spider:1).
    QVERIFY(panel.caseView()->caseView()->headerText().contains(QStringLiteral("#2 · spider:1")));
    // 2: opening the case selected its first finding (C8): confirm it at once
    QCOMPARE(panel.caseView()->caseView()->findingList()->currentItem(),
             panel.caseView()->caseView()->findingList()->topLevelItem(0));
    key(Qt::Key_Return, Qt::ControlModifier | Qt::ShiftModifier);
    QTreeWidget* findings = panel.caseView()->caseView()->findingList();
    QVERIFY(findings->topLevelItem(0)->text(0).startsWith(QStringLiteral("✓ ")));
    QVERIFY(findings->topLevelItem(0)->toolTip(0).contains(QStringLiteral("Confirmed")));
    QVERIFY(!findings->topLevelItem(1)->text(0).startsWith(QStringLiteral("✓")));
    key(Qt::Key_F8);
    key(Qt::Key_F8);  // 3 skipped (stays unreviewed)
    QCOMPARE(panel.selectedCaseId(), ids[3]);
    key(Qt::Key_Backspace, Qt::ControlModifier);  // 4: reject C8 (selected), confirm the TA-SQL finding
    key(Qt::Key_Right, Qt::AltModifier);
    key(Qt::Key_Return, Qt::ControlModifier | Qt::ShiftModifier);
    key(Qt::Key_F8);
    bar->setNote(QStringLiteral("joins the wrong table"));    // what the Note key's dialog sets
    key(Qt::Key_X, Qt::ControlModifier | Qt::ShiftModifier);  // 5: incorrect
    key(Qt::Key_F8);
    key(Qt::Key_L, Qt::ControlModifier | Qt::ShiftModifier);  // 6: choose C3 in the picker, add it
    QCOMPARE(QApplication::focusWidget(), bar->categoryCombo());
    bar->categoryCombo()->setCurrentIndex(0);
    key(Qt::Key_Down);
    key(Qt::Key_Down);
    QCOMPARE(bar->categoryCombo()->currentData().toStringList(), (QStringList{"mrsqlgen", "C3"}));
    key(Qt::Key_L, Qt::ControlModifier);
    key(Qt::Key_F8);
    QCOMPARE(panel.selectedCaseId(), ids[6]);
    key(Qt::Key_U, Qt::ControlModifier | Qt::ShiftModifier);  // 7: unsure, undone, redone
    QCOMPARE(panel.progressText(), QStringLiteral("6 of 12 reviewed"));
    key(Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(panel.progressText(), QStringLiteral("5 of 12 reviewed"));
    QVERIFY(bar->waitForHkb(20000));
    key(Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(panel.progressText(), QStringLiteral("6 of 12 reviewed"));
    for (int i = 7; i < 11; ++i) {  // 8..11: correct; back up one with Shift+F8 is a no-op here
      key(Qt::Key_F8);
      QCOMPARE(panel.selectedCaseId(), ids[static_cast<std::size_t>(i)]);
      key(Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
    }
    QCOMPARE(panel.progressText(), QStringLiteral("10 of 12 reviewed"));
    key(Qt::Key_F8, Qt::ShiftModifier);  // the previous unreviewed case is #3
    QCOMPARE(panel.selectedCaseId(), ids[2]);
    key(Qt::Key_Down, Qt::AltModifier);  // next case (reviewed or not)
    QCOMPARE(panel.selectedCaseId(), ids[3]);
    // Undo the last two (cases 11 and 10: the view goes to each), redo one.
    key(Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(panel.selectedCaseId(), ids[10]);
    QVERIFY(bar->waitForHkb(20000));
    key(Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(panel.selectedCaseId(), ids[9]);
    QVERIFY(bar->waitForHkb(20000));
    QCOMPARE(panel.progressText(), QStringLiteral("8 of 12 reviewed"));
    key(Qt::Key_Y, Qt::ControlModifier);
    QCOMPARE(panel.progressText(), QStringLiteral("9 of 12 reviewed"));

    // What the workspace holds.
    auto ws = hs::ws::Workspace::open(path.toStdString()).value();
    const auto verdicts = [&](std::size_t i) {
      QStringList v;
      const auto rows = hs::ws::annotationsOfCase(ws, ids[i]);
      if (!rows) return QStringList{QStringLiteral("error")};
      for (const auto& a : *rows)
        v << QString::fromStdString(a.annotator + " " + a.verdict + ":" + a.category);
      return v;
    };
    QCOMPARE(verdicts(0), QStringList{"kb correct:"});
    QCOMPARE(verdicts(1), QStringList{"kb confirmed:C8"});
    QCOMPARE(verdicts(2), QStringList{});
    QCOMPARE(verdicts(3), (QStringList{"kb rejected:C8", "kb confirmed:Schema Contradiction"}));
    QCOMPARE(verdicts(4), QStringList{"kb incorrect:"});
    QCOMPARE(verdicts(5), QStringList{"kb added:C3"});
    QCOMPARE(hs::ws::annotationsOfCase(ws, ids[4]).value().front().note,
             std::string("joins the wrong table"));
    QVERIFY(hs::ws::annotationsOfCase(ws, ids[5]).value().front().note.empty());  // used once
    QCOMPARE(verdicts(6), QStringList{"kb unsure:"});
    QCOMPARE(verdicts(9), QStringList{"kb correct:"});
    QCOMPARE(verdicts(10), QStringList{});
    QCOMPARE(verdicts(11), QStringList{});

    // The list shows the human verdict next to EX; the Unreviewed filter lists the three others.
    hs::ui::CaseListModel* model = panel.caseModel();
    const auto reviewText = [&](std::size_t i) {
      return model->index(model->rowOfCase(ids[i]), hs::ui::CaseListModel::Review).data().toString();
    };
    QCOMPARE(reviewText(0), QStringLiteral("✓ correct"));
    QCOMPARE(reviewText(1), QStringLiteral("✓"));
    QCOMPARE(reviewText(2), QString());
    QCOMPARE(model->index(model->rowOfCase(ids[0]), hs::ui::CaseListModel::ExSet).data().toString(),
             QStringLiteral("✓"));
    panel.reviewCombo()->setCurrentIndex(2);  // Unreviewed
    QCOMPARE(panel.proxy()->rowCount(), 3);
    // The shown case (#4, reviewed) is hidden: the view no longer shows it, only a listed case.
    QVERIFY(panel.selectedCaseId() != ids[3]);
    if (panel.selectedCaseId() >= 0) {
      const int row = model->rowOfCase(panel.selectedCaseId());
      QVERIFY(panel.proxy()->mapFromSource(model->index(row, 0)).isValid());
    }
    panel.reviewCombo()->setCurrentIndex(3);  // Disputed: nobody disagrees yet
    QCOMPARE(panel.proxy()->rowCount(), 0);
    hs::ws::AnnotationRecord other;
    other.caseId = ids[0];
    other.annotator = "second";
    other.verdict = "incorrect";
    other.taxonomy = "human";
    QVERIFY(hs::ws::insertAnnotation(ws, other));
    panel.reloadReviewMarks();
    panel.reviewCombo()->setCurrentIndex(0);
    panel.reviewCombo()->setCurrentIndex(3);
    QCOMPARE(panel.proxy()->rowCount(), 1);

    if (const QString dir = qEnvironmentVariable("HALLUSQL_SCREENSHOT_DIR"); !dir.isEmpty()) {
      panel.reviewCombo()->setCurrentIndex(0);
      QVERIFY(panel.selectCaseNumber(4));
      panel.stepFinding(1);
      QVERIFY(panel.grab().save(QDir(dir).filePath("review-queue.png")));
    }
  }

  // The Query panes showed where the keyboard was, the Review tab's lists did not: a reviewer
  // tabbing from the case list to the findings could not see which list the arrow keys move.
  // Each list has the frame in the highlight colour while it has the focus, and only then.
  void reviewListsShowTheFocus() {
    const QString path = dir_.filePath("frames.hallusql");
    hs::ui::EvaluationController evaluation;
    hs::ui::ReviewPanel panel(&evaluation);
    QVERIFY(showOnCaseTwo(panel, path, QSize(1500, 820)));
    hs::ui::CaseView* view = panel.caseView()->caseView();
    QVERIFY(view);
    // The workspace has no database: the results are given to the view as an evaluation gives them.
    hs::Case kase;
    kase.goldSql = "SELECT 1";
    kase.predSql = "SELECT 2";
    hs::eval::CaseOutcome outcome;
    for (hs::eval::SideRun* side : {&outcome.gold, &outcome.pred}) {
      side->ran = side->ok = true;
      side->columns = {"n"};
    }
    view->setCase(kase, outcome);
    struct Pane {
      int tab;
      QWidget* widget;
    };
    const QList<Pane> panes = {{-1, panel.caseList()},
                               {-1, view->goldEditor()},
                               {-1, view->predEditor()},
                               {0, view->findingList()},
                               {1, view->editList()},
                               {2, view->goldTable()},
                               {2, view->predTable()},
                               {3, view->planView()->goldTree()},
                               {3, view->planView()->predTree()},
                               {3, view->planView()->findingList()}};
    for (const Pane& p : panes) {
      if (p.tab >= 0) view->tabs()->setCurrentIndex(p.tab);
      QVERIFY2(p.widget->isVisible(), qPrintable(QString::number(p.tab) + p.widget->objectName()));
      p.widget->setFocus(Qt::TabFocusReason);
      QTRY_VERIFY(p.widget->hasFocus());
      QVERIFY2(hs::test::showsFocusFrame(p.widget), qPrintable(p.widget->objectName()));
      for (const Pane& other : panes)
        if (other.widget != p.widget && other.widget->isVisible())
          QVERIFY2(!hs::test::showsFocusFrame(other.widget), qPrintable(other.widget->objectName()));
    }
  }

  // Tab in the case list moved through the columns of the row (and scrolled the list sideways):
  // the keyboard never left the list. Tab goes on to the case view, the row and column unchanged.
  void tabLeavesTheCaseList() {
    const QString path = dir_.filePath("tab.hallusql");
    hs::ui::EvaluationController evaluation;
    hs::ui::ReviewPanel panel(&evaluation);
    QVERIFY(showOnCaseTwo(panel, path, QSize(1366, 700)));
    QTableView* list = panel.caseList();
    list->setFocus(Qt::TabFocusReason);
    QTRY_VERIFY(list->hasFocus());
    const QModelIndex before = list->currentIndex();
    QTest::keyClick(list, Qt::Key_Tab);
    QVERIFY2(!list->hasFocus(), "Tab stayed in the case list");
    QCOMPARE(list->currentIndex(), before);
  }

  // Tab in a result table moved cell by cell, as it did in the case list: it leaves the table now,
  // and the arrow keys still move between the cells.
  void tabLeavesTheResultTables() {
    const QString path = dir_.filePath("tab-results.hallusql");
    hs::ui::EvaluationController evaluation;
    hs::ui::ReviewPanel panel(&evaluation);
    QVERIFY(showOnCaseTwo(panel, path, QSize(1366, 700)));
    hs::ui::CaseView* view = panel.caseView()->caseView();
    QVERIFY(view);
    hs::Case kase;
    kase.goldSql = "SELECT 1, 2";
    kase.predSql = "SELECT 1, 3";
    hs::eval::CaseOutcome outcome;
    for (hs::eval::SideRun* side : {&outcome.gold, &outcome.pred}) {
      side->ran = side->ok = true;
      side->columns = {"a", "b"};
      side->rows = {{hs::db::Value::integer(1), hs::db::Value::integer(2)},
                    {hs::db::Value::integer(3), hs::db::Value::integer(4)}};
    }
    view->setCase(kase, outcome);
    view->tabs()->setCurrentIndex(2);
    for (QTableView* table : {view->goldTable(), view->predTable()}) {
      QVERIFY(table->isVisible());
      table->setFocus(Qt::TabFocusReason);
      QTRY_VERIFY(table->hasFocus());
      table->setCurrentIndex(table->model()->index(0, 0));
      QTest::keyClick(table, Qt::Key_Right);
      QCOMPARE(table->currentIndex().column(), 1);  // the arrows move between cells
      const QModelIndex before = table->currentIndex();
      QTest::keyClick(table, Qt::Key_Tab);
      QVERIFY2(!table->hasFocus(), qPrintable(table->objectName() + " kept Tab"));
      QCOMPARE(table->currentIndex(), before);
    }
  }

  // Spider's difficulty words (easy, hard) stayed English under a Chinese window: in the list, the
  // filter and the case header. They are shown translated; the filter still selects by the value.
  void difficultyInTheUsersLanguage() {
    const QString path = dir_.filePath("difficulty.hallusql");
    const auto ids = hs::test::createKeysWorkspace(path);
    QCOMPARE(ids.size(), std::size_t{12});
    QVERIFY(english_.setLanguage(QStringLiteral("zh_CN")));
    hs::ui::EvaluationController evaluation;
    hs::ui::ReviewPanel panel(&evaluation);
    QVERIFY(panel.setWorkspace(path));
    QComboBox* filter = panel.difficultyCombo();
    const int hard = filter->findText(QStringLiteral("困难"));
    QVERIFY2(hard > 0 && filter->findText(QStringLiteral("简单")) > 0, qPrintable(filter->itemText(1)));
    filter->setCurrentIndex(hard);
    QCOMPARE(panel.proxy()->rowCount(), 6);
    QCOMPARE(panel.proxy()->index(0, hs::ui::CaseListModel::Difficulty).data().toString(),
             QStringLiteral("困难"));
    QVERIFY(panel.selectCaseNumber(2));
    QVERIFY2(panel.caseView()->caseView()->headerText().contains(QStringLiteral("困难")),
             qPrintable(panel.caseView()->caseView()->headerText()));
    QVERIFY(english_.setLanguage(QStringLiteral("en")));
    QTRY_COMPARE(filter->currentText(), QStringLiteral("hard"));  // the choice kept across the switch
    QCOMPARE(panel.proxy()->rowCount(), 6);
  }

  // Settings > Language: the run chooser kept "keyboard (12 cases)" under a Chinese window.
  void runChooserFollowsTheLanguage() {
    const QString path = dir_.filePath("language.hallusql");
    QCOMPARE(hs::test::createKeysWorkspace(path).size(), std::size_t{12});
    hs::ui::EvaluationController evaluation;
    hs::ui::ReviewPanel panel(&evaluation);
    QVERIFY(panel.setWorkspace(path));
    QCOMPARE(panel.runCombo()->itemText(0), QStringLiteral("keyboard (12 cases)"));
    QVERIFY(english_.setLanguage(QStringLiteral("zh_CN")));
    QTRY_COMPARE(panel.runCombo()->itemText(0), QStringLiteral("keyboard（12 个案例）"));
    QVERIFY(english_.setLanguage(QStringLiteral("en")));
    QTRY_COMPARE(panel.runCombo()->itemText(0), QStringLiteral("keyboard (12 cases)"));
    QCOMPARE(panel.currentRunId(), panel.runCombo()->itemData(0).value<qint64>());
  }
};

QTEST_MAIN(TestReviewKeyboard)
#include "test_review_keyboard.moc"
