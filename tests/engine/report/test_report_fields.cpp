// Every report format carries the same per-case fields (issue 28): a Spider case has no
// difficulty in its file, and the HTML report grouped it under Spider's hardness of the gold while
// the JSON Lines and CSV rows left its difficulty empty. Now HTML, CSV and JSON Lines give each
// case the same difficulty, and the HTML's execution-accuracy table counts the same levels.
#include <QtTest>

#include <map>
#include <sstream>

#include <nlohmann/json.hpp>

#include "engine/report/report_render.h"

using namespace hs;
using namespace hs::report;

namespace {

ReportInput spiderCases() {
  ReportInput in;
  in.runName = "spider dev";
  in.model = "m";
  const char* const golds[] = {
      "SELECT count(*) FROM singer",  // easy
      ("SELECT T2.name, count(*) FROM concert AS T1 JOIN stadium AS T2 ON T1.stadium_id = T2.stadium_id "
       "GROUP BY T1.stadium_id"),  // medium
      "SELECT name FROM singer WHERE age > (SELECT avg(age) FROM singer) ORDER BY age DESC LIMIT 3",
      "SELECT name FROM singer"};
  for (int i = 0; i < 4; ++i) {
    ReportCase rc;
    rc.kase.id = "dev:" + std::to_string(i);
    rc.kase.dbId = "concert_singer";
    rc.kase.question = "q" + std::to_string(i);
    rc.kase.goldSql = golds[i];
    rc.kase.predSql = "SELECT 1";
    if (i == 3) rc.kase.difficulty = "extra";  // the file's own level wins over the gold's hardness
    eval::CaseOutcome o;
    o.exSet = o.exBag = o.exOrdered = false;
    o.findings.push_back({"goldfree", "empty_result", "", "empty", {}, "rule", 1.0, ""});  // in the appendix
    rc.outcome = o;
    in.cases.push_back(rc);
  }
  return in;
}

}  // namespace

class TestReportFields : public QObject {
  Q_OBJECT
 private slots:
  void everyFormatGivesTheSameDifficulty() {
    const ReportInput in = spiderCases();
    const std::string html = renderHtml(in).value();

    std::vector<std::string> jsonl;
    std::istringstream lines(renderJsonl(in));
    for (std::string line; std::getline(lines, line);) {
      const auto row = nlohmann::json::parse(line);
      if (row["kind"] == "case") jsonl.push_back(row["difficulty"].get<std::string>());
    }
    QCOMPARE(jsonl.size(), in.cases.size());

    const QStringList csv = QString::fromStdString(renderCsv(in)).split(QStringLiteral("\r\n"));
    const int column = csv.first().split(QLatin1Char(',')).indexOf(QStringLiteral("difficulty"));
    QVERIFY(column >= 0);
    std::vector<std::string> csvLevels;
    for (const QString& line : csv)
      if (line.startsWith(QStringLiteral("case,")))
        csvLevels.push_back(line.split(QLatin1Char(',')).value(column).toStdString());
    QCOMPARE(csvLevels.size(), in.cases.size());

    std::map<std::string, int> perLevel;
    for (std::size_t i = 0; i < in.cases.size(); ++i) {
      QVERIFY2(!jsonl[i].empty(), ("no difficulty in JSON Lines for case " + std::to_string(i)).c_str());
      QCOMPARE(csvLevels[i], jsonl[i]);
      // The HTML appendix entry of the same case.
      const std::size_t at = html.find("id=\"case-" + std::to_string(i + 1) + "\"");
      QVERIFY(at != std::string::npos);
      const std::string head = html.substr(at, html.find("</h3>", at) - at);
      QVERIFY2(head.find("Difficulty: <span class=difficulty>" + jsonl[i] + "</span>") != std::string::npos,
               head.c_str());
      ++perLevel[jsonl[i]];
    }
    QCOMPARE(jsonl[3], std::string("extra"));
    QCOMPARE(jsonl[0], std::string("easy"));
    QVERIFY(perLevel.size() >= 3);  // the gold queries differ in hardness
    // The execution-accuracy table groups the cases under the same levels, as many of each.
    for (const auto& [level, n] : perLevel)
      QVERIFY2(html.find("<tr><td>" + level + "</td><td class=n>" + std::to_string(n) + "</td>") !=
                   std::string::npos,
               level.c_str());
  }
};

QTEST_GUILESS_MAIN(TestReportFields)
#include "test_report_fields.moc"
