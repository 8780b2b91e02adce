// Review as a team in the GUI (issue 12): a label on exactly the selected span of the predicted
// SQL (stored with its bytes, shown as a finding row and highlight), undo that survives a restart
// of the panel, another reviewer's annotations imported through the File menu's action (nothing
// twice; the disagreement lands in the Disputed filter), and the adjudication view recording a
// final label that the case list shows. With HALLUSQL_SCREENSHOT_DIR set, saves
// adjudication-view.png and span-label-panel.png.
#include <QtTest>

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QDockWidget>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTableView>
#include <QTableWidget>
#include <QTreeWidget>

#include "engine/workspace/adjudications.h"
#include "engine/workspace/annotation_exchange.h"
#include "engine/workspace/annotations.h"
#include "engine/workspace/demo.h"
#include "engine/workspace/results_store.h"
#include "engine/workspace/workspace.h"
#include "review_test_env.h"
#include "widgets/language_controller.h"
#include "widgets/review/adjudication_view.h"
#include "widgets/review/annotation_bar.h"
#include "widgets/review/case_filter_proxy.h"
#include "widgets/review/case_list_model.h"
#include "widgets/review/case_view.h"
#include "widgets/review/case_view_host.h"
#include "widgets/review/evaluation_controller.h"
#include "widgets/review/review_panel.h"
#include "widgets/review/review_team_actions.h"
#include "widgets/shell.h"
#include "widgets/sql_editor.h"

namespace {

constexpr const char* kPred = "SELECT name FROM singer WHERE age > 40 LIMIT 1";

// Four evaluated cases with one C2 finding each.
std::vector<std::int64_t> createWorkspace(const QString& path) {
  auto ws = hs::ws::Workspace::create(path.toStdString());
  if (!ws) return {};
  const auto run = ws->createRun(hs::ws::RunInfo{"team", "gpt-4", "", "{}"});
  if (!run) return {};
  std::vector<hs::Case> cases;
  for (int i = 0; i < 4; ++i) {
    hs::Case c;
    c.id = "spider:" + std::to_string(i);
    c.dbId = "concert_singer";
    c.question = "Name a singer older than 40 (" + std::to_string(i) + ")";
    c.goldSql = "SELECT name FROM singer WHERE age > 40";
    c.predSql = kPred;
    cases.push_back(c);
  }
  auto ids = ws->insertCases(*run, cases);
  if (!ids) return {};
  std::vector<hs::eval::CaseOutcome> outcomes(4);
  std::vector<hs::ws::StoredOutcome> stored;
  for (std::size_t i = 0; i < 4; ++i) {
    hs::Finding f;
    f.taxonomy = "mrsqlgen";
    f.category = "C2";
    f.message = "LIMIT the gold does not have";
    f.spans = {{"pred", 40, 47}};
    outcomes[i].exSet = outcomes[i].exBag = false;
    outcomes[i].findings = {f};
    stored.push_back(hs::ws::StoredOutcome{(*ids)[i], &outcomes[i]});
  }
  if (!hs::ws::saveOutcomes(*ws, stored)) return {};
  return *ids;
}

// The least a feature needs of the main window.
class FakeShell : public hs::ui::Shell {
 public:
  explicit FakeShell(QWidget* parent) : parent_(parent) {}
  QWidget* dialogParent() override { return parent_; }
  hs::ui::SessionManager* sessions() const override { return nullptr; }
  hs::ui::SqlEditor* editor() const override { return nullptr; }
  bool runQuery() override { return false; }
  void onEditorRun(QObject*, EditorRun) override {}
  void clearResults() override {}
  void addDock(QDockWidget*, DockPlace) override {}
  void addStatusItem(QWidget*) override {}
  void addBarAboveEditor(QWidget*) override {}
  void addMenuAction(Menu menu, QAction* action) override { menus.append({menu, action}); }
  void addMenuSeparator(Menu) override {}
  void addToolBarWidget(QWidget*) override {}
  void addPage(hs::ui::Page*) override {}
  bool showPage(const QString&) override { return false; }
  bool isPageShown(const QString&) const override { return false; }
  void addStartListener(hs::ui::StartListener*) override {}
  hs::ui::GenerationController* generation() const override { return nullptr; }
  std::vector<QAction*> generalShortcuts() const override { return {}; }
  QList<QPair<Menu, QAction*>> menus;

 private:
  QWidget* parent_;
};

void saveShot(QWidget* w, const char* name) {
  const QString dir = qEnvironmentVariable("HALLUSQL_SCREENSHOT_DIR");
  if (!dir.isEmpty()) QVERIFY(w->grab().save(dir + QLatin1Char('/') + QLatin1String(name)));
}

}  // namespace

