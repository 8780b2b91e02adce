// Review as a team (workspace v4): undo and redo that survive closing the workspace, labels on a
// span, one reviewer's annotations exported and imported into another workspace without
// duplicates, disagreements, agreement ratings with the rules as a reviewer, adjudications.
#include <QTemporaryDir>
#include <QtTest>

#include <sstream>

#include "engine/eval/agreement.h"
#include "engine/workspace/adjudications.h"
#include "engine/workspace/annotation_exchange.h"
#include "engine/workspace/annotation_undo.h"
#include "engine/workspace/annotations.h"
#include "engine/workspace/reviewer_labels.h"
#include "engine/workspace/sqlite_util.h"
#include "engine/workspace/workspace.h"

using hs::ws::AnnotationRecord;
using hs::ws::Workspace;

namespace {

// A workspace with run "r" of three cases (pred SQL "SELECT name FROM t WHERE id = 1") and one
// automatic C3 finding on the first case, spanning "name".
struct Fixture {
  QTemporaryDir dir;
  std::string path;
  std::vector<std::int64_t> cases;

  explicit Fixture(const char* file = "w.hallusql") {
    path = dir.filePath(QString::fromUtf8(file)).toStdString();
    auto ws = Workspace::create(path);
    QVERIFY(ws);
    auto run = ws->createRun({"r", "m", "", "{}"});
    QVERIFY(run);
    std::vector<hs::Case> cs;
    for (int i = 0; i < 3; ++i) {
      hs::Case c;
      c.id = "k:" + std::to_string(i);
      c.dbId = "db";
      c.question = "q" + std::to_string(i);
      c.goldSql = "SELECT id FROM t";
      c.predSql = "SELECT name FROM t WHERE id = 1";
      cs.push_back(c);
    }
    auto ids = ws->insertCases(*run, cs);
    QVERIFY(ids);
    cases = *ids;
    QVERIFY(
        hs::ws::exec(ws->handle(),
                     "INSERT INTO findings (case_id, taxonomy, category, subcategory, message, spans_json, "
                     "origin, created_at, from_eval) VALUES (" +
                         std::to_string(cases[0]) +
                         ", 'mrsqlgen', 'C3', 'join', 'm', '[{\"side\":\"pred\",\"begin\":7,\"end\":11}]', "
                         "'rule', '2026-01-01T00:00:00Z', 1)",
                     path));
    QVERIFY(hs::ws::exec(
        ws->handle(), "INSERT INTO case_scores (case_id, evaluated_at) SELECT id, 'now' FROM cases", path));
  }
  Workspace open() const {
    auto ws = Workspace::open(path);
    if (!ws) qFatal("%s", ws.error().describe().c_str());
    return std::move(*ws);
  }
};

AnnotationRecord label(std::int64_t caseId, const char* who, const char* category,
                       const char* verdict = "added") {
  AnnotationRecord a;
  a.caseId = caseId;
  a.annotator = who;
  a.verdict = verdict;
  a.taxonomy = "mrsqlgen";
  a.category = category;
  return a;
}

std::size_t countAnnotations(const Workspace& ws) {
  return static_cast<std::size_t>(
      hs::ws::queryInt(ws.handle(), "SELECT COUNT(*) FROM annotations", ws.path()).value());
}

}  // namespace

