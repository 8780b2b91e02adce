// Manual annotation in the review panel (issue 6, MRSQLGen mode): the annotation bar confirms and
// rejects automatic findings, adds labels, undoes, writes the workspace's annotations table and
// grows the HKB, whose suggestions for a similar question change accordingly. Annotations are
// shown again after the workspace is reopened. With HALLUSQL_SCREENSHOT_DIR set, saves
// review-annotate.png of the panel.
#include <QtTest>

#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>

#include "engine/mr/hkb_annotations.h"
#include "engine/mr/hkb_workspace.h"
#include "engine/workspace/results_store.h"
#include "engine/workspace/workspace.h"
#include "review_test_env.h"
#include "widgets/language_controller.h"
#include "widgets/review/annotation_bar.h"
#include "widgets/review/case_view.h"
#include "widgets/review/case_view_host.h"
#include "widgets/review/evaluation_controller.h"
#include "widgets/review/review_panel.h"

namespace {

hs::Case makeCase(int n, const char* question, const char* label) {
  hs::Case c;
  c.id = "t:" + std::to_string(n);
  c.dbId = "nodb";
  c.question = question;
  c.goldSql = "SELECT avg(age) FROM singer WHERE country = 'France'";
  c.predSql = "SELECT avg(age) FROM singer";
  if (label) c.labels.push_back(hs::HumanLabel{"mrsqlgen", label, "", "import", ""});
  return c;
}

hs::Finding finding(const char* taxonomy, const char* category) {
  hs::Finding f;
  f.taxonomy = taxonomy;
  f.category = category;
  f.message = std::string("test finding ") + category;
  return f;
}

// Rank (1-based) of `type` among the HKB's suggestions for `question`; 0 when absent.
int rankOf(const std::string& path, const std::string& question, const std::string& type) {
  auto ws = hs::ws::Workspace::open(path).value();
  hs::mr::VocabularyCache vocabularies;
  auto hkb = hs::mr::loadHkb(ws, vocabularies).value();
  const auto r = hkb.retrieve(hs::mr::standardiseQuestion(question).text);
  for (std::size_t i = 0; i < r.types.size(); ++i)
    if (r.types[i].type == type) return static_cast<int>(i) + 1;
  return 0;
}

const char* kSimilar = "What is the average age of all dogs from Germany?";

// Five cases (three labelled), and two automatic findings on the fourth; returns its id (0 on error).
qint64 createWorkspace(const QString& path) {
  auto ws = hs::ws::Workspace::create(path.toStdString());
  if (!ws) return 0;
  const auto run = ws->createRun(hs::ws::RunInfo{"annotate", "m", "", "{}"});
  if (!run) return 0;
  const std::vector<hs::Case> cases = {
      makeCase(1, "Which airlines fly from the city of Aberdeen?", "C3"),
      makeCase(2, "List the names of the stadiums sorted by capacity.", "C9"),
      makeCase(3, "How many employees are there in each department?", "C10"),
      makeCase(4, "What is the average age of all singers from France?", nullptr),
      makeCase(5, kSimilar, nullptr)};
  const auto ids = ws->insertCases(*run, cases);
  if (!ids) return 0;
  hs::eval::CaseOutcome o;
  o.findings = {finding("mrsqlgen", "C8"), finding("tasql", "Schema Contradiction")};
  if (!hs::ws::saveOutcomes(*ws, {hs::ws::StoredOutcome{(*ids)[3], &o}})) return 0;
  return (*ids)[3];
}

}  // namespace

