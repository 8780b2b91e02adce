// Causes a careful reviewer names for bounds and negations (tests/fixtures/blind_labels/PROTOCOL.md):
// a strict bound where the gold's BETWEEN includes both ends is one operator (C1, and `>= AND <=` is
// the same condition); a positive IN where the gold EXCEPTs the subquery's rows is IN vs NOT IN (C1),
// repaired by flipping the prediction's polarity; a `!=` join where the gold excludes rows through
// NOT IN is the negation of the wrong set (C6), repaired by the gold's condition as written.
#include <QtTest>

#include <set>

#include "engine/annotate/annotate.h"
#include "support/causes_probe.h"
#include "support/test_schema.h"

using namespace hs::annotate;
using hs::Finding;

namespace {

hs::db::Schema schema() {
  hs::db::Schema s;
  s.tables.push_back(hs::test::singerTable());
  s.tables.push_back(hs::test::concertTable());
  return s;
}

// "category:subcategory;" of each C1..C10 finding (no probe: the static rules keep them).
std::string findings(const std::string& pred, const std::string& gold, const CauseProbe* probe = nullptr) {
  std::string s;
  for (const Finding& f : hs::test::ctypeFindings(schema(), pred, gold, {}, probe))
    s += f.category + ":" + f.subcategory + ";";
  return s;
}

}  // namespace

class TestAnnotateCausesPolarity : public QObject {
  Q_OBJECT
 private slots:
  void strictBoundsAgainstBetweenAreOneOperator() {
    const std::string gold = "SELECT Name FROM singer WHERE Age BETWEEN 20 AND 30";
    QCOMPARE(findings("SELECT Name FROM singer WHERE Age > 20 AND Age < 30", gold),
             std::string("C1:bound strictness;"));
    QCOMPARE(findings("SELECT Name FROM singer WHERE Age >= 20 AND Age < 30", gold),
             std::string("C1:bound strictness;"));
    // The inclusive bounds are the BETWEEN itself; the other way round alike.
    QCOMPARE(findings("SELECT Name FROM singer WHERE Age >= 20 AND Age <= 30", gold), std::string());
    QCOMPARE(findings(gold, "SELECT Name FROM singer WHERE Age > 20 AND Age < 30"),
             std::string("C1:bound strictness;"));
    // The repair puts the whole BETWEEN in place of both bounds.
    hs::test::Probe p(0.2);
    p.scores["SELECT Name FROM singer WHERE Age BETWEEN 20 AND 30"] = 1.0;
    QCOMPARE(findings("SELECT Name FROM singer WHERE Age > 20 AND Age < 30", gold, &p.probe),
             std::string("C1:bound strictness;"));
    QVERIFY(p.wasAsked("SELECT Name FROM singer WHERE Age BETWEEN 20 AND 30"));
  }

  void inWhereTheGoldExceptsIsTheNegation() {
    // "Singers with no concert": the prediction keeps the singers with one.
    const std::string gold = "SELECT Singer_ID FROM singer EXCEPT SELECT Singer_ID FROM concert";
    const std::string pred =
        "SELECT Singer_ID FROM singer WHERE Singer_ID IN (SELECT Singer_ID FROM concert)";
    const std::string raw = findings(pred, gold);
    QVERIFY2(raw.find("C1:set operator as IN;") != std::string::npos, raw.c_str());
    // The repair flips the prediction's polarity, and it is what gives the gold rows.
    hs::test::Probe p(0.1);
    const std::string flipped =
        "SELECT Singer_ID FROM singer WHERE Singer_ID NOT IN (SELECT Singer_ID FROM concert)";
    p.scores[flipped] = 1.0;
    const std::string kept = findings(pred, gold, &p.probe);
    QVERIFY2(kept == "C1:set operator as IN;", kept.c_str());
    QVERIFY(p.wasAsked(flipped));
    // NOT IN is the EXCEPT: no negation finding; INTERSECT against NOT IN is one.
    const std::string same =
        findings("SELECT Singer_ID FROM singer WHERE Singer_ID NOT IN (SELECT Singer_ID FROM concert)", gold);
    QVERIFY2(same.find("set operator as IN") == std::string::npos, same.c_str());
    const std::string both =
        findings("SELECT Singer_ID FROM singer WHERE Singer_ID NOT IN (SELECT Singer_ID FROM concert)",
                 "SELECT Singer_ID FROM singer INTERSECT SELECT Singer_ID FROM concert");
    QVERIFY2(both.find("C1:set operator as IN;") != std::string::npos, both.c_str());
  }

  void notEqualJoinWhereTheGoldExcludesIsConditionLogic() {
    // "Singers who gave no concert" as a join on a different singer: every singer pairs with the
    // concerts of the others. The negation of the wrong set (C6), not a join key (C3).
    const std::string gold = "SELECT Name FROM singer WHERE Singer_ID NOT IN (SELECT Singer_ID FROM concert)";
    const std::string pred =
        "SELECT DISTINCT T1.Name FROM singer AS T1 JOIN concert AS T2 ON T1.Singer_ID != T2.Singer_ID";
    const std::string raw = findings(pred, gold);
    QVERIFY2(raw.find("C6:negated set as join;") != std::string::npos, raw.c_str());
    QVERIFY2(raw.find("C3:") == std::string::npos, raw.c_str());
    // The gold's condition goes in as written (its subquery reads its own table).
    hs::test::Probe p(0.1);
    const std::string repaired =
        "SELECT DISTINCT T1.Name FROM singer AS T1 JOIN concert AS T2 ON Singer_ID NOT IN (SELECT Singer_ID "
        "FROM "
        "concert)";
    p.scores[repaired] = 1.0;
    QCOMPARE(findings(pred, gold, &p.probe), std::string("C6:negated set as join;"));
    QVERIFY(p.wasAsked(repaired));
    // A wrong join key against a plain join stays a join error.
    const std::string plain =
        findings("SELECT T1.Name FROM singer AS T1 JOIN concert AS T2 ON T1.Singer_ID != T2.Singer_ID",
                 "SELECT T1.Name FROM singer AS T1 JOIN concert AS T2 ON T1.Singer_ID = T2.Singer_ID");
    QVERIFY2(plain.find("C3:") != std::string::npos, plain.c_str());
  }
};

QTEST_GUILESS_MAIN(TestAnnotateCausesPolarity)
#include "tst_annotate_causes_polarity.moc"