class TestReviewTeam : public QObject {
  Q_OBJECT
 private slots:
  void undoAndRedoSurviveReopening() {
    Fixture f;
    {
      auto ws = f.open();
      QVERIFY(hs::ws::insertAnnotation(ws, label(f.cases[0], "ann", "C1")));
      QVERIFY(hs::ws::insertAnnotation(ws, label(f.cases[1], "ann", "C2")));
      QVERIFY(hs::ws::insertAnnotation(ws, label(f.cases[2], "bea", "C5")));
      QCOMPARE(hs::ws::undoDepth(ws, "ann")->undo, std::size_t(2));
    }
    {
      auto ws = f.open();  // a restart
      // What undo would take back is named before, and nothing changes by asking.
      auto next = hs::ws::nextUndo(ws, "ann");
      QVERIFY(next && *next);
      QCOMPARE((*next)->category, std::string("C2"));
      QCOMPARE((*next)->caseId, f.cases[1]);
      QVERIFY(!*hs::ws::nextRedo(ws, "ann"));
      QCOMPARE(countAnnotations(ws), std::size_t(3));
      auto undone = hs::ws::undoAnnotation(ws, "ann");
      QVERIFY(undone && *undone);
      QCOMPARE((*undone)->category, std::string("C2"));  // the newest of this reviewer, not bea's
      QCOMPARE(countAnnotations(ws), std::size_t(2));
      QCOMPARE(hs::ws::undoDepth(ws, "ann")->redo, std::size_t(1));
      auto again = hs::ws::nextRedo(ws, "ann");
      QVERIFY(again && *again);
      QCOMPARE((*again)->category, std::string("C2"));
      QCOMPARE((*hs::ws::nextUndo(ws, "ann"))->category, std::string("C1"));
    }
    {
      auto ws = f.open();
      auto redone = hs::ws::redoAnnotation(ws, "ann");
      QVERIFY(redone && *redone);
      QCOMPARE((*redone)->category, std::string("C2"));
      QCOMPARE((*redone)->caseId, f.cases[1]);
      QCOMPARE(countAnnotations(ws), std::size_t(3));
      // Undo twice, then a new action empties the redo stack.
      QVERIFY(*hs::ws::undoAnnotation(ws, "ann"));
      QVERIFY(*hs::ws::undoAnnotation(ws, "ann"));
      QVERIFY(!*hs::ws::undoAnnotation(ws, "ann"));  // nothing left
      QCOMPARE(hs::ws::undoDepth(ws, "ann")->redo, std::size_t(2));
      QVERIFY(hs::ws::insertAnnotation(ws, label(f.cases[0], "ann", "C9")));
      QCOMPARE(hs::ws::undoDepth(ws, "ann")->redo, std::size_t(0));
      QVERIFY(!*hs::ws::redoAnnotation(ws, "ann"));
    }
  }

  void undoSkipsAnnotationsRemovedOtherwise() {
    Fixture f;
    auto ws = f.open();
    auto first = hs::ws::insertAnnotation(ws, label(f.cases[0], "ann", "C1"));
    auto second = hs::ws::insertAnnotation(ws, label(f.cases[0], "ann", "C2"));
    QVERIFY(first && second);
    QVERIFY(hs::ws::removeAnnotation(ws, *second));        // "Remove last"
    QCOMPARE((*hs::ws::nextUndo(ws, "ann"))->id, *first);  // the removed one is not named either
    auto undone = hs::ws::undoAnnotation(ws, "ann");
    QVERIFY(undone && *undone);
    QCOMPARE((*undone)->id, *first);
    QCOMPARE(countAnnotations(ws), std::size_t(0));
  }

  void spanLabels() {
    Fixture f;
    auto ws = f.open();
    AnnotationRecord a = label(f.cases[0], "ann", "C5");
    a.span = hs::FindingSpan{"pred", 7, 11};
    auto id = hs::ws::insertAnnotation(ws, a);
    QVERIFY(id);
    auto rows = hs::ws::annotationsOfCase(ws, f.cases[0]);
    QVERIFY(rows && rows->size() == 1);
    QVERIFY(rows->front().span);
    QCOMPARE(*rows->front().span, (hs::FindingSpan{"pred", 7, 11}));
    a.span = hs::FindingSpan{"pred", 7, 400};  // past the end of the SQL
    auto bad = hs::ws::insertAnnotation(ws, a);
    QVERIFY(!bad);
    QCOMPARE(bad.error().code, std::string("bad_span"));
    a.span = hs::FindingSpan{"middle", 0, 1};
    QVERIFY(!hs::ws::insertAnnotation(ws, a));
    QCOMPARE(countAnnotations(ws), std::size_t(1));
  }

