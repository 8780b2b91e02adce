// The result probe of RuleAnnotator on a real (temporary) SQLite database: a prediction that returns
// the gold's rows, some of them more times, and that no repair fixes, is named a missing DISTINCT
// (C8), not the differences that only restate the rows (UNION written as OR).
#include <QTemporaryDir>
#include <QtTest>

#include <set>

#include "support/rule_eval.h"

namespace {

std::set<std::string> typesOf(const std::string& gold, const std::string& pred, const QTemporaryDir& dir) {
  std::set<std::string> types;
  for (const hs::Finding& f : hs::test::evaluateWithRules(dir.path().toStdString(), gold, pred).findings)
    if (f.taxonomy == "mrsqlgen") types.insert(f.category);
  return types;
}

}  // namespace

class TestAnnotateCausesDuplicates : public QObject {
  Q_OBJECT
 private slots:
  void unionAsOrKeepsDuplicates() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(
        hs::test::makeDatabase(dir.path().toStdString(),
                               "CREATE TABLE s (id INTEGER PRIMARY KEY, city TEXT, sex TEXT, age INT);"
                               "INSERT INTO s VALUES (1, 'a', 'F', 30), (2, 'a', 'F', 31), (3, 'b', 'M', 40),"
                               "(4, 'c', 'M', 18), (5, 'c', 'M', 19), (6, 'd', 'F', 50);"));
    // "Cities of women from a, and of men under 20": the gold's UNION drops the duplicate cities,
    // the prediction's OR keeps them (a, a, c, c against a, c).
    const std::string gold =
        "SELECT city FROM s WHERE sex = 'F' AND city = 'a' UNION SELECT city FROM s WHERE sex = 'M' AND age "
        "< 20";
    const std::string pred =
        "SELECT city FROM s WHERE (sex = 'F' AND city = 'a') OR (sex = 'M' AND age < 20)";
    QCOMPARE(typesOf(gold, pred, dir), (std::set<std::string>{"C8"}));
    // The other way round (the prediction drops the gold's duplicates) is not named so.
    QVERIFY(!typesOf(pred, gold, dir).count("C8"));
  }
};

QTEST_GUILESS_MAIN(TestAnnotateCausesDuplicates)
#include "tst_annotate_causes_duplicates.moc"
