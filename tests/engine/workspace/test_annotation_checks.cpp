// What the workspace refuses in an annotation, written by a reviewer or imported: a verdict it does
// not know, a NUL character in a text, a note past kMaxNoteBytes, and in an import file lines whose
// run is not in the workspace or whose cases none are; the error names file, line and offset and
// nothing is written.
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "engine/workspace/adjudications.h"
#include "engine/workspace/annotation_exchange.h"
#include "engine/workspace/annotations.h"
#include "engine/workspace/sqlite_util.h"
#include "engine/workspace/workspace.h"

using hs::ws::AnnotationRecord;
using hs::ws::Workspace;

namespace {

// A workspace with run "r" (and run "s" when asked) of cases k:0, k:1.
struct Fixture {
  QTemporaryDir dir;
  std::string path;
  std::vector<std::int64_t> cases;
  std::int64_t runId = 0;

  explicit Fixture(bool twoRuns = false) {
    path = dir.filePath(QStringLiteral("w.hallusql")).toStdString();
    auto ws = Workspace::create(path);
    QVERIFY(ws);
    for (const char* name : {"r", "s"}) {
      if (std::string(name) == "s" && !twoRuns) break;
      auto run = ws->createRun({name, "m", "", "{}"});
      QVERIFY(run);
      std::vector<hs::Case> cs;
      for (int i = 0; i < 2; ++i) {
        hs::Case c;
        c.id = "k:" + std::to_string(i);
        c.dbId = "db";
        c.question = "q";
        c.predSql = "SELECT name FROM t";
        cs.push_back(c);
      }
      auto ids = ws->insertCases(*run, cs);
      QVERIFY(ids);
      if (cases.empty()) {
        cases = *ids;
        runId = *run;
      }
    }
  }
  Workspace open() const {
    auto ws = Workspace::open(path);
    if (!ws) qFatal("%s", ws.error().describe().c_str());
    return std::move(*ws);
  }
  // Writes `text` to a file of the fixture's folder and returns its path.
  std::string file(const char* name, const std::string& text) const {
    const QString p = dir.filePath(QString::fromUtf8(name));
    QFile out(p);
    if (!out.open(QIODevice::WriteOnly)) qFatal("cannot write %s", name);
    out.write(text.data(), static_cast<qint64>(text.size()));
    return p.toStdString();
  }
};

std::size_t countAnnotations(const Workspace& ws) {
  return static_cast<std::size_t>(
      hs::ws::queryInt(ws.handle(), "SELECT COUNT(*) FROM annotations", ws.path()).value());
}

AnnotationRecord label(std::int64_t caseId, const std::string& verdict = "added") {
  AnnotationRecord a;
  a.caseId = caseId;
  a.annotator = "ann";
  a.verdict = verdict;
  a.taxonomy = "mrsqlgen";
  a.category = "C1";
  return a;
}

std::string line(const std::string& fields) {
  return R"({"format":"hallusql-annotations","version":1,)" + fields + "}\n";
}

const std::string kGood =
    line(R"("run":"r","case_key":"k:0","reviewer":"bea","verdict":"added","category":"C2")");

}  // namespace

class TestAnnotationChecks : public QObject {
  Q_OBJECT
 private slots:
  void writesRefuseUnknownVerdictsNulAndHugeNotes() {
    Fixture f;
    auto ws = f.open();
    for (const char* v : {"added", "confirmed", "rejected", "correct", "incorrect", "unsure"})
      QVERIFY2(hs::ws::insertAnnotation(ws, label(f.cases[0], v)), v);
    auto bad = hs::ws::insertAnnotation(ws, label(f.cases[0], "lgtm"));
    QVERIFY(!bad);
    QCOMPARE(bad.error().code, std::string("bad_verdict"));
    AnnotationRecord nul = label(f.cases[0]);
    nul.note = std::string("keep\0this", 9);
    auto n = hs::ws::insertAnnotation(ws, nul);
    QVERIFY(!n);
    QCOMPARE(n.error().code, std::string("nul_in_text"));
    QVERIFY(n.error().message.find("note") != std::string::npos);
    nul.note.clear();
    nul.category = std::string(
        "C\0"
        "1",
        3);
    QCOMPARE(hs::ws::insertAnnotation(ws, nul).error().code, std::string("nul_in_text"));
    AnnotationRecord big = label(f.cases[0]);
    big.note.assign(hs::ws::kMaxNoteBytes, 'x');
    QVERIFY(hs::ws::insertAnnotation(ws, big));  // exactly the limit
    big.note += 'x';
    auto tooBig = hs::ws::insertAnnotation(ws, big);
    QVERIFY(!tooBig);
    QCOMPARE(tooBig.error().code, std::string("note_too_long"));
    QVERIFY(tooBig.error().message.find("65537") != std::string::npos);
    QCOMPARE(countAnnotations(ws), std::size_t(7));
    // An adjudicator's note has the same limit.
    hs::ws::Adjudication adj{f.cases[0], "correct", {}, "judge", std::string(10 * 1024 * 1024, 'y'), ""};
    auto s = hs::ws::setAdjudication(ws, adj);
    QVERIFY(!s);
    QCOMPARE(s.error().code, std::string("note_too_long"));
  }