  void exportImportWithoutDuplicates() {
    Fixture mine("mine.hallusql");
    Fixture theirs("theirs.hallusql");
    std::stringstream file;
    {
      auto ws = theirs.open();
      auto findingId = hs::ws::evaluationFindingIds(ws, theirs.cases[0]);
      QVERIFY(findingId && findingId->size() == 1);
      AnnotationRecord rejected = label(theirs.cases[0], "bea", "C3", "rejected");
      rejected.findingId = findingId->front();
      rejected.note = "the join is fine";
      QVERIFY(hs::ws::insertAnnotation(ws, rejected));
      AnnotationRecord span = label(theirs.cases[1], "bea", "C4");
      span.span = hs::FindingSpan{"pred", 29, 30};
      QVERIFY(hs::ws::insertAnnotation(ws, span));
      QVERIFY(hs::ws::insertAnnotation(ws, label(theirs.cases[2], "cyd", "C1")));
      auto n = hs::ws::exportAnnotations(ws, "bea", std::nullopt, file);
      QVERIFY(n);
      QCOMPARE(*n, std::size_t(2));  // bea's only
    }
    const QString exported = theirs.dir.filePath(QStringLiteral("bea.jsonl"));
    {
      QFile out(exported);
      QVERIFY(out.open(QIODevice::WriteOnly));
      out.write(QByteArray::fromStdString(file.str()));
    }
    auto ws = mine.open();
    QVERIFY(hs::ws::insertAnnotation(ws, label(mine.cases[0], "ann", "C3", "confirmed")));
    auto first = hs::ws::importAnnotations(ws, exported.toStdString());
    QVERIFY2(first, first ? "" : first.error().describe().c_str());
    QCOMPARE(first->lines, std::size_t(2));
    QCOMPARE(first->added, std::size_t(2));
    QCOMPARE(first->unmatchedFindings, std::size_t(0));
    QCOMPARE(first->reviewers, std::vector<std::string>{"bea"});
    auto again = hs::ws::importAnnotations(ws, exported.toStdString());
    QVERIFY(again);
    QCOMPARE(again->added, std::size_t(0));
    QCOMPARE(again->duplicates, std::size_t(2));
    QCOMPARE(countAnnotations(ws), std::size_t(3));
    // The rejection points at this workspace's finding; the span came along.
    auto rows = hs::ws::annotationsOfCase(ws, mine.cases[0]);
    QVERIFY(rows && rows->size() == 2);
    QCOMPARE(rows->back().findingId, hs::ws::evaluationFindingIds(ws, mine.cases[0])->front());
    QCOMPARE(rows->back().note, std::string("the join is fine"));
    auto spanned = hs::ws::annotationsOfCase(ws, mine.cases[1]);
    QVERIFY(spanned && spanned->size() == 1 && spanned->front().span);
    QCOMPARE(spanned->front().span->begin, std::size_t(29));
    // Imports are not the importer's actions: nothing to undo for bea here.
    QCOMPARE(hs::ws::undoDepth(ws, "bea")->undo, std::size_t(0));
    // ann confirmed C3 where bea rejected it: a dispute.
    auto reviews = hs::ws::caseReviews(ws);
    QVERIFY(reviews);
    QCOMPARE(reviews->size(), std::size_t(2));
    QCOMPARE(reviews->front().caseId, mine.cases[0]);
    QVERIFY(reviews->front().disputed);
    QVERIFY(!reviews->back().disputed);  // only bea on case 1
  }

  void importRefusesBadFilesWhole() {
    Fixture f;
    const QString bad = f.dir.filePath(QStringLiteral("bad.jsonl"));
    QFile out(bad);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(
        R"({"format":"hallusql-annotations","run":"r","case_key":"k:0","reviewer":"x","verdict":"added","category":"C1"})"
        "\n{\"format\":\"hallusql-annotations\",\"case_key\":\"k:1\"}\n");
    out.close();
    auto ws = f.open();
    auto r = hs::ws::importAnnotations(ws, bad.toStdString());
    QVERIFY(!r);
    QCOMPARE(r.error().line, std::optional<std::size_t>(2));
    QCOMPARE(countAnnotations(ws), std::size_t(0));  // all or nothing
  }

