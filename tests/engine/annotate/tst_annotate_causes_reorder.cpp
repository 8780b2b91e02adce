// The result probe of RuleAnnotator on a real (temporary) SQLite database: a repair that gives the
// prediction's own rows in another order changes nothing, however Soft-F1's row-by-row comparison
// scores the new order; a repair that gives the gold rows with the columns in another order gives
// the gold result.
#include <QTemporaryDir>
#include <QtTest>

#include <set>
#include <vector>

#include "support/rule_eval.h"

namespace {

// Evaluates one prediction against its gold on a database made by `setup`.
hs::eval::CaseOutcome evaluateOn(const char* setup, const std::string& gold, const std::string& pred) {
  QTemporaryDir dir;
  if (!hs::test::makeDatabase(dir.path().toStdString(), setup)) return {};
  return hs::test::evaluateWithRules(dir.path().toStdString(), gold, pred);
}

std::vector<hs::Finding> ctypes(const hs::eval::CaseOutcome& o) {
  std::vector<hs::Finding> out;
  for (const hs::Finding& f : o.findings)
    if (f.taxonomy == "mrsqlgen") out.push_back(f);
  return out;
}

}  // namespace

class TestAnnotateCausesReorder : public QObject {
  Q_OBJECT
 private slots:
  void reorderingRepairIsNoMove() {
    // The prediction reads the wrong table (C3: its repair does not run alone, t2 has no id), filters
    // otherwise (C6) and groups by id instead of name (C10); no one or two repairs give the gold
    // rows. Grouping t by name returns the prediction's rows c, b, a as a, b, c: closer to the
    // gold's a, x row by row, but the same rows, so not the repair that comes closest.
    const auto o = evaluateOn(
        "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT);"
        "INSERT INTO t VALUES (1, 'c'), (2, 'b'), (3, 'a');"
        "CREATE TABLE t2 (name TEXT); INSERT INTO t2 VALUES ('a'), ('b'), ('x');",
        "SELECT name FROM t2 WHERE name <> 'b' GROUP BY name",
        "SELECT name FROM t WHERE id < 10 GROUP BY id");
    QCOMPARE(o.exBag, std::optional<bool>(false));
    std::set<std::string> types;
    for (const hs::Finding& f : ctypes(o)) types.insert(f.category);
    QVERIFY(!types.count("C10"));
    QVERIFY(types.count("C6"));
  }

  void repairWithColumnsInAnotherOrderGivesTheGold() {
    // The prediction lists its columns in another order than the gold (no C-type) and writes
    // ">= 1" for "more than one": the operator's repair gives the gold rows, columns permuted, and
    // is verified as the cause (not only as the repair that comes closest).
    const auto o = evaluateOn(
        "CREATE TABLE s (id INTEGER PRIMARY KEY, city TEXT);"
        "INSERT INTO s VALUES (1, 'a'), (2, 'a'), (3, 'b'), (4, 'c'), (5, 'c'), (6, 'c');",
        "SELECT count(*), city FROM s GROUP BY city HAVING count(*) > 1",
        "SELECT city, count(*) FROM s GROUP BY city HAVING count(*) >= 1");
    const std::vector<hs::Finding> kept = ctypes(o);
    QCOMPARE(kept.size(), std::size_t(1));
    QCOMPARE(kept[0].category, std::string("C1"));
    QVERIFY(kept[0].explanation.find("gives the gold result") != std::string::npos);
  }
};

QTEST_GUILESS_MAIN(TestAnnotateCausesReorder)
#include "tst_annotate_causes_reorder.moc"