  void importRefusesUnknownVerdictWithItsPlace() {
    Fixture f;
    const std::string bad = line(R"("run":"r","case_key":"k:1","reviewer":"bea","verdict":"lgtm")");
    const std::string path = f.file("v.jsonl", kGood + bad);
    auto ws = f.open();
    auto r = hs::ws::importAnnotations(ws, path);
    QVERIFY(!r);
    QCOMPARE(r.error().code, std::string("bad_verdict"));
    QCOMPARE(r.error().where, path);
    QCOMPARE(r.error().line, std::optional<std::size_t>(2));
    QCOMPARE(r.error().offset, std::optional<std::size_t>(kGood.size()));
    QCOMPARE(countAnnotations(ws), std::size_t(0));
  }

  void importRefusesNulInATextAtItsOffset() {
    Fixture f;
    // The note a\\u0000 ok \u0000cut in JSON, built from pieces (moc misreads it in a raw string literal).
    const std::string slash(1, '\\');
    const std::string note = "a" + slash + slash + "u0000 ok " + slash + "u0000cut";
    const std::string bad =
        line(R"("run":"r","case_key":"k:1","reviewer":"bea","verdict":"added","note":)" + ('"' + note + '"'));
    const std::string path = f.file("nul.jsonl", kGood + bad);
    auto ws = f.open();
    auto r = hs::ws::importAnnotations(ws, path);
    QVERIFY(!r);
    QCOMPARE(r.error().code, std::string("nul_in_text"));
    QCOMPARE(r.error().line, std::optional<std::size_t>(2));
    // The escaped backslash "a\\u0000" is text; the NUL is the second \u0000.
    QCOMPARE(r.error().offset, std::optional<std::size_t>(kGood.size() + bad.find("\\u0000cut")));
    QCOMPARE(countAnnotations(ws), std::size_t(0));
  }

  void importRefusesHugeNotes() {
    Fixture f;
    const std::string bad = line(R"("run":"r","case_key":"k:1","reviewer":"bea","verdict":"added","note":)" +
                                 ('"' + std::string(hs::ws::kMaxNoteBytes + 1, 'n') + '"'));
    const std::string path = f.file("big.jsonl", kGood + bad);
    auto ws = f.open();
    auto r = hs::ws::importAnnotations(ws, path);
    QVERIFY(!r);
    QCOMPARE(r.error().code, std::string("note_too_long"));
    QCOMPARE(r.error().line, std::optional<std::size_t>(2));
    QCOMPARE(r.error().offset, std::optional<std::size_t>(kGood.size()));
    QCOMPARE(countAnnotations(ws), std::size_t(0));
  }

  void importRefusesRunsNotInTheWorkspace() {
    for (bool twoRuns : {false, true}) {
      Fixture f(twoRuns);
      const std::string ghost =
          line(R"("run":"ghost","case_key":"k:0","reviewer":"bea","verdict":"added","category":"C3",)"
               R"("created_at":"2026-01-01T00:00:00Z")");
      const std::string path = f.file("ghost.jsonl", kGood + ghost + ghost);
      auto ws = f.open();
      auto r = hs::ws::importAnnotations(ws, path);
      QVERIFY(!r);
      QCOMPARE(r.error().code, std::string("unknown_run"));
      QVERIFY2(r.error().message.find("'ghost'") != std::string::npos, r.error().message.c_str());
      QCOMPARE(r.error().line, std::optional<std::size_t>(2));
      QCOMPARE(r.error().offset, std::optional<std::size_t>(kGood.size()));
      QCOMPARE(countAnnotations(ws), std::size_t(0));
      // Choosing the run imports every line into it.
      auto chosen = hs::ws::importAnnotations(ws, path, f.runId);
      QVERIFY2(chosen, chosen ? "" : chosen.error().describe().c_str());
      QCOMPARE(chosen->added, std::size_t(2));
      QCOMPARE(chosen->duplicates, std::size_t(1));
    }
  }

  void importRefusesAnUnknownChosenRun() {
    Fixture f;
    const std::string path = f.file("good.jsonl", kGood);
    auto ws = f.open();
    auto r = hs::ws::importAnnotations(ws, path, 9999);
    QVERIFY(!r);
    QCOMPARE(r.error().code, std::string("unknown_run"));
    QCOMPARE(countAnnotations(ws), std::size_t(0));
  }

  void importWhereNoCaseMatchesIsAnError() {
    Fixture f;
    const std::string path = f.file(
        "keys.jsonl", line(R"("run":"r","case_key":"other:0","reviewer":"bea","verdict":"added")") +
                          line(R"("run":"r","case_key":"other:1","reviewer":"bea","verdict":"added")"));
    auto ws = f.open();
    auto r = hs::ws::importAnnotations(ws, path);
    QVERIFY(!r);
    QCOMPARE(r.error().code, std::string("no_matching_case"));
    QCOMPARE(countAnnotations(ws), std::size_t(0));
    // A line without a run name goes to the only run; a known case among unknown ones is imported.
    const std::string mixed = f.file(
        "mixed.jsonl", line(R"("case_key":"k:1","reviewer":"bea","verdict":"unsure")") +
                           line(R"("run":"r","case_key":"other:1","reviewer":"bea","verdict":"added")"));
    auto m = hs::ws::importAnnotations(ws, mixed);
    QVERIFY2(m, m ? "" : m.error().describe().c_str());
    QCOMPARE(m->added, std::size_t(1));
    QCOMPARE(m->unmatchedCases, std::size_t(1));
  }
};

QTEST_GUILESS_MAIN(TestAnnotationChecks)
#include "test_annotation_checks.moc"
