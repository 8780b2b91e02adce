// Result comparison: Python-like value equality, EX set/bag/ordered, BIRD Soft-F1, ORDER BY
// detection, result diff, error classes and the scoring of one outcome.
#include <QtTest>

#include "engine/eval/exec_error.h"
#include "engine/eval/result_compare.h"
#include "engine/eval/runner.h"

using hs::db::Row;
using hs::db::Value;
using namespace hs::eval;

namespace {

Value I(std::int64_t v) {
  return Value::integer(v);
}
Value R(double v) {
  return Value::real(v);
}
Value T(const char* s) {
  return Value::text(s);
}
Value N() {
  return Value::null();
}

}  // namespace

class TestScoring : public QObject {
  Q_OBJECT
 private slots:
  void pythonEquality() {
    QVERIFY(pyEqual(I(1), R(1.0)));
    QVERIFY(pyEqual(R(-0.0), I(0)));
    QVERIFY(!pyEqual(I(1), R(1.5)));
    QVERIFY(!pyEqual(T("1"), I(1)));
    QVERIFY(pyEqual(N(), N()));
    QVERIFY(!pyEqual(N(), I(0)));
    QVERIFY(!pyEqual(T("ab"), Value::blob("ab")));
    QVERIFY(pyEqual(I(9007199254740993LL), I(9007199254740993LL)));
    QVERIFY(!pyEqual(I(9007199254740993LL), R(9007199254740992.0)));  // Python compares int/float exactly
    QVERIFY(compareValues(N(), I(-5)) < 0);
    QVERIFY(compareValues(I(2), R(2.5)) < 0);
    QVERIFY(compareValues(R(2.5), I(3)) < 0);
  }

  void exSemantics() {
    std::vector<Row> g{{I(1)}, {I(1)}, {I(2)}};
    std::vector<Row> p{{I(2)}, {I(1)}};
    QVERIFY(setEqual(g, p));
    QVERIFY(!bagEqual(g, p));
    QVERIFY(!orderedEqual(g, p));

    std::vector<Row> g2{{I(1), T("a")}, {I(2), T("b")}};
    std::vector<Row> p2{{I(2), T("b")}, {R(1.0), T("a")}};
    QVERIFY(setEqual(g2, p2));
    QVERIFY(bagEqual(g2, p2));
    QVERIFY(!orderedEqual(g2, p2));
    std::vector<Row> p3{{R(1.0), T("a")}, {I(2), T("b")}};
    QVERIFY(orderedEqual(g2, p3));

    QVERIFY(!setEqual({{T("1")}}, {{I(1)}}));
    QVERIFY(setEqual({}, {}));
    QVERIFY(!setEqual({{I(1)}}, {{I(1), I(1)}}));  // different widths
    QVERIFY(setEqual({{N(), I(3)}}, {{N(), R(3.0)}}));
  }

  // Expected values are the outputs of BIRD mini-dev's calculate_f1_score (evaluation_f1.py) on the
  // same rows (predicted, ground_truth), run with Python 3.
  void softF1MatchesBirdReference() {
    QCOMPARE(softF1({{I(1), T("a")}, {I(2), T("b")}}, {{I(1), T("a")}, {I(2), T("b")}}), 1.0);
    QCOMPARE(softF1({{I(1)}}, {{R(1.0)}}), 1.0);
    QCOMPARE(softF1({{I(1), T("a")}, {I(2), T("b")}}, {{T("a"), I(1)}, {T("b"), I(2)}}), 1.0);
    QCOMPARE(softF1({{I(1), T("a")}, {I(2), T("b")}, {I(3), T("c")}},
                    {{I(1), T("a")}, {I(2), T("x")}, {I(3), T("c")}}),
             0.8333333333333334);
    QCOMPARE(softF1({{I(1)}, {I(2)}}, {{I(1)}, {I(2)}, {I(3)}, {I(4)}}), 0.6666666666666666);
    QCOMPARE(softF1({{I(1)}, {I(2)}, {I(3)}}, {{I(1)}}), 0.5);
    QCOMPARE(softF1({{I(1)}, {I(1)}, {I(2)}}, {{I(1)}, {I(2)}, {I(2)}}), 1.0);
    QCOMPARE(softF1({{I(1), T("a")}}, {{I(1), T("a"), T("z")}}), 0.8);
    QCOMPARE(softF1({{I(1)}}, {}), 0.0);
    QCOMPARE(softF1({}, {{I(1)}}), 0.0);
    QCOMPARE(softF1({}, {}), 1.0);
    QCOMPARE(softF1({{N(), I(1)}}, {{N(), I(2)}}), 0.5);
    QCOMPARE(softF1({{I(1)}, {I(2)}, {I(3)}}, {{I(3)}, {I(1)}, {I(2)}}), 0.0);  // rows pair by position
    QCOMPARE(softF1({{T("1")}}, {{I(1)}}), 0.0);
  }