  void disputesAndRatings() {
    Fixture f;
    auto ws = f.open();
    // Case 0: ann C1, bea C2 (different labels, no shared item): disputed.
    QVERIFY(hs::ws::insertAnnotation(ws, label(f.cases[0], "ann", "C1")));
    QVERIFY(hs::ws::insertAnnotation(ws, label(f.cases[0], "bea", "C2")));
    // Case 1: both say correct.
    QVERIFY(hs::ws::insertAnnotation(ws, label(f.cases[1], "ann", "", "correct")));
    QVERIFY(hs::ws::insertAnnotation(ws, label(f.cases[1], "bea", "", "correct")));
    // Case 2: ann added C4 then rejected it (no label left), bea marks it correct: agree on none.
    QVERIFY(hs::ws::insertAnnotation(ws, label(f.cases[2], "ann", "C4")));
    QVERIFY(hs::ws::insertAnnotation(ws, label(f.cases[2], "ann", "C4", "rejected")));
    QVERIFY(hs::ws::insertAnnotation(ws, label(f.cases[2], "bea", "", "correct")));
    auto reviews = hs::ws::caseReviews(ws);
    QVERIFY(reviews && reviews->size() == 3);
    QVERIFY((*reviews)[0].disputed);
    QVERIFY(!(*reviews)[1].disputed);
    // Case 2: only bea gave a verdict, and both label sets are empty: no dispute.
    QVERIFY(!(*reviews)[2].disputed);
    auto ratings = hs::ws::reviewerRatings(ws, {}, false);
    QVERIFY(ratings);
    auto report = hs::eval::computeAgreement(*ratings);
    QCOMPARE(report.reviewers, (std::vector<std::string>{"ann", "bea"}));
    QCOMPARE(report.items, std::size_t(3));
    QCOMPARE(report.pairs.size(), std::size_t(1));
    QCOMPARE(report.pairs[0].kappa.items, std::size_t(3));
    QCOMPARE(report.pairs[0].kappa.observed, 2.0 / 3.0);
    // The rules: C3 on case 0, nothing on cases 1 and 2.
    auto withRules = hs::ws::reviewerRatings(ws, {}, true);
    QVERIFY(withRules);
    auto three = hs::eval::computeAgreement(*withRules);
    QCOMPARE(three.reviewers, (std::vector<std::string>{"ann", "bea", "rules"}));
    QCOMPARE(three.pairs.size(), std::size_t(3));
    QCOMPARE(three.pairs[1].b, std::string("rules"));
    QCOMPARE(three.pairs[1].kappa.observed, 2.0 / 3.0);  // ann vs rules: none, none agree; C1 vs C3 not
  }

  void adjudications() {
    Fixture f;
    auto ws = f.open();
    hs::ws::Adjudication a{f.cases[0], "incorrect", {"C1"}, "judge", "ann is right", ""};
    QVERIFY(hs::ws::setAdjudication(ws, a));
    a.labels = {"C1", "C2"};
    QVERIFY(hs::ws::setAdjudication(ws, a));  // replaces
    auto all = hs::ws::adjudications(ws);
    QVERIFY(all && all->size() == 1);
    QCOMPARE(all->front().labels, (std::vector<std::string>{"C1", "C2"}));
    QCOMPARE(all->front().adjudicator, std::string("judge"));
    QVERIFY(!all->front().createdAt.empty());
    hs::ws::Adjudication empty{f.cases[1], "", {}, "judge", "", ""};
    QVERIFY(!hs::ws::setAdjudication(ws, empty));
    hs::ws::Adjudication badVerdict{f.cases[1], "maybe", {}, "judge", "", ""};
    QVERIFY(!hs::ws::setAdjudication(ws, badVerdict));
    hs::ws::Adjudication noCase{999999, "correct", {}, "judge", "", ""};
    QVERIFY(!hs::ws::setAdjudication(ws, noCase));
    QVERIFY(hs::ws::removeAdjudication(ws, f.cases[0]));
    QVERIFY(!*hs::ws::adjudicationOf(ws, f.cases[0]));
  }
};

QTEST_GUILESS_MAIN(TestReviewTeam)
#include "test_review_team.moc"