class TestReviewTeamGui : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    hs::test::isolateSettings(dir_, "hallusql-review-team-test");
  }

  void spanLabelAndUndoAcrossRestart() {
    const QString path = dir_.filePath("span.hallusql");
    const auto ids = createWorkspace(path);
    QCOMPARE(ids.size(), std::size_t{4});
    {
      hs::ui::EvaluationController evaluation;
      hs::ui::ReviewPanel panel(&evaluation);
      panel.resize(1366, 700);
      panel.show();
      hs::ui::AnnotationBar* bar = panel.annotationBar();
      bar->setAnnotator(QStringLiteral("ana"));
      QVERIFY(panel.setWorkspace(path));
      QVERIFY(bar->waitForHkb(20000));
      QCOMPARE(panel.selectedCaseId(), ids[0]);
      hs::ui::CaseView* view = panel.caseView()->caseView();
      QVERIFY(view);
      QCOMPARE(view->findingList()->topLevelItemCount(), 1);
      // Nothing selected: refused with the reason.
      QVERIFY(!bar->labelSpan());
      QVERIFY(bar->statusText().contains(QStringLiteral("Select")));
      // Select "age > 40" (bytes 30..38) in the predicted SQL and label it C6.
      view->predEditor()->SendScintilla(QsciScintillaBase::SCI_SETSEL, 30, 38);
      QCOMPARE(view->predEditor()->selectedText(), QStringLiteral("age > 40"));
      bar->categoryCombo()->setCurrentIndex(bar->categoryCombo()->findData(QStringList{"mrsqlgen", "C6"}));
      QVERIFY(bar->labelSpan());
      // Shown like any finding: a second row in the list, and its span selectable in the editor.
      QTRY_COMPARE(view->findingList()->topLevelItemCount(), 2);
      QTreeWidgetItem* row = view->findingList()->topLevelItem(1);
      QStringList texts;
      for (int c = 0; c < row->columnCount(); ++c) texts << row->text(c) << row->toolTip(c);
      QVERIFY2(texts.join(QLatin1Char('|')).contains(QStringLiteral("ana")),
               qPrintable(texts.join(QLatin1Char('|'))));
      view->activateFinding(1);
      QCOMPARE(view->predEditor()->selectedText(), QStringLiteral("age > 40"));
      saveShot(&panel, "span-label-panel.png");
    }
    {
      auto ws = hs::ws::Workspace::open(path.toStdString());
      QVERIFY(ws);
      auto rows = hs::ws::annotationsOfCase(*ws, ids[0]);
      QVERIFY(rows && rows->size() == 1);
      QVERIFY(rows->front().span);
      QCOMPARE(*rows->front().span, (hs::FindingSpan{"pred", 30, 38}));
      QCOMPARE(rows->front().category, std::string("C6"));
    }
    {
      // A restart: a new panel on the same workspace; Undo takes the span label back.
      hs::ui::EvaluationController evaluation;
      hs::ui::ReviewPanel panel(&evaluation);
      panel.show();
      hs::ui::AnnotationBar* bar = panel.annotationBar();
      bar->setAnnotator(QStringLiteral("ana"));
      QVERIFY(panel.setWorkspace(path));
      QVERIFY(bar->waitForHkb(20000));
      QVERIFY(bar->canUndo());
      QTRY_COMPARE(panel.caseView()->caseView()->findingList()->topLevelItemCount(), 2);
      QVERIFY(bar->undo());
      QTRY_COMPARE(panel.caseView()->caseView()->findingList()->topLevelItemCount(), 1);
      QVERIFY(bar->canRedo());
      QVERIFY(bar->waitForHkb(20000));
      QVERIFY(bar->redo());
      QTRY_COMPARE(panel.caseView()->caseView()->findingList()->topLevelItemCount(), 2);
    }
  }

  void adjudicationWithoutDisputesSaysWhereTheyComeFrom() {
    // No disagreement yet: the form was enabled (a verdict could be chosen for no case) and the
    // view did not say how disagreements arise.
    QTemporaryDir dir;
    auto demo = hs::ws::createDemo(dir.path().toStdString());
    QVERIFY(demo.ok());
    auto ws = hs::ws::Workspace::open(demo->workspacePath);
    QVERIFY(ws);
    const qint64 run = ws->runs().value().front().id;
    hs::ui::AdjudicationView view;
    QVERIFY(view.setRun(QString::fromStdString(demo->workspacePath), run));
    QCOMPARE(view.disputedCount(), 0);
    QVERIFY(!view.verdictCombo()->isEnabled());
    QVERIFY(!view.labelList()->isEnabled());
    const auto* question = view.findChild<QLabel*>(QStringLiteral("adjudicationQuestion"));
    QVERIFY(question);
    QVERIFY2(question->text().contains(QStringLiteral("Import Reviewer's Annotations")),
             qPrintable(question->text()));
  }

  // Under zh_CN "记录最终标签" was exactly as wide as its text: the style adds a few pixels only to
  // a text wider than 80 px. Each button keeps room on both sides of its text, in both languages.
  void adjudicationButtonsHaveRoomForTheirText() {
    hs::ui::LanguageController lang;
    for (const QString& language : {QStringLiteral("zh_CN"), QStringLiteral("en")}) {
      QVERIFY(lang.setLanguage(language));
      hs::ui::AdjudicationView view;
      view.resize(1100, 620);
      view.show();
      QVERIFY(QTest::qWaitForWindowExposed(&view));
      auto* record = view.findChild<QPushButton*>(QStringLiteral("adjudicationRecord"));
      QVERIFY(record);
      if (language == QLatin1String("zh_CN")) QCOMPARE(record->text(), QString::fromUtf8("记录最终标签"));
      for (QPushButton* b : view.findChildren<QPushButton*>()) {
        const QFontMetrics fm = b->fontMetrics();
        const int text = fm.horizontalAdvance(QString(b->text()).remove(QLatin1Char('&')));
        const int room = fm.horizontalAdvance(QLatin1Char('M'));
        QVERIFY2(b->width() >= text + 2 * room, qPrintable(QStringLiteral("%1 %2: %3 < %4 + 2 x %5")
                                                               .arg(language, b->text())
                                                               .arg(b->width())
                                                               .arg(text)
                                                               .arg(room)));
      }
    }
    QVERIFY(lang.setLanguage(QStringLiteral("en")));
  }

  void importDisputeAndAdjudicate() {
    const QString mine = dir_.filePath("mine.hallusql");
    const QString theirs = dir_.filePath("theirs.hallusql");
    const auto ids = createWorkspace(mine);
    const auto theirIds = createWorkspace(theirs);
    QCOMPARE(theirIds.size(), std::size_t{4});
    {  // the other reviewer: case 1 is C2 and incorrect
      auto ws = hs::ws::Workspace::open(theirs.toStdString());
      QVERIFY(ws);
      hs::ws::AnnotationRecord a;
      a.caseId = theirIds[1];
      a.annotator = "bo";
      a.verdict = "added";
      a.taxonomy = "mrsqlgen";
      a.category = "C2";
      QVERIFY(hs::ws::insertAnnotation(*ws, a));
      a.verdict = "incorrect";
      a.taxonomy = "human";
      a.category.clear();
      QVERIFY(hs::ws::insertAnnotation(*ws, a));
    }
    const QString file = dir_.filePath("bo.jsonl");
    hs::ui::EvaluationController evaluation;
    QWidget window;
    FakeShell shell(&window);
    hs::ui::ReviewPanel panel(&evaluation, &window);
    hs::ui::ReviewTeamActions team(shell, &panel);
    QCOMPARE(shell.menus.size(), 3);
    window.resize(1366, 700);
    window.show();
    hs::ui::AnnotationBar* bar = panel.annotationBar();
    {  // bo exports from his workspace through the same action
      hs::ui::EvaluationController e2;
      hs::ui::ReviewPanel other(&e2);
      FakeShell s2(&other);
      hs::ui::ReviewTeamActions t2(s2, &other);
      other.annotationBar()->setAnnotator(QStringLiteral("bo"));
      QVERIFY(other.setWorkspace(theirs));
      QVERIFY(other.annotationBar()->waitForHkb(20000));
      QString summary;
      QVERIFY(t2.exportTo(file, &summary));
      QVERIFY2(summary.startsWith(QStringLiteral("2 annotation")), qPrintable(summary));
    }
    bar->setAnnotator(QStringLiteral("ana"));
    QVERIFY(panel.setWorkspace(mine));
    QVERIFY(bar->waitForHkb(20000));
    QVERIFY(panel.selectCaseNumber(2));
    QVERIFY(bar->markCorrect());  // ana: case 2 is correct, bo: incorrect with C2
    QString summary;
    QVERIFY(team.importFrom(file, &summary));
    QVERIFY2(summary.startsWith(QStringLiteral("2 annotation")), qPrintable(summary));
    QVERIFY(team.importFrom(file, &summary));
    QVERIFY2(summary.contains(QStringLiteral("2 already present")), qPrintable(summary));
    // The disagreement is in the Disputed filter.
    panel.reviewCombo()->setCurrentIndex(3);
    QTRY_COMPARE(panel.proxy()->rowCount(), 1);
    const int source = panel.proxy()->mapToSource(panel.proxy()->index(0, 0)).row();
    QCOMPARE(panel.caseModel()->row(source).summary.caseId, ids[1]);
    QVERIFY(panel.caseModel()->row(source).disputed);

    // Adjudication: the two reviewers side by side, a final label recorded.
    QDialog* dialog = team.openAdjudication();
    QVERIFY(dialog);
    hs::ui::AdjudicationView* view = team.adjudicationView();
    QCOMPARE(view->disputedCount(), 1);
    QCOMPARE(view->currentCaseId(), ids[1]);
    QCOMPARE(view->reviewerTable()->rowCount(), 2);
    QCOMPARE(view->reviewerTable()->item(0, 0)->text(), QStringLiteral("ana"));
    QCOMPARE(view->reviewerTable()->item(1, 0)->text(), QStringLiteral("bo"));
    QVERIFY(view->reviewerTable()->item(1, 2)->text().startsWith(QStringLiteral("C2")));
    QCOMPARE(view->labelList()->count(), 1);  // C2, the label in dispute
    view->chooseFinal(QStringLiteral("incorrect"), {QStringLiteral("C2")},
                      QStringLiteral("LIMIT 1 drops rows"));
    QVERIFY(view->recordFinal());
    QCOMPARE(view->adjudicatedCount(), 1);
    QCOMPARE(view->caseList()->topLevelItem(0)->text(2), QStringLiteral("incorrect: C2"));
    saveShot(dialog, "adjudication-view.png");
    {
      auto ws = hs::ws::Workspace::open(mine.toStdString());
      auto final = hs::ws::adjudicationOf(*ws, ids[1]);
      QVERIFY(final && *final);
      QCOMPARE((*final)->verdict, std::string("incorrect"));
      QCOMPARE((*final)->labels, std::vector<std::string>{"C2"});
      QCOMPARE((*final)->adjudicator, std::string("ana"));
    }
    // The case list shows the final label.
    QTRY_VERIFY(panel.caseModel()
                    ->data(panel.caseModel()->index(source, hs::ui::CaseListModel::Review))
                    .toString()
                    .contains(QStringLiteral("incorrect: C2")));
    // Nothing selected, nothing recorded.
    view->chooseFinal(QString(), {});
    QVERIFY(!view->recordFinal());
    QVERIFY(view->statusText().contains(QStringLiteral("Not recorded")));

    // Undo takes back record and clear in order; Ctrl+Z in the dialog does the same.
    const auto finalOf = [&]() -> std::optional<hs::ws::Adjudication> {
      auto ws = hs::ws::Workspace::open(mine.toStdString());
      auto got = hs::ws::adjudicationOf(*ws, ids[1]);
      return got ? *got : std::nullopt;
    };
    QVERIFY(view->canUndo());
    view->chooseFinal(QStringLiteral("correct"), {});
    QVERIFY(view->recordFinal());
    QCOMPARE(finalOf()->verdict, std::string("correct"));
    QVERIFY(view->clearFinal());
    QVERIFY(!finalOf());
    QVERIFY(view->undoLast());  // the clear: "correct" again
    QCOMPARE(finalOf()->verdict, std::string("correct"));
    QCOMPARE(view->caseList()->topLevelItem(0)->text(2), QStringLiteral("correct"));
    QApplication::setActiveWindow(dialog);
    view->caseList()->setFocus();
    QTRY_VERIFY(view->caseList()->hasFocus());
    QTest::keySequence(view->caseList(), QKeySequence::Undo);  // the record of "correct"
    QCOMPARE(finalOf()->verdict, std::string("incorrect"));
    QCOMPARE(finalOf()->labels, std::vector<std::string>{"C2"});
    QCOMPARE(finalOf()->note, std::string("LIMIT 1 drops rows"));
    QVERIFY(view->statusText().contains(QStringLiteral("incorrect: C2")));
    QVERIFY(view->undoLast());  // the first record: no final label
    QVERIFY(!finalOf());
    QCOMPARE(view->caseList()->topLevelItem(0)->text(2), QString());
    QVERIFY(!view->canUndo());
    QVERIFY(!view->undoLast());
    QTRY_VERIFY(!panel.caseModel()
                     ->data(panel.caseModel()->index(source, hs::ui::CaseListModel::Review))
                     .toString()
                     .contains(QStringLiteral("C2")));
    dialog->close();
  }
};

QTEST_MAIN(TestReviewTeamGui)
#include "test_review_team_gui.moc"