  void orderByDetection() {
    QVERIFY(hasTopLevelOrderBy("SELECT a FROM t ORDER BY a"));
    QVERIFY(hasTopLevelOrderBy("select x from t order  \n by x desc limit 1"));
    QVERIFY(hasTopLevelOrderBy("SELECT a FROM t WHERE b IN (SELECT c FROM u ORDER BY c LIMIT 1) ORDER BY a"));
    QVERIFY(hasTopLevelOrderBy("SELECT a FROM t UNION SELECT b FROM u ORDER BY 1"));
    QVERIFY(!hasTopLevelOrderBy("SELECT a FROM (SELECT a FROM t ORDER BY a)"));
    QVERIFY(!hasTopLevelOrderBy("SELECT 'order by' FROM t"));
    QVERIFY(!hasTopLevelOrderBy("SELECT a FROM t -- ORDER BY a"));
    QVERIFY(!hasTopLevelOrderBy("SELECT a FROM t /* ORDER BY a */"));
    QVERIFY(!hasTopLevelOrderBy("SELECT \"order\", by_x FROM t"));
    QVERIFY(!hasTopLevelOrderBy("SELECT `order` by FROM t"));
    QVERIFY(!hasTopLevelOrderBy("SELECT sort_order, by FROM t"));
  }

  void diffRowsAndColumns() {
    ResultDiff d =
        diffResults({{I(1), T("a")}, {I(2), T("b")}, {I(2), T("b")}}, 2, {{I(2), T("b")}, {I(3), T("c")}}, 2);
    QVERIFY(!d.columnCountMismatch);
    QCOMPARE(d.missingTotal, std::size_t(2));
    QCOMPARE(d.missing.size(), std::size_t(2));
    QCOMPARE(d.missing[0].row[0].i, std::int64_t(1));
    QCOMPARE(d.missing[1].count, std::size_t(1));  // one of the two (2,'b') is matched
    QCOMPARE(d.extraTotal, std::size_t(1));
    QCOMPARE(d.extra[0].row[1].bytes, std::string("c"));
    QVERIFY(!d.columnPermutation);

    ResultDiff perm = diffResults({{I(1), T("a"), R(0.5)}, {I(2), T("b"), R(1.5)}}, 3,
                                  {{T("a"), R(0.5), I(1)}, {T("b"), R(1.5), I(2)}}, 3);
    QVERIFY(perm.columnPermutation);
    QCOMPARE(*perm.columnPermutation, (std::vector<std::size_t>{2, 0, 1}));

    ResultDiff width = diffResults({{I(1)}}, 1, {{I(1), T("x")}}, 2);
    QVERIFY(width.columnCountMismatch);
    QCOMPARE(width.missingTotal, std::size_t(1));
    QCOMPARE(width.extraTotal, std::size_t(1));

    ResultDiff same = diffResults({{I(1)}}, 1, {{R(1.0)}}, 1);
    QCOMPARE(same.missingTotal + same.extraTotal, std::size_t(0));
  }

  void errorClasses() {
    auto cls = [](const char* code, const char* msg, hs::ErrorKind kind = hs::ErrorKind::BadInput) {
      return classifyExecError(hs::makeError(kind, code, msg)).kind;
    };
    QCOMPARE(cls("sql", "near \"SELEC\": syntax error"), ExecErrorClass::Syntax);
    QCOMPARE(cls("sql", "incomplete input"), ExecErrorClass::Syntax);
    QCOMPARE(cls("sql", "no such table: singers"), ExecErrorClass::NoSuchTable);
    QCOMPARE(cls("sql", "no such column: T1.nam"), ExecErrorClass::NoSuchColumn);
    QCOMPARE(cls("sql", "ambiguous column name: id"), ExecErrorClass::Ambiguous);
    QCOMPARE(cls("timeout", "time limit reached", hs::ErrorKind::Timeout), ExecErrorClass::Timeout);
    QCOMPARE(cls("refused", "refused: a second statement"), ExecErrorClass::Refused);
    QCOMPARE(cls("sql", "no such function: IIF2"), ExecErrorClass::Other);
    QCOMPARE(std::string(toString(ExecErrorClass::NoSuchColumn)), std::string("no_such_column"));
  }

