// The parts of the Review tab and its annotation bar on their own (issue 28: the panels split into
// classes with one job each): the queue over a filtered list, the filter row, the run chooser, the
// keyboard sheet's rows, the label chooser, the marks on the findings and the words of a change.
#include <QtTest>

#include <QAction>
#include <QComboBox>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QTreeWidget>

#include "engine/workspace/annotations.h"
#include "engine/workspace/results_store.h"
#include "engine/workspace/workspace.h"
#include "review_test_env.h"
#include "widgets/case_finding_styles.h"
#include "widgets/language_controller.h"
#include "widgets/review/annotation_history.h"
#include "widgets/review/case_filter_bar.h"
#include "widgets/review/case_filter_proxy.h"
#include "widgets/review/case_list_model.h"
#include "widgets/review/case_queue.h"
#include "widgets/review/case_table.h"
#include "widgets/review/finding_marks.h"
#include "widgets/review/label_choice.h"
#include "widgets/review/reviewer_identity.h"
#include "widgets/review/run_header.h"
#include "widgets/review/shortcut_sheet.h"

namespace {

// Five cases #1..#5 (ids 10..14): the odd positions "hard", the others "easy"; one model.
std::vector<hs::ws::CaseSummary> fiveCases() {
  std::vector<hs::ws::CaseSummary> rows;
  for (int i = 0; i < 5; ++i) {
    hs::ws::CaseSummary s;
    s.caseId = 10 + i;
    s.position = i;
    s.caseKey = "k" + std::to_string(i);
    s.dbId = "db";
    s.question = "question " + std::to_string(i);
    s.model = "m";
    s.difficulty = i % 2 ? "hard" : "easy";
    rows.push_back(std::move(s));
  }
  return rows;
}

hs::ws::AnnotationRecord verdictOn(std::int64_t findingId, const char* verdict) {
  hs::ws::AnnotationRecord a;
  a.findingId = findingId;
  a.verdict = verdict;
  return a;
}

}  // namespace

