// The Review tab on a run generated with abstention (seed 004): the panel shows RS(0), RS(10) and
// RS(N) with the penalties and thresholds (the numbers of hs::ws::runReliability), the case list
// marks an abstained question with ⊘ and its reason in the tooltip, the case header shows the
// abstention badge with the reason; a run without abstention shows no RS line.
#include <QtTest>

#include <nlohmann/json.hpp>

#include "engine/eval/runner.h"
#include "engine/workspace/demo.h"
#include "engine/workspace/results_store.h"
#include "engine/workspace/workspace.h"
#include "review_test_env.h"
#include "widgets/eliding_label.h"
#include "widgets/review/case_header.h"
#include "widgets/review/case_list_model.h"
#include "widgets/review/reliability_line.h"
#include "widgets/review/review_controller.h"
#include "widgets/review/review_panel.h"

class TestReviewReliability : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    hs::test::isolateSettings(dir_, "hallusql-review-reliability-test");
  }

  void abstentionRunShowsRsAndMarksCases() {
    const std::string path = dir_.filePath("abstain.hallusql").toStdString();
    std::int64_t runId = 0;
    {
      auto ws = hs::ws::Workspace::create(path);
      QVERIFY(ws.ok());
      hs::ws::RunInfo info;
      info.name = "generated with abstention";
      auto run = ws->createRun(info);
      QVERIFY(run.ok());
      hs::Case answered;
      answered.id = "a";
      answered.question = "How many singers are there?";
      answered.goldSql = "SELECT count(*) FROM singer";
      answered.predSql = answered.goldSql;
      answered.abstention =
          hs::Abstention{false, "", "after_generation", {{"schema_linking", 0.5}, {"risk", 0.5}}};
      hs::Case held;
      held.id = "b";
      held.question = "What will the weather be at the next concert?";
      held.infeasibleType = "ext-know";
      held.abstention = hs::Abstention{true,
                                       "the question needs knowledge outside the database",
                                       "before_generation",
                                       {{"schema_linking", 0.5}}};
      QVERIFY(ws->insertCases(*run, {answered, held}).ok());
      runId = *run;
    }
    QWidget window;
    hs::ui::ReviewController review(&window);
    QVERIFY(review.openWorkspace(QString::fromStdString(path)));
    auto* panel = review.panel();
    // Not evaluated: the answer counts as wrong (-c), the abstention on the infeasible one +1; N = 2.
    const QString line = panel->reliabilityText();
    QVERIFY2(line.contains("RS(0) 0.50") && line.contains("RS(10) -4.50") && line.contains("RS(N = 2) -0.50"),
             qPrintable(line));
    QVERIFY2(line.contains("2 questions, 1 answered, 1 abstained"), qPrintable(line));
    QVERIFY2(line.contains("penalty c of a wrong answer: 0, 10, N"), qPrintable(line));
    QVERIFY2(line.contains("thresholds: infeasible 0.50, risk 0.50"), qPrintable(line));

    auto ws = hs::ws::Workspace::open(path);
    QVERIFY(ws.ok());
    hs::ui::CaseListModel list;
    auto rows = hs::ws::caseSummaries(*ws, runId);
    QVERIFY(rows.ok());
    list.setSummaries(*rows);
    QCOMPARE(list.data(list.index(0, hs::ui::CaseListModel::Question)).toString(),
             QStringLiteral("How many singers are there?"));
    QCOMPARE(list.data(list.index(1, hs::ui::CaseListModel::Question)).toString(),
             QStringLiteral("⊘ What will the weather be at the next concert?"));
    const QString tip = list.data(list.index(1, hs::ui::CaseListModel::Question), Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains("Abstained: the question needs knowledge outside the database") &&
                 tip.contains("Infeasible question (ext-know)"),
             qPrintable(tip));

    auto cases = ws->cases(runId);
    QVERIFY(cases.ok());
    hs::ui::CaseHeader header;
    header.setCase((*cases)[1].kase, hs::eval::CaseOutcome{});
    const QString text = header.plainText();
    QVERIFY2(text.contains("⊘ Abstained") && text.contains("Infeasible") &&
                 text.contains("Abstained: the question needs knowledge outside the database"),
             qPrintable(text));
    header.setCase((*cases)[0].kase, hs::eval::CaseOutcome{});
    QVERIFY(header.plainText().contains("Answered"));

    // The risk reasons take the width that is left and are cut there with "…"; the copied text
    // and the tooltip keep them whole.
    hs::eval::CaseOutcome risky;
    risky.risk =
        hs::Risk{0.65, {"cartesian_join: a table is joined without a join condition", "empty_result"}, {}};
    header.setCase((*cases)[0].kase, risky);
    header.resize(520, header.sizeHint().height());
    header.show();
    QVERIFY(QTest::qWaitForWindowExposed(&header));
    auto* reasons = header.findChild<hs::ui::ElidingLabel*>(QStringLiteral("caseHeaderRisk"));
    QVERIFY(reasons);
    QVERIFY2(reasons->text().endsWith(QChar(0x2026)), qPrintable(reasons->text()));
    QVERIFY(reasons->x() + reasons->width() <= header.width());
    QVERIFY(header.plainText().contains("empty_result"));
    QVERIFY(reasons->toolTip().contains("empty_result"));
  }

  void runWithoutAbstentionShowsNoRs() {
    QTemporaryDir dir;
    auto demo = hs::ws::createDemo(dir.path().toStdString());
    QVERIFY(demo.ok());
    QWidget window;
    hs::ui::ReviewController review(&window);
    QVERIFY(review.openWorkspace(QString::fromStdString(demo->workspacePath)));
    QVERIFY(review.panel()->reliabilityText().isEmpty());
    QVERIFY(hs::ui::ReliabilityLine::text(nullptr).isEmpty());
  }
};

QTEST_MAIN(TestReviewReliability)
#include "test_review_reliability.moc"
