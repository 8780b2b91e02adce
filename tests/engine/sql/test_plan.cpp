// Logical plan fixtures: operator trees, spans, Apply correlation, text and JSON renderings.
#include <QtTest>

#include <nlohmann/json.hpp>
#include <string>

#include "engine/sql/parser.h"
#include "engine/sql/plan.h"

using namespace hs::sql;

namespace {

hs::db::Schema schema() {
  hs::db::Schema s;
  for (auto [name, cols] :
       {std::pair<const char*, std::vector<const char*>>{"singer", {"singer_id", "name", "age"}},
        {"concert", {"concert_id", "singer_id", "year"}}}) {
    hs::db::TableInfo t;
    t.name = name;
    for (const char* c : cols) t.columns.push_back(hs::db::ColumnInfo{c, "TEXT", false, false, 0, {}});
    s.tables.push_back(t);
  }
  return s;
}

std::string planText(const std::string& sql, bool spans = false) {
  auto q = parseSelect(sql);
  if (!q.ok()) qFatal("parse failed: %s", q.error().describe().c_str());
  hs::db::Schema s = schema();
  Resolution r = resolve(**q, s, sql);
  return renderPlanText(*buildPlan(**q, &r), spans);
}

}  // namespace

class TestPlan : public QObject {
  Q_OBJECT

 private slots:
  void joinFilterAggregateSortLimit() {
    std::string text = planText(
        "SELECT T1.name, count(*) FROM singer AS T1 JOIN concert AS T2 ON T1.singer_id = T2.singer_id "
        "WHERE T2.year > 2014 GROUP BY T1.name HAVING count(*) > 1 ORDER BY count(*) DESC LIMIT 3");
    QCOMPARE(text, std::string("Limit fetch=[3]\n"
                               "  Sort exprs=[count(*) DESC]\n"
                               "    Project exprs=[T1.name, count(*)]\n"
                               "      Filter clause=[having] condition=[count(*) > 1]\n"
                               "        Aggregate group=[T1.name] exprs=[count(*)]\n"
                               "          Filter condition=[T2.year > 2014]\n"
                               "            Join type=[inner] condition=[T1.singer_id = T2.singer_id]\n"
                               "              Scan table=[singer] alias=[T1] exprs=[name, singer_id]\n"
                               "              Scan table=[concert] alias=[T2] exprs=[singer_id, year]\n"));
  }

  void spansLinkBackToTheText() {
    std::string sql = "SELECT name FROM singer WHERE age > 30";
    auto q = parseSelect(sql);
    QVERIFY(q.ok());
    auto plan = buildPlan(**q);
    QCOMPARE(plan->op, PlanOp::Project);
    const PlanNode& filter = *plan->children[0];
    QCOMPARE(filter.op, PlanOp::Filter);
    QCOMPARE(std::string(sql.substr(filter.spans[0].begin, filter.spans[0].end - filter.spans[0].begin)),
             std::string("age > 30"));
    const PlanNode& scan = *filter.children[0];
    QCOMPARE(scan.op, PlanOp::Scan);
    QCOMPARE(std::string(sql.substr(scan.spans[0].begin, scan.spans[0].end - scan.spans[0].begin)),
             std::string("singer"));
    nlohmann::json j = planToJson(*plan);
    QCOMPARE(j["op"].get<std::string>(), std::string("Project"));
    QCOMPARE(j["children"][0]["spans"][0]["begin"].get<std::size_t>(), sql.find("age"));
    QCOMPARE(j["children"][0]["attrs"]["condition"].get<std::string>(), std::string("age > 30"));
  }

  void applyCorrelation() {
    std::string text = planText(
        "SELECT name FROM singer AS s WHERE EXISTS (SELECT 1 FROM concert AS c WHERE c.singer_id = "
        "s.singer_id) "
        "AND age > (SELECT avg(age) FROM singer)");
    QVERIFY2(text.find("Apply kind=[exists] correlated=[true]") != std::string::npos, text.c_str());
    QVERIFY2(text.find("Apply kind=[scalar] correlated=[false]") != std::string::npos, text.c_str());
  }

  void setOpsCtesDerivedDistinctValues() {
    std::string text = planText(
        "WITH x AS (SELECT name FROM singer) SELECT DISTINCT name FROM x UNION "
        "SELECT d.n FROM (SELECT name AS n FROM singer) AS d ORDER BY 1");
    QVERIFY2(text.rfind("Sort", 0) == 0 || text.find("With recursive=[false]") == 0, text.c_str());
    QVERIFY(text.find("SetOp kind=[UNION]") != std::string::npos);
    QVERIFY(text.find("CteRef table=[x]") != std::string::npos);
    QVERIFY(text.find("Derived alias=[d]") != std::string::npos);
    QVERIFY(text.find("Distinct") != std::string::npos);
    QVERIFY(text.find("Cte name=[x]") != std::string::npos);
    std::string values = planText("VALUES (1, 2), (3, 4)");
    QCOMPARE(values, std::string("Values rows=[2] exprs=[(1, 2), (3, 4)]\n"));
    std::string left = planText("SELECT 1 FROM singer LEFT JOIN concert USING (singer_id)");
    QVERIFY2(left.find("Join type=[left] using=[singer_id]") != std::string::npos, left.c_str());
  }
};

QTEST_GUILESS_MAIN(TestPlan)
#include "test_plan.moc"