class TestReviewAnnotate : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;
  QString path_;
  qint64 caseX_ = 0;

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    hs::test::isolateSettings(dir_, "hallusql-review-annotate-test");
    path_ = dir_.filePath("annotate.hallusql");
    caseX_ = createWorkspace(path_);
    QVERIFY(caseX_ > 0);
  }

  void annotateUndoAndSuggest() {
    const std::string path = path_.toStdString();
    QCOMPARE(rankOf(path, kSimilar, "C7"), 0);  // nobody has C7 yet
    QCOMPARE(rankOf(path, kSimilar, "C8"), 1);  // the automatic finding of the similar case

    // The annotator's name defaults to the OS user (USER, else USERNAME, else "annotator").
    const QByteArray oldUser = qgetenv("USER");
    qputenv("USER", "hs-test-user");
    hs::ui::EvaluationController evaluation;
    hs::ui::ReviewPanel panel(&evaluation);
    if (oldUser.isNull()) {
      qunsetenv("USER");
    } else {
      qputenv("USER", oldUser);
    }
    panel.resize(1400, 860);
    panel.show();
    QVERIFY(QTest::qWaitForWindowActive(&panel));
    hs::ui::AnnotationBar* bar = panel.annotationBar();
    QVERIFY(bar);
    QCOMPARE(bar->annotator(), QStringLiteral("hs-test-user"));
    bar->setAnnotator(QStringLiteral("tester"));
    QVERIFY(panel.setWorkspace(path_));
    QVERIFY(bar->waitForHkb(20000));
    QCOMPARE(bar->hkbSize(), 4);  // three labelled cases and the one with an mrsqlgen finding

    QVERIFY(panel.selectCaseNumber(5));  // the similar, unannotated case
    QCOMPARE(bar->suggestedTypes().value(0), QStringLiteral("C8"));
    QVERIFY(!bar->suggestedTypes().contains(QStringLiteral("C7")));

    QVERIFY(panel.selectCaseNumber(4));
    QTreeWidget* findings = panel.caseView()->caseView()->findingList();
    QCOMPARE(findings->topLevelItemCount(), 2);
    // Opening the case selected its first finding: Confirm is ready; with none selected it is not.
    QCOMPARE(findings->currentItem(), findings->topLevelItem(0));
    QVERIFY(bar->confirmButton()->isEnabled());
    findings->setCurrentItem(nullptr);
    QVERIFY(!bar->confirmButton()->isEnabled());
    QVERIFY(!bar->confirmFinding());

    // Confirm the TA-SQL finding with Ctrl+Shift+Enter (stored, no HKB knowledge).
    findings->setFocus();
    findings->setCurrentItem(findings->topLevelItem(1));
    QVERIFY(bar->confirmButton()->isEnabled());
    QTest::keyClick(findings, Qt::Key_Return, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(bar->annotationCount(), 1);
    QCOMPARE(bar->hkbSize(), 4);

    // Add the label C7.
    const int c7 = bar->categoryCombo()->findData(QStringList{"mrsqlgen", "C7"});
    QVERIFY(c7 >= 0);
    bar->categoryCombo()->setCurrentIndex(c7);
    QVERIFY(bar->addLabel());
    QCOMPARE(bar->annotationCount(), 2);

    // Reject the automatic C8 finding with Ctrl+Backspace.
    findings->setCurrentItem(findings->topLevelItem(0));
    QTest::keyClick(findings, Qt::Key_Backspace, Qt::ControlModifier);
    QCOMPARE(bar->annotationCount(), 3);

    // The similar case: now C7 first, C8 gone (the in-memory HKB grew without a reload).
    QVERIFY(panel.selectCaseNumber(5));
    QCOMPARE(bar->suggestedTypes().value(0), QStringLiteral("C7"));
    QVERIFY(!bar->suggestedTypes().contains(QStringLiteral("C8")));
    QVERIFY(bar->suggestionText().contains(QStringLiteral("C7")));

    // Undo the rejection with Ctrl+Z (the session's last annotation): the HKB is rebuilt, C8 comes back.
    QVERIFY(panel.selectCaseNumber(4));
    QCOMPARE(bar->annotationCount(), 3);
    bar->categoryCombo()->setFocus();
    QTest::keyClick(bar->categoryCombo(), Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(bar->annotationCount(), 2);
    QVERIFY(bar->waitForHkb(20000));

    auto ws = hs::ws::Workspace::open(path).value();
    const auto rows = hs::mr::annotationsOfCase(ws, caseX_).value();
    QCOMPARE(rows.size(), std::size_t{2});
    const auto findingIds = hs::mr::evaluationFindingIds(ws, caseX_).value();
    QCOMPARE(rows[0].verdict, std::string("confirmed"));
    QCOMPARE(rows[0].taxonomy, std::string("tasql"));
    QCOMPARE(rows[0].category, std::string("Schema Contradiction"));
    QCOMPARE(rows[0].findingId, std::optional<std::int64_t>(findingIds.at(1)));
    QCOMPARE(rows[1].verdict, std::string("added"));
    QCOMPARE(rows[1].taxonomy, std::string("mrsqlgen"));
    QCOMPARE(rows[1].category, std::string("C7"));
    QCOMPARE(rows[1].annotator, std::string("tester"));
    QVERIFY(!rows[1].findingId);

    QVERIFY(panel.selectCaseNumber(5));
    QVERIFY(bar->suggestedTypes().contains(QStringLiteral("C7")));
    QVERIFY(bar->suggestedTypes().contains(QStringLiteral("C8")));
    const int rank = rankOf(path, kSimilar, "C7");  // from a fresh load of the workspace
    QVERIFY(rank >= 1 && rank <= 2);

    if (const QString dir = qEnvironmentVariable("HALLUSQL_SCREENSHOT_DIR"); !dir.isEmpty()) {
      QVERIFY(panel.selectCaseNumber(4));
      findings->setCurrentItem(findings->topLevelItem(0));
      QVERIFY(panel.grab().save(QDir(dir).filePath("review-annotate.png")));
    }
  }

  // The "HKB suggests" line is for predictions that may be wrong: a correct case (EX set) has none.
  void noSuggestionOnACorrectCase() {
    const QString path = dir_.filePath("correct.hallusql");
    const qint64 caseX = createWorkspace(path);
    QVERIFY(caseX > 0);
    {
      auto ws = hs::ws::Workspace::open(path.toStdString()).value();
      hs::eval::CaseOutcome correct;
      correct.exSet = true;
      QVERIFY(static_cast<bool>(hs::ws::saveOutcomes(ws, {hs::ws::StoredOutcome{caseX + 1, &correct}})));
    }
    hs::ui::EvaluationController evaluation;
    hs::ui::ReviewPanel panel(&evaluation);
    panel.resize(1400, 860);
    panel.show();
    QVERIFY(panel.setWorkspace(path));
    hs::ui::AnnotationBar* bar = panel.annotationBar();
    QVERIFY(bar->waitForHkb(20000));
    auto* line = bar->findChild<QLabel*>(QStringLiteral("annotationSuggestions"));
    QVERIFY(line);
    QVERIFY(panel.selectCaseNumber(5));  // the similar question, now answered correctly
    QVERIFY(bar->suggestedTypes().isEmpty());
    QVERIFY(bar->suggestionText().isEmpty());
    QVERIFY(!line->isVisibleTo(bar));
    QVERIFY(panel.selectCaseNumber(4));  // not scored: the suggestion is shown
    QVERIFY(line->isVisibleTo(bar));
    QVERIFY(!bar->suggestionText().isEmpty());
  }

  void annotationsSurviveReopen() {
    // Its own workspace: annotated through one panel, then read back by a new one.
    const QString path = dir_.filePath("reopen.hallusql");
    QVERIFY(createWorkspace(path) > 0);
    {
      hs::ui::EvaluationController evaluation;
      hs::ui::ReviewPanel panel(&evaluation);
      panel.resize(1400, 860);
      panel.show();
      QVERIFY(panel.setWorkspace(path));
      hs::ui::AnnotationBar* bar = panel.annotationBar();
      bar->setAnnotator(QStringLiteral("tester"));
      QVERIFY(bar->waitForHkb(20000));
      QVERIFY(panel.selectCaseNumber(4));
      QTreeWidget* findings = panel.caseView()->caseView()->findingList();
      QCOMPARE(findings->topLevelItemCount(), 2);
      findings->setCurrentItem(findings->topLevelItem(1));
      QVERIFY(bar->confirmFinding());
      const int c7 = bar->categoryCombo()->findData(QStringList{"mrsqlgen", "C7"});
      QVERIFY(c7 >= 0);
      bar->categoryCombo()->setCurrentIndex(c7);
      QVERIFY(bar->addLabel());
      QCOMPARE(bar->annotationCount(), 2);
    }
    hs::ui::EvaluationController evaluation;
    hs::ui::ReviewPanel panel(&evaluation);
    panel.resize(1400, 860);
    panel.show();
    QVERIFY(panel.setWorkspace(path));
    hs::ui::AnnotationBar* bar = panel.annotationBar();
    QVERIFY(bar->waitForHkb(20000));
    QVERIFY(panel.selectCaseNumber(4));
    QCOMPARE(bar->annotationCount(), 2);
    QCOMPARE(bar->annotationList()->topLevelItem(1)->text(2), QStringLiteral("C7 Aggregation"));
    {
      // The confirmed finding's category as the findings list names it, in the user's language (it
      // was shown as stored: "Schema Contradiction" under a Chinese window, "result_difference").
      hs::ui::LanguageController zh;
      QVERIFY(zh.setLanguage(QStringLiteral("zh_CN")));
      QVERIFY(panel.selectCaseNumber(1));
      QVERIFY(panel.selectCaseNumber(4));
      const QString named = panel.caseView()->caseView()->findingList()->topLevelItem(1)->text(1);
      QCOMPARE(bar->annotationList()->topLevelItem(0)->text(2), named);
      QVERIFY(zh.setLanguage(QStringLiteral("en")));
    }
    QVERIFY(panel.selectCaseNumber(1));
    QCOMPARE(bar->annotationCount(), 0);
    QVERIFY(bar->annotationList()->isHidden());
    // A bad write is a message, not a crash: a workspace closed under the bar.
    bar->setWorkspace(QString());
    QVERIFY(!bar->addLabel());
  }
};

QTEST_MAIN(TestReviewAnnotate)
#include "test_review_annotate.moc"
