// The grouping check `group_key_unselected` on a real (temporary) SQLite database, through the rule
// annotator of evaluation runs: per-group counts without their group fire; the correct counterparts
// (the key selected, a top-k pick, one group fixed by WHERE) do not. The fired check is among the
// risk reasons.
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

#include "engine/annotate/risk.h"
#include "support/rule_eval.h"

namespace {

constexpr const char* kSetup =
    "CREATE TABLE friend (student_id INTEGER, friend_id INTEGER);"
    "INSERT INTO friend VALUES (1, 2), (1, 3), (2, 3), (3, 1);";

struct Fixture {
  QTemporaryDir dir;
  bool ok = dir.isValid() && hs::test::makeDatabase(dir.path().toStdString(), kSetup);

  hs::eval::CaseOutcome run(const std::string& sql, const std::string& question) const {
    return hs::test::evaluateWithRules(dir.path().toStdString(), sql, sql, question);
  }
  std::size_t count(const std::string& sql, const std::string& question, const std::string& category) const {
    const auto f = run(sql, question).findings;
    return static_cast<std::size_t>(
        std::count_if(f.begin(), f.end(), [&](const hs::Finding& x) { return x.category == category; }));
  }
};

double weightOf(const std::string& feature) {
  return hs::test::riskWeight(feature);
}

bool hasReason(const hs::eval::CaseOutcome& o, const std::string& feature) {
  return o.risk.has_value() &&
         std::any_of(o.risk->reasons.begin(), o.risk->reasons.end(),
                     [&](const std::string& r) { return r.rfind(feature + ": ", 0) == 0; });
}

}  // namespace

class TestAnnotateGrouping : public QObject {
  Q_OBJECT
 private slots:
  void groupKeyUnselected() {
    Fixture x;
    QVERIFY(x.ok);
    const std::string q = "How many friends does each student have?";
    QCOMPARE(x.count("SELECT count(*) FROM friend GROUP BY student_id", q, "group_key_unselected"),
             std::size_t(1));
    QCOMPARE(
        x.count("SELECT student_id, count(*) FROM friend GROUP BY student_id", q, "group_key_unselected"),
        std::size_t(0));
    // A top-k pick returns the best group's value; one group fixed by WHERE is one value.
    QCOMPARE(x.count("SELECT count(*) FROM friend GROUP BY student_id ORDER BY count(*) DESC LIMIT 1",
                     "How many friends does the student with the most friends have?", "group_key_unselected"),
             std::size_t(0));
    QCOMPARE(x.count("SELECT count(*) FROM friend WHERE student_id = 1 GROUP BY student_id",
                     "How many friends does student 1 have?", "group_key_unselected"),
             std::size_t(0));
  }

  void riskReasons() {
    Fixture x;
    QVERIFY(x.ok);
    const auto o =
        x.run("SELECT count(*) FROM friend GROUP BY student_id", "How many friends do students have?");
    QVERIFY(o.risk.has_value());
    QCOMPARE(hasReason(o, "group_key_unselected"), weightOf("group_key_unselected") > 0);
    QVERIFY(weightOf("group_key_unselected") > 0);  // fitted on Spider train (tests/fit/README.md)
  }
};

QTEST_GUILESS_MAIN(TestAnnotateGrouping)
#include "tst_annotate_grouping.moc"