  void scoringOneOutcome() {
    hs::Case c;
    c.goldSql = "SELECT name FROM t ORDER BY id";
    c.predSql = "SELECT name FROM t";
    CaseOutcome o;
    o.gold.ok = o.gold.ran = true;
    o.gold.columns = {"name"};
    o.gold.rows = {{T("a")}, {T("b")}};
    o.pred.ok = o.pred.ran = true;
    o.pred.columns = {"name"};
    o.pred.rows = {{T("b")}, {T("a")}};
    scoreOutcome(c, o);
    QCOMPARE(o.exSet, std::optional<bool>(true));
    QCOMPARE(o.exBag, std::optional<bool>(true));
    QCOMPARE(o.exOrdered, std::optional<bool>(false));
    QCOMPARE(o.softF1.value(), 0.0);

    o.pred.ok = false;
    o.pred.error = ExecError{ExecErrorClass::Syntax, "syntax error"};
    scoreOutcome(c, o);
    QCOMPARE(o.exSet, std::optional<bool>(false));
    QCOMPARE(o.exOrdered, std::optional<bool>(false));
    QCOMPARE(o.softF1.value(), 0.0);

    c.goldSql = "SELECT name FROM t";
    scoreOutcome(c, o);
    QVERIFY(!o.exOrdered.has_value());  // the gold does not order

    o.gold.ok = false;
    scoreOutcome(c, o);
    QVERIFY(!o.exSet.has_value());  // undecidable without a gold result
    QVERIFY(!o.softF1.has_value());
  }

  // EX ignoring column order (issue 13): only with the option, beside the three semantics.
  void exIgnoringColumnOrder() {
    hs::Case c;
    c.goldSql = "SELECT name, id FROM t";
    c.predSql = "SELECT id, name FROM t";
    CaseOutcome o;
    o.gold.ok = o.gold.ran = true;
    o.gold.columns = {"name", "id"};
    o.gold.rows = {{T("a"), T("1")}, {T("b"), T("2")}, {T("b"), T("2")}};
    o.pred.ok = o.pred.ran = true;
    o.pred.columns = {"id", "name"};
    o.pred.rows = {{T("1"), T("a")}, {T("2"), T("b")}};  // duplicates dropped: set-equal only
    scoreOutcome(c, o);
    QCOMPARE(o.exSet, std::optional<bool>(false));
    QVERIFY(!o.exSetAnyColumnOrder.has_value());
    scoreOutcome(c, o, true);
    QCOMPARE(o.exSet, std::optional<bool>(false));
    QCOMPARE(o.exSetAnyColumnOrder, std::optional<bool>(true));
    o.pred.rows = {{T("1"), T("a")}, {T("3"), T("b")}};
    scoreOutcome(c, o, true);
    QCOMPARE(o.exSetAnyColumnOrder, std::optional<bool>(false));
    o.pred.columns = {"id"};
    o.pred.rows = {{T("a")}};
    scoreOutcome(c, o, true);
    QCOMPARE(o.exSetAnyColumnOrder, std::optional<bool>(false));
    QVERIFY(setEqualIgnoringColumnOrder({{T("x"), T("y")}}, 2, {{T("y"), T("x")}}, 2));
    QVERIFY(!setEqualIgnoringColumnOrder({{T("x"), T("y")}}, 2, {{T("y"), T("y")}}, 2));
  }

  void resolveDatabaseLayouts() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QDir(dir.path()).mkdir("spiderdb");
    QFile a(dir.path() + "/spiderdb/spiderdb.sqlite");
    QVERIFY(a.open(QIODevice::WriteOnly));
    a.close();
    QFile b(dir.path() + "/flat.sqlite");
    QVERIFY(b.open(QIODevice::WriteOnly));
    b.close();
    const std::string root = dir.path().toStdString();
    QCOMPARE(resolveDatabase(root, "spiderdb").value(), root + "/spiderdb/spiderdb.sqlite");
    QCOMPARE(resolveDatabase(root, "flat").value(), root + "/flat.sqlite");
    QVERIFY(!resolveDatabase(root, "nothere"));
    QVERIFY(!resolveDatabase(root, "../flat"));
    QVERIFY(!resolveDatabase(root, ""));
  }
};

QTEST_GUILESS_MAIN(TestScoring)
#include "test_scoring.moc"
