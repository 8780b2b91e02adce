// Annotation stays linear (or bounded) on hostile input (issue 16): long IN lists, AND and OR
// chains, on the predicted side, the gold side and both. The sizes are small enough to take well
// under a second when linear, and large enough that a quadratic step (e.g. de-duplicating spans by
// scanning every earlier one, or aligning n conditions against n) runs into the test's TIMEOUT.
#include <QtTest>

#include <string>

#include "engine/annotate/annotate.h"

using namespace hs::annotate;

namespace {

hs::db::Schema schema() {
  hs::db::Schema s;
  hs::db::ColumnInfo id;
  id.name = "id";
  id.declaredType = "INT";
  id.primaryKey = true;
  hs::db::ColumnInfo name;
  name.name = "name";
  name.declaredType = "TEXT";
  s.tables.push_back({"t", false, {id, name}, {}, {}, ""});
  return s;
}

std::string inList(std::size_t n) {
  std::string sql = "SELECT name FROM t WHERE id IN (";
  for (std::size_t i = 0; i < n; ++i) sql += (i ? ", " : "") + std::to_string(i);
  return sql + ")";
}

std::string chain(std::size_t n, const char* connective) {
  std::string sql = "SELECT name FROM t WHERE ";
  for (std::size_t i = 0; i < n; ++i)
    sql += (i ? std::string(" ") + connective + " " : std::string()) + "id <> " + std::to_string(i);
  return sql;
}

std::string orEqualities(std::size_t n) {
  std::string sql = "SELECT name FROM t WHERE ";
  for (std::size_t i = 0; i < n; ++i) sql += (i ? " OR " : "") + std::string("id = ") + std::to_string(i);
  return sql;
}

Annotation run(const std::string& pred, const std::string& gold, const hs::db::Schema& s) {
  CaseInput in;
  in.predSql = pred;
  in.goldSql = gold;
  in.question = "Which names?";
  in.schema = &s;
  return annotateCase(in);
}

}  // namespace

class TestAnnotateHostile : public QObject {
  Q_OBJECT
 private slots:
  void longInList() {
    const hs::db::Schema s = schema();
    const std::string big = inList(20000);
    Annotation a = run(big, "SELECT name FROM t", s);
    QVERIFY(a.predParsed);
    bool extraCondition = false;
    for (const hs::Finding& f : a.findings) extraCondition = extraCondition || f.category == "C6";
    QVERIFY(extraCondition);
    run("SELECT name FROM t", big, s);
    run(big, inList(19999), s);
  }
  void longAndChain() {
    const hs::db::Schema s = schema();
    // The parser bounds a chain at 500 levels (issue 16): a longer one is a syntax finding, not a
    // crash or a quadratic walk; the longest accepted chain is annotated like any query.
    const std::string refused = chain(10000, "AND");
    Annotation r = run(refused, "SELECT name FROM t WHERE id <> 0", s);
    QVERIFY(!r.predParsed);
    bool syntax = false;
    for (const hs::Finding& f : r.findings) syntax = syntax || f.category == "syntax_error";
    QVERIFY(syntax);
    const std::string big = chain(450, "AND");
    Annotation a = run(big, "SELECT name FROM t WHERE id <> 0", s);
    QVERIFY(a.predParsed);
    run(big, chain(449, "AND"), s);
    run(big, big, s);
  }
  void longOrChains() {
    const hs::db::Schema s = schema();
    run(chain(10000, "OR"), chain(9000, "OR"), s);
    const std::string eq = orEqualities(10000);
    Annotation a = run(eq, inList(10000), s);
    for (const hs::Finding& f : a.findings) QVERIFY2(f.category != "C6", f.message.c_str());
  }
};

QTEST_APPLESS_MAIN(TestAnnotateHostile)
#include "tst_annotate_hostile.moc"