class TestReviewParts : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    hs::test::isolateSettings(dir_, "hallusql-review-parts-test");
  }

  // F8 and Alt+Down walk the listed rows: reviewed cases skipped when asked, the ends reached, and
  // a case the filter hides has no row (its number still known).
  void queueSkipsReviewedAndFilteredCases() {
    hs::ui::CaseListModel model;
    model.setSummaries(fiveCases());
    std::map<qint64, hs::ui::CaseListModel::ReviewMark> marks;
    marks[11].reviewed = true;
    marks[12].reviewed = true;
    model.setReviewMarks(marks);
    hs::ui::CaseFilterProxy proxy;
    proxy.setCaseModel(&model);
    hs::ui::CaseTable table(&proxy);
    const hs::ui::CaseQueue queue(&model, &proxy, &table);

    QCOMPARE(queue.step(1, true), 0);   // nothing current: the first
    QCOMPARE(queue.step(-1, true), 4);  // ... or the last
    QVERIFY(table.makeCurrent(0));
    QCOMPARE(queue.step(1, true), 3);  // #2 and #3 are reviewed
    QCOMPARE(queue.step(1, false), 1);
    QVERIFY(table.makeCurrent(4));
    QCOMPARE(queue.step(1, false), -1);  // the end
    QCOMPARE(queue.step(-1, true), 3);
    QVERIFY(!table.makeCurrent(5));

    proxy.setDifficulty(QStringLiteral("hard"));  // #2 and #4 listed
    proxy.invalidate();
    QCOMPARE(proxy.rowCount(), 2);
    QCOMPARE(queue.rowOfNumber(1), -1);
    QCOMPARE(queue.rowOfNumber(4), 1);
    QCOMPARE(queue.rowOfNumber(9), -1);
    QCOMPARE(queue.rowOfCase(13), 1);
    QCOMPARE(queue.rowOfCase(12), -1);
    QCOMPARE(queue.number(12), 3);  // hidden, still case #3
    QCOMPARE(queue.number(99), 0);

    QTreeWidget findings;
    QVERIFY(!hs::ui::CaseQueue::stepFinding(&findings, 1));
    QVERIFY(!hs::ui::CaseQueue::stepFinding(nullptr, 1));
    for (const char* f : {"a", "b", "c"}) new QTreeWidgetItem(&findings, QStringList{QString::fromLatin1(f)});
    QVERIFY(hs::ui::CaseQueue::stepFinding(&findings, -1));  // none current: the last
    QCOMPARE(findings.currentItem()->text(0), QStringLiteral("c"));
    QVERIFY(hs::ui::CaseQueue::stepFinding(&findings, 1));  // stays at the end
    QCOMPARE(findings.currentItem()->text(0), QStringLiteral("c"));
  }

  // The filter row offers what the run has, keeps a choice still offered, and hands it to the proxy.
  void filterBarKeepsChoicesAndFilters() {
    hs::ui::CaseListModel model;
    model.setSummaries(fiveCases());
    hs::ui::CaseFilterProxy proxy;
    proxy.setCaseModel(&model);
    hs::ui::CaseFilterBar bar;
    bar.retranslate();
    QCOMPARE(bar.verdictCombo()->count(), 4);
    QCOMPARE(bar.reviewCombo()->count(), 4);
    QSignalSpy changed(&bar, &hs::ui::CaseFilterBar::changed);
    bar.refill(model);
    QCOMPARE(changed.count(), 0);
    QVERIFY(bar.modelCombo()->isHidden());  // one model: nothing to choose
    QVERIFY(!bar.difficultyCombo()->isHidden());
    QCOMPARE(bar.difficultyCombo()->count(), 3);  // all, easy, hard

    bar.difficultyCombo()->setCurrentIndex(bar.difficultyCombo()->findData(QStringLiteral("hard")));
    QCOMPARE(changed.count(), 1);
    bar.applyTo(proxy);
    proxy.invalidate();
    QCOMPARE(proxy.rowCount(), 2);
    bar.searchField()->setText(QStringLiteral("question 3"));
    QCOMPARE(changed.count(), 2);
    bar.applyTo(proxy);
    proxy.invalidate();
    QCOMPARE(proxy.rowCount(), 1);

    bar.refill(model);  // "hard" is still offered: kept
    QCOMPARE(bar.difficultyCombo()->currentData().toString(), QStringLiteral("hard"));
    auto easyOnly = fiveCases();
    for (auto& s : easyOnly) s.difficulty = "easy";
    model.setSummaries(easyOnly);
    bar.refill(model);  // gone: back to all
    QCOMPARE(bar.difficultyCombo()->currentIndex(), 0);
    QVERIFY(bar.difficultyCombo()->isHidden());
    QCOMPARE(changed.count(), 2);
  }

  // The run chooser lists the review runs (not drill-down runs), the newest first chosen, keeps
  // the choice when listed again, and says runChanged only when the reviewer changes the run.
  void runHeaderListsReviewRuns() {
    const QString path = dir_.filePath("runs.hallusql");
    qint64 first = 0, second = 0;
    {
      auto ws = hs::ws::Workspace::create(path.toStdString());
      QVERIFY(ws);
      hs::Case c;
      c.id = "c1";
      c.dbId = "db";
      c.question = "q";
      const auto a = ws->createRun(hs::ws::RunInfo{"first", "m", "", "{}"});
      QVERIFY(a && ws->insertCases(*a, {c}));
      const auto b = ws->createRun(hs::ws::RunInfo{"second", "m", "", "{}"});
      QVERIFY(b && ws->insertCases(*b, {c, c}));
      QVERIFY(ws->createRun(hs::ws::RunInfo{"steps", "m", "", R"({"kind": "drilldown"})"}));
      first = *a;
      second = *b;
    }
    auto ws = hs::ws::Workspace::open(path.toStdString());
    QVERIFY(ws);
    hs::ui::RunHeader header;
    header.retranslate();
    QSignalSpy changed(&header, &hs::ui::RunHeader::runChanged);
    header.fill(&*ws);
    QCOMPARE(header.runCombo()->count(), 2);
    QCOMPARE(header.currentRunId(), second);
    QVERIFY(header.runCombo()->itemText(0).startsWith(QStringLiteral("first (1 ")));
    QVERIFY(header.runCombo()->isEnabled());
    QVERIFY(header.selectRun(first));
    QCOMPARE(changed.count(), 1);
    QVERIFY(!header.selectRun(12345));
    header.fill(&*ws);
    QCOMPARE(header.currentRunId(), first);
    header.fill(&*ws, second);
    QCOMPARE(header.currentRunId(), second);
    QCOMPARE(changed.count(), 1);
    header.clear();
    header.fill(nullptr);
    QCOMPARE(header.runCombo()->count(), 0);
    QCOMPARE(header.currentRunId(), 0);
    QVERIFY(!header.runCombo()->isEnabled());
    QCOMPARE(changed.count(), 1);

    header.setEvaluating(true, true);
    QVERIFY(!header.progressBar()->isHidden());
    QVERIFY(header.cancelButton()->isEnabled());
    QVERIFY(!header.evaluateButton()->isEnabled());
    header.setProgress(3, 7);
    QCOMPARE(header.progressBar()->maximum(), 7);
    header.setEvaluating(false, false);
    QVERIFY(header.progressBar()->isHidden());
    QVERIFY(!header.evaluateButton()->isEnabled());  // no cases: nothing to evaluate
    header.setEvaluating(false, true);
    QVERIFY(header.evaluateButton()->isEnabled());
  }

  // The sheet lists each key once, without mnemonics, the general text of a command whose text
  // names its next change, and no Shift+Tab alias; an action without a key has no row.
  void shortcutRowsAndSheet() {
    QAction run(QStringLiteral("&Run"));
    run.setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    QAction chinese(QStringLiteral("运行(&R)"));
    chinese.setShortcut(QKeySequence(Qt::Key_F5));
    QAction pane(QStringLiteral("Previous pane"));
    pane.setShortcuts({QKeySequence(Qt::Key_Backtab), QKeySequence(Qt::SHIFT | Qt::Key_F6)});
    QAction twice(QStringLiteral("Redo"));
    twice.setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Y), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    QAction undo(QStringLiteral("Undo: mark incorrect (case #4)"));
    undo.setStatusTip(QStringLiteral("Undo the last annotation"));
    undo.setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Z));
    QAction none(QStringLiteral("No key"));
    const auto rows = hs::ui::ShortcutSheet::rows({&run, &chinese, &pane, &twice, &undo, &none});
    QCOMPARE(rows.size(), 5);
    QCOMPARE(rows[0].first, QStringLiteral("Run"));
    QCOMPARE(rows[0].second, QKeySequence(Qt::CTRL | Qt::Key_R).toString(QKeySequence::NativeText));
    QCOMPARE(rows[1].first, QStringLiteral("运行"));
    QCOMPARE(rows[2].second, QKeySequence(Qt::SHIFT | Qt::Key_F6).toString(QKeySequence::NativeText));
    QCOMPARE(rows[3].second, QKeySequence(Qt::CTRL | Qt::Key_Y).toString(QKeySequence::NativeText));
    QCOMPARE(rows[4].first, QStringLiteral("Undo the last annotation"));

    const hs::ui::ShortcutSheet reviewOnly({}, rows);
    auto* table = reviewOnly.findChild<QTableWidget*>();
    QVERIFY(table);
    QCOMPARE(table->rowCount(), 1 + 5);  // one heading
    QCOMPARE(table->item(1, 0)->text(), QStringLiteral("Run"));
    const hs::ui::ShortcutSheet both(rows.mid(0, 2), rows);
    QCOMPARE(both.findChild<QTableWidget*>()->rowCount(), 1 + 2 + 1 + 5);
    QCOMPARE(both.objectName(), QStringLiteral("reviewShortcutSheet"));
  }

  // C1..C10, a separator, the six TA-SQL categories; the choice survives a change of language.
  void labelChoiceOffersTypesThenTaSql() {
    hs::ui::LabelChoice choice;
    QVERIFY(!choice.chosen());
    choice.retranslate();
    QCOMPARE(choice.count(), 10 + 1 + 6);
    QCOMPARE(choice.chosen()->taxonomy, QStringLiteral("mrsqlgen"));
    QCOMPARE(choice.chosen()->category, QStringLiteral("C1"));
    choice.setCurrentIndex(9);
    QCOMPARE(choice.chosen()->category, QStringLiteral("C10"));
    choice.setCurrentIndex(11);
    QCOMPARE(choice.chosen()->taxonomy, QStringLiteral("tasql"));
    QCOMPARE(choice.chosen()->category, QStringLiteral("Schema Contradiction"));
    choice.retranslate();
    QCOMPARE(choice.currentIndex(), 11);
  }

  // The last verdict on a finding marks its row; marking again starts from the row's own text.
  void findingMarksFollowTheLastVerdict() {
    QTreeWidget list;
    list.setColumnCount(2);
    auto* first = new QTreeWidgetItem(&list, {QStringLiteral("C8 missing filter"), QStringLiteral("x")});
    auto* second = new QTreeWidgetItem(&list, {QStringLiteral("Schema Contradiction"), QStringLiteral("y")});
    new QTreeWidgetItem(&list, {QStringLiteral("no id"), QStringLiteral("z")});
    const std::vector<std::int64_t> ids = {5, 6};
    hs::ui::FindingMarks::apply(
        &list, ids, {verdictOn(5, "confirmed"), verdictOn(6, "confirmed"), verdictOn(6, "rejected")});
    QCOMPARE(first->text(0), QStringLiteral("✓ C8 missing filter"));
    QVERIFY(!first->font(1).italic());
    QCOMPARE(second->text(0), QStringLiteral("✗ Schema Contradiction"));
    QVERIFY(second->font(1).italic());
    QVERIFY(!second->toolTip(0).isEmpty());
    QCOMPARE(list.topLevelItem(2)->text(0), QStringLiteral("no id"));
    hs::ui::FindingMarks::apply(&list, ids, {verdictOn(5, "rejected")});  // e.g. after an undo
    QCOMPARE(first->text(0), QStringLiteral("✗ C8 missing filter"));
    QCOMPARE(second->text(0), QStringLiteral("Schema Contradiction"));
    QVERIFY(!second->font(0).italic());
    QVERIFY(second->toolTip(0).isEmpty());
    hs::ui::FindingMarks::apply(nullptr, ids, {});  // no case view: nothing to mark
  }

  // Undo and Redo name the change; the status line says it in the past.
  void historyWordsTheChange() {
    hs::ws::AnnotationRecord a;
    a.verdict = "incorrect";
    a.taxonomy = "human";
    QCOMPARE(hs::ui::AnnotationHistory::changeText(a, false), QStringLiteral("mark incorrect"));
    QCOMPARE(hs::ui::AnnotationHistory::changeText(a, true), QStringLiteral("marked incorrect"));
    a.verdict = "confirmed";
    a.taxonomy = "mrsqlgen";
    a.category = "C8";
    const QString c8 = hs::ui::FindingStyles::categoryLabel("mrsqlgen", "C8");
    QCOMPARE(hs::ui::AnnotationHistory::changeText(a, false), QStringLiteral("confirm %1").arg(c8));
    a.verdict = "added";
    QCOMPARE(hs::ui::AnnotationHistory::changeText(a, true), QStringLiteral("added the label %1").arg(c8));
    a.span = hs::FindingSpan{"pred", 0, 6};
    QCOMPARE(hs::ui::AnnotationHistory::changeText(a, false), QStringLiteral("label a span %1").arg(c8));
  }

  // The texts moved with their classes (tr() contexts): each part's texts still have their Chinese,
  // and the English plural forms follow the moved "%n" texts.
  void movedTextsKeepTheirTranslations() {
    hs::ui::LanguageController lang;
    QVERIFY(lang.setLanguage(QStringLiteral("zh_CN")));
    const std::pair<const char*, const char*> texts[] = {
        {"hs::ui::RunHeader", "&Run:"},
        {"hs::ui::RunSummary", "Evaluation failed: %1"},
        {"hs::ui::CaseFilterBar", "All verdicts"},
        {"hs::ui::ReviewMarks", "%1 of %2 reviewed"},
        {"hs::ui::ReviewKeys", "Next unreviewed case"},
        {"hs::ui::ShortcutSheet", "In the Review tab:"},
        {"hs::ui::SpanLabels", "Labelled by %1"},
        {"hs::ui::HkbLoader", "Loading the knowledge base…"},
        {"hs::ui::HkbSuggestion", "HKB suggests: %1"},
        {"hs::ui::AnnotationHistory", "marked incorrect"},
        {"hs::ui::LabelChoice", "TA-SQL: %1"},
        {"hs::ui::AnnotationList", "Annotator"},
        {"hs::ui::FindingMarks", "Rejected by a reviewer"},
        {"hs::ui::AnnotationBar", "Remove last"},
        {"hs::ui::ReviewPanel", "Select a case in the list to see it here."}};
    for (const auto& [context, text] : texts) {
      const QString translated = QCoreApplication::translate(context, text);
      QVERIFY2(translated != QString::fromUtf8(text), context);
    }
    QVERIFY(lang.setLanguage(QStringLiteral("en")));
    QCOMPARE(QCoreApplication::translate("hs::ui::RunHeader", "%1 (%n case(s))", nullptr, 2),
             QStringLiteral("%1 (2 cases)"));
    QCOMPARE(QCoreApplication::translate("hs::ui::HkbSuggestion", "%1 %2 (%n case(s))", nullptr, 1),
             QStringLiteral("%1 %2 (1 case)"));
  }

  // A name chosen for the session is used as given (trimmed), an empty one is the OS user; once
  // chosen, nothing is asked.
  void reviewerIdentityChosenForTheSession() {
    qputenv("USER", "os-user");
    hs::ui::ReviewerIdentity identity;
    QCOMPARE(identity.annotator(), QStringLiteral("os-user"));
    QCOMPARE(identity.undoOwner(), QStringLiteral("os-user"));  // no stored reviewer in the test settings
    QSignalSpy changed(&identity, &hs::ui::ReviewerIdentity::changed);
    identity.setAnnotator(QStringLiteral("  Ana  "));
    QCOMPARE(identity.annotator(), QStringLiteral("Ana"));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).toString(), QStringLiteral("Ana"));
    QVERIFY(identity.ensure(nullptr));  // no dialog: chosen already
    QCOMPARE(identity.undoOwner(), QStringLiteral("Ana"));
    identity.setAnnotator(QStringLiteral(" "));
    QCOMPARE(identity.annotator(), QStringLiteral("os-user"));
  }
};

QTEST_MAIN(TestReviewParts)
#include "test_review_parts.moc"
