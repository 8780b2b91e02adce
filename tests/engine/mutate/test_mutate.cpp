// engine/mutate: the four seed 003 D.2 rules, the sub_sql source and the three slips of
// slip_rules.h, the execution filter, the caps and determinism.
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "engine/db/database.h"
#include "engine/mutate/mutate.h"
#include "engine/mutate/slip_rules.h"
#include "engine/mutate/sub_sql.h"
#include "engine/sql/parser.h"
#include "tests/engine/mutate/zoo_db.h"

using namespace hs::mutate;

namespace {

hs::Case makeCase(const std::string& id, const std::string& gold) {
  hs::Case c;
  c.id = id;
  c.dbId = "zoo";
  c.question = "q " + id;
  c.goldSql = gold;
  return c;
}

}  // namespace

class TestMutate : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  std::string root_;

 private slots:
  void initTestCase() {
    root_ = hs::test::makeZooRoot(dir_);
    QVERIFY(!root_.empty());
  }

  void appliesOneSpan() {
    Candidate c;
    c.span = {27, 28};
    c.replacement = "<=";
    Applied a = applyCandidate("SELECT name FROM t WHERE a > 3", c);
    QCOMPARE(QString::fromStdString(a.sql), QString("SELECT name FROM t WHERE a <= 3"));
    QCOMPARE(a.span.begin, std::size_t(27));
    QCOMPARE(a.span.end, std::size_t(29));
  }

  void findsEachRule() {
    auto d = hs::db::Database::openReadOnly(root_ + "/zoo/zoo.sqlite");
    QVERIFY(d.ok());
    auto schema = (*d)->schema();
    QVERIFY(schema.ok());
    std::string sql = "SELECT avg(age) FROM animal WHERE kind = 'dog' AND weight > 10";
    auto q = hs::sql::parseSelect(sql);
    QVERIFY(q.ok());
    Rng rng(7);
    auto cands = findCandidates(sql, **q, *schema, d->get(), allRules(), rng);
    std::map<Rule, int> n;
    for (const Candidate& c : cands) {
      ++n[c.rule];
      QCOMPARE(QString::fromStdString(std::string(c.span.in(sql))), QString::fromStdString(c.original));
      Applied a = applyCandidate(sql, c);
      QVERIFY(hs::sql::parseSelect(a.sql).ok());  // every mutant still parses
      QCOMPARE(QString::fromStdString(std::string(a.span.in(a.sql))), QString::fromStdString(c.replacement));
    }
    QCOMPARE(n[Rule::OperatorInversion], 3);  // =, AND, >
    QCOMPARE(n[Rule::AggregationMutation], 1);
    QCOMPARE(n[Rule::ConstantReplacement], 2);     // 'dog' and 10 (no stored weight is 10)
    QCOMPARE(n[Rule::IdentifierSubstitution], 3);  // age, kind, weight
    for (const Candidate& c : cands) {
      if (c.rule == Rule::ConstantReplacement)
        QVERIFY(c.original == "10" || c.replacement == "'cat'" || c.replacement == "'bird'");
      if (c.rule == Rule::OperatorInversion && c.original == ">")
        QCOMPARE(QString::fromStdString(c.replacement), QString("<="));
      if (c.rule == Rule::OperatorInversion && c.original == "AND")
        QCOMPARE(QString::fromStdString(c.replacement), QString("OR"));
      if (c.rule == Rule::IdentifierSubstitution && c.original == "kind")  // text only with text
        QVERIFY(c.replacement == "name");
      if (c.rule == Rule::AggregationMutation) QVERIFY(c.replacement != "avg");
    }
  }

  void executionFilterAndCaps() {
    // max(id) = 5 and count(id) = 5: mutating max -> count keeps the result, so it is filtered.
    std::vector<hs::Case> cases{makeCase("a", "SELECT name FROM animal WHERE age > 4"),
                                makeCase("b", "SELECT max(id) FROM animal"),
                                makeCase("c", "SELECT name FROM nowhere"), makeCase("d", "")};
    MutateOptions o;
    o.dbRoot = root_;
    o.perQuery = 2;
    o.perRule = 1;
    MutateReport r = mutateCases(cases, o);
    QCOMPARE(r.cases, std::size_t(4));
    QCOMPARE(r.noGold, std::size_t(1));
    QCOMPARE(r.goldExecFailed, std::size_t(1));
    std::map<std::string, int> perSource;
    std::set<std::pair<std::string, Rule>> sourceRule;
    for (const Mutant& m : r.mutants) {
      ++perSource[m.sourceId];
      QVERIFY(sourceRule.insert({m.sourceId, m.candidate.rule}).second);  // per-rule cap 1
      QVERIFY(*m.item.predSql != *m.item.goldSql);
      auto d = hs::db::Database::openReadOnly(root_ + "/zoo/zoo.sqlite");
      auto g = (*d)->query(*m.item.goldSql);
      auto p = (*d)->query(*m.item.predSql);
      QVERIFY(g.ok() && p.ok());
      QVERIFY(g->rows != p->rows);  // the execution filter kept only differing results
    }
    for (const auto& [id, k] : perSource) QVERIFY(k <= 2);  // per-query cap
    QVERIFY(perSource["a"] >= 1);
    std::size_t tried = 0, kept = 0;
    for (const RuleCounts& c : r.perRule) {
      QCOMPARE(c.tried, c.kept + c.sameResult + c.failed);
      tried += c.tried;
      kept += c.kept;
    }
    QCOMPARE(kept, r.mutants.size());
    QVERIFY(tried >= kept);
  }

  void sameSeedSameOutput() {
    std::vector<hs::Case> cases{makeCase("a", "SELECT name FROM animal WHERE age > 4 AND kind = 'cat'"),
                                makeCase("b", "SELECT kind, avg(weight) FROM animal GROUP BY kind")};
    auto dump = [&](std::uint64_t seed) {
      MutateOptions o;
      o.dbRoot = root_;
      o.seed = seed;
      std::string s;
      for (const Mutant& m : mutateCases(cases, o).mutants) s += mutantToJson(m).dump() + "\n";
      return s;
    };
    std::string a = dump(1), b = dump(1);
    QVERIFY(!a.empty());
    QCOMPARE(QString::fromStdString(a), QString::fromStdString(b));
    bool differs = false;
    for (std::uint64_t s = 2; s < 8 && !differs; ++s) differs = dump(s) != a;
    QVERIFY(differs);  // the seed matters
  }

  void jsonShape() {
    std::vector<hs::Case> cases{makeCase("a", "SELECT count(*) FROM animal WHERE age > 4")};
    MutateOptions o;
    o.dbRoot = root_;
    o.rules = {Rule::OperatorInversion};
    MutateReport r = mutateCases(cases, o);
    QCOMPARE(r.mutants.size(), std::size_t(1));
    nlohmann::json j = mutantToJson(r.mutants[0]);
    QCOMPARE(QString::fromStdString(j["pred_sql"].get<std::string>()),
             QString("SELECT count(*) FROM animal WHERE age <= 4"));
    QCOMPARE(QString::fromStdString(j["mutation"]["rule"].get<std::string>()), QString("operator_inversion"));
    QCOMPARE(j["mutation"]["span"]["begin"].get<int>(), 38);
    QCOMPARE(j["mutation"]["span"]["end"].get<int>(), 40);
    QCOMPARE(QString::fromStdString(j["expected"]["ctype"].get<std::string>()), QString("C1"));
    QCOMPARE(QString::fromStdString(j["gold_sql"].get<std::string>()),
             QString::fromStdString(*cases[0].goldSql));
  }

  void subSqlCandidatesAreEarlierStepsOfASubquery() {
    const std::string sql =
        "SELECT name FROM animal WHERE id IN (SELECT id FROM animal WHERE kind = 'dog' ORDER BY age LIMIT 1)";
    auto q = hs::sql::parseSelect(sql);
    QVERIFY(q.ok());
    auto cands = subSqlCandidates(sql, **q);
    QCOMPARE(cands.size(), std::size_t(3));  // core, + where, + order by; the last step is all of it
    const std::string inner = "SELECT id FROM animal WHERE kind = 'dog' ORDER BY age LIMIT 1";
    for (const Candidate& c : cands) {
      QCOMPARE(c.rule, Rule::SubSql);
      QCOMPARE(QString::fromStdString(c.original), QString::fromStdString(inner));
      QCOMPARE(c.span.begin, sql.find(inner));
      QCOMPARE(c.span.end, sql.find(inner) + inner.size());
    }
    QCOMPARE(QString::fromStdString(cands[0].replacement), QString("SELECT id FROM animal"));
    QCOMPARE(QString::fromStdString(cands[0].clause), QString("where"));
    QCOMPARE(QString::fromStdString(cands[0].detail), QString("drops where, order_by, limit"));
    QCOMPARE(QString::fromStdString(cands[2].clause), QString("limit"));
    QCOMPARE(QString::fromStdString(expectedLabels(cands[2]).ctype), QString("C2"));
    QCOMPARE(QString::fromStdString(expectedLabels(cands[0]).tasql), QString("Clause Abuse"));
    // a query without sub-queries has none; sub_sql is not among the default rules
    auto flat = hs::sql::parseSelect("SELECT name FROM animal WHERE age > 3");
    QVERIFY(flat.ok());
    QVERIFY(subSqlCandidates("SELECT name FROM animal WHERE age > 3", **flat).empty());
    QVERIFY(std::find(allRules().begin(), allRules().end(), Rule::SubSql) == allRules().end());
    QCOMPARE(ruleFromString("sub_sql"), std::optional<Rule>(Rule::SubSql));
  }

  void subSqlMutantsAreExecutionFiltered() {
    // the set operand loses its WHERE: "all names EXCEPT all names" is empty, unlike the gold
    // (kept); the IN subquery that loses "kind = 'dog'" returns every animal (kept); a subquery whose
    // WHERE does not change the result is removed by the filter.
    std::vector<hs::Case> cases{
        makeCase("x", "SELECT name FROM animal EXCEPT SELECT name FROM animal WHERE kind = 'cat'"),
        makeCase("i", "SELECT name FROM animal WHERE id IN (SELECT id FROM animal WHERE kind = 'dog')"),
        makeCase("s", "SELECT name FROM animal WHERE id IN (SELECT id FROM animal WHERE age > 0)")};
    MutateOptions o;
    o.dbRoot = root_;
    o.rules = {Rule::SubSql};
    MutateReport r = mutateCases(cases, o);
    const RuleCounts& c = r.perRule[static_cast<std::size_t>(Rule::SubSql)];
    QCOMPARE(r.mutants.size(), std::size_t(2));
    QCOMPARE(c.kept, std::size_t(2));
    QCOMPARE(c.sameResult, std::size_t(1));
    QCOMPARE(QString::fromStdString(*r.mutants[0].item.predSql),
             QString("SELECT name FROM animal EXCEPT SELECT name FROM animal"));
    QCOMPARE(QString::fromStdString(r.mutants[1].item.predSql->substr(
                 r.mutants[1].span.begin, r.mutants[1].span.end - r.mutants[1].span.begin)),
             QString("SELECT id FROM animal"));
    nlohmann::json j = mutantToJson(r.mutants[1]);
    QCOMPARE(QString::fromStdString(j["mutation"]["rule"].get<std::string>()), QString("sub_sql"));
    QCOMPARE(QString::fromStdString(j["expected"]["ctype"].get<std::string>()), QString("C6"));
    nlohmann::json summary = reportToJson(r, o);
    QCOMPARE(summary["rules"].size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(summary["rules"][0]["rule"].get<std::string>()), QString("sub_sql"));
    QCOMPARE(summary["rules"][0]["filter_removed_share"].get<double>(), 1.0 / 3.0);
  }

  void slipRulesMakeWhatTheGoldFreeChecksLookFor() {
    const std::string sql =
        "SELECT a.name FROM animal AS a JOIN animal AS b ON a.kind = b.kind "
        "WHERE a.name LIKE '%o%' AND b.kind = 'dog' AND a.name IN ('Rex', 'tom')";
    auto q = hs::sql::parseSelect(sql);
    QVERIFY(q.ok());
    const std::vector<Rule> slips{Rule::JoinConditionRemoval, Rule::WildcardRemoval, Rule::ValueCaseChange};
    auto cands = slipCandidates(sql, **q, slips);
    std::vector<std::string> mutated;
    for (const Candidate& c : cands) {
      QCOMPARE(QString::fromStdString(std::string(c.span.in(sql))), QString::fromStdString(c.original));
      Applied a = applyCandidate(sql, c);
      QVERIFY(hs::sql::parseSelect(a.sql).ok());
      mutated.push_back(a.sql);
    }
    QCOMPARE(cands.size(), std::size_t(3));  // one of each: the ON, the pattern, the first value ('dog')
    QCOMPARE(cands[0].rule, Rule::JoinConditionRemoval);
    QCOMPARE(
        QString::fromStdString(mutated[0]),
        QString("SELECT a.name FROM animal AS a JOIN animal AS b WHERE a.name LIKE '%o%' AND b.kind = 'dog' "
                "AND a.name IN ('Rex', 'tom')"));
    QCOMPARE(QString::fromStdString(cands[1].replacement), QString("'o'"));
    QCOMPARE(QString::fromStdString(cands[2].replacement), QString("'Dog'"));
    // each value of the list would be changed the same way when it comes first
    const std::string listed = "SELECT name FROM animal WHERE name IN ('Rex', 'tom')";
    auto ql = hs::sql::parseSelect(listed);
    QVERIFY(ql.ok());
    const auto lc = slipCandidates(listed, **ql, slips);
    QCOMPARE(lc.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(lc[0].replacement), QString("'rex'"));
    QCOMPARE(QString::fromStdString(expectedLabels(cands[0]).ctype), QString("C3"));
    QCOMPARE(QString::fromStdString(expectedLabels(cands[1]).tasql), QString("Value Misrepresentation"));
    // not asked for, none; never among the defaults; known by name
    QVERIFY(slipCandidates(sql, **q, allRules()).empty());
    QCOMPARE(ruleFromString("value_case_change"), std::optional<Rule>(Rule::ValueCaseChange));
    QVERIFY(std::find(allRules().begin(), allRules().end(), Rule::WildcardRemoval) == allRules().end());
    // No wildcard at the ends, only wildcards, a number, a USING join: nothing.
    const std::string none =
        "SELECT name FROM animal JOIN animal AS b USING (id) WHERE name LIKE 'R%x' AND kind LIKE '%%' AND "
        "age = 3";
    auto q2 = hs::sql::parseSelect(none);
    QVERIFY(q2.ok());
    QVERIFY(slipCandidates(none, **q2, slips).empty());
  }

  void quotingAndIntegerSlips() {
    const std::string sql =
        "SELECT name, 100.0 * count(*) / (SELECT CAST(count(*) AS REAL) FROM animal) FROM animal "
        "WHERE kind = 'dog' AND age > 1.5";
    auto q = hs::sql::parseSelect(sql);
    QVERIFY(q.ok());
    auto cands = slipCandidates(sql, **q, {Rule::IdentifierQuoting, Rule::FloatToInteger});
    std::vector<std::string> got;
    for (const Candidate& c : cands) {
      QCOMPARE(QString::fromStdString(std::string(c.span.in(sql))), QString::fromStdString(c.original));
      QVERIFY(hs::sql::parseSelect(applyCandidate(sql, c).sql).ok());
      got.push_back(c.original + " -> " + c.replacement);
    }
    // One slip of each kind, the first in the text: the selected name quoted, 100.0 without its
    // point (before the CAST).
    const std::vector<std::string> want{"name -> 'name'", "100.0 -> 100"};
    QCOMPARE(got.size(), want.size());
    for (const std::string& w : want) QVERIFY2(std::find(got.begin(), got.end(), w) != got.end(), w.c_str());
    // The CAST, and a compared column, when they come first.
    const std::string cast = "SELECT CAST(count(*) AS REAL) / 3 FROM animal WHERE kind = 'dog'";
    auto qc = hs::sql::parseSelect(cast);
    QVERIFY(qc.ok());
    const auto cc = slipCandidates(cast, **qc, {Rule::IdentifierQuoting, Rule::FloatToInteger});
    QCOMPARE(cc.size(), std::size_t(2));
    QCOMPARE(QString::fromStdString(cc[0].original + " -> " + cc[0].replacement),
             QString("CAST(count(*) AS REAL) -> count(*)"));
    QCOMPARE(QString::fromStdString(cc[1].original + " -> " + cc[1].replacement), QString("kind -> 'kind'"));
    QCOMPARE(QString::fromStdString(expectedLabels(cands[0]).ctype), QString("C5"));
  }

  void groupKeyDrop() {
    // The grouped key (and what the grouping fixes) leaves the SELECT list; the aggregate stays.
    const std::string sql = "SELECT kind, name, count(*) FROM animal GROUP BY kind ORDER BY count(*)";
    auto q = hs::sql::parseSelect(sql);
    QVERIFY(q.ok());
    const auto cands = slipCandidates(sql, **q, {Rule::GroupKeyDrop});
    QCOMPARE(cands.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(applyCandidate(sql, cands[0]).sql),
             QString("SELECT count(*) FROM animal GROUP BY kind ORDER BY count(*)"));
    QCOMPARE(QString::fromStdString(toString(cands[0].rule)), QString("group_key_drop"));
    // No GROUP BY, or no aggregate beside the key, or only aggregates: nothing to drop.
    for (const std::string none :
         {"SELECT kind, count(*) FROM animal", "SELECT kind FROM animal GROUP BY kind",
          "SELECT count(*), max(age) FROM animal GROUP BY kind"}) {
      auto qn = hs::sql::parseSelect(none);
      QVERIFY(qn.ok());
      QVERIFY2(slipCandidates(none, **qn, {Rule::GroupKeyDrop}).empty(), none.c_str());
    }
  }

  void slipMutantsAreExecutionFiltered() {
    // The dropped ON pairs every animal with every other (kept); 'Dog' matches nothing (kept); 'o'
    // without its wildcards matches no name (kept).
    std::vector<hs::Case> cases{
        makeCase("j",
                 "SELECT a.name, b.kind FROM animal AS a JOIN animal AS b ON a.id = b.id WHERE a.age > 4"),
        makeCase("v", "SELECT name FROM animal WHERE kind = 'dog'"),
        makeCase("l", "SELECT name FROM animal WHERE name LIKE '%o%'")};
    MutateOptions o;
    o.dbRoot = root_;
    o.rules = {Rule::JoinConditionRemoval, Rule::WildcardRemoval, Rule::ValueCaseChange};
    MutateReport r = mutateCases(cases, o);
    QCOMPARE(r.mutants.size(), std::size_t(3));
    std::set<std::string> got;
    for (const auto& m : r.mutants) got.insert(*m.item.predSql);
    QVERIFY(got.count("SELECT a.name, b.kind FROM animal AS a JOIN animal AS b WHERE a.age > 4"));
    QVERIFY(got.count("SELECT name FROM animal WHERE kind = 'Dog'"));
    QVERIFY(got.count("SELECT name FROM animal WHERE name LIKE 'o'"));
  }
};

QTEST_GUILESS_MAIN(TestMutate)
#include "test_mutate.moc"
