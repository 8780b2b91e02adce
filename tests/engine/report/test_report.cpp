// Review reports: the HTML is self-contained and marks finding spans exactly, follows the language,
// escapes what the SQL and notes contain; CSV and JSON Lines carry one row per case, finding and
// annotation; files are written atomically; the PDF (when Chromium is installed) has the text.
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include "engine/core/finding_categories.h"
#include "engine/report/report_render.h"
#include "engine/report/report_template.h"

using namespace hs;
using namespace hs::report;

namespace {

ReportInput sample() {
  ReportInput in;
  in.runName = "gpt4 <dev>";
  in.model = "gpt-4";
  in.sourceFile = "/data/pred.sql";
  ReportCase a;
  a.kase.id = "dev:1";
  a.kase.dbId = "concert_singer";
  a.kase.question = "How many singers are older than 30?";
  a.kase.goldSql = "SELECT count(*) FROM singer WHERE age > 30";
  a.kase.predSql = "SELECT count(*) FROM singer WHERE age >= 30";
  a.kase.difficulty = "easy";
  eval::CaseOutcome o;
  o.exSet = false;
  o.exBag = false;
  o.softF1 = 0.5;
  o.risk = Risk{0.72, {"operator"}, {}};
  // "age >= 30" in the prediction: bytes 34..43.
  o.findings.push_back(
      {"mrsqlgen", "C1", "", "'>=' where the gold has '>'", {{"pred", 34, 43}}, "rule", 1.0, ""});
  a.outcome = o;
  a.annotations.push_back(
      {"ana", "confirmed", "mrsqlgen", "C1", "off by one, \"clearly\"", "2026-11-23T10:00:00Z", {}});
  a.annotations.push_back({"ana", "incorrect", "", "", "", "2026-11-23T10:00:05Z", {}});
  a.reviewed = true;  // as hs::ws::reviewedCases() says of a case with annotations
  ReportCase b;
  b.kase.id = "dev:2";
  b.kase.dbId = "concert_singer";
  b.kase.question = "List the names";
  b.kase.goldSql = "SELECT name FROM singer";
  b.kase.predSql = "SELECT name FROM singer";
  eval::CaseOutcome ob;
  ob.exSet = true;
  b.outcome = ob;
  in.cases = {a, b};
  return in;
}

}  // namespace

class TestReport : public QObject {
  Q_OBJECT
 private slots:
  void htmlIsSelfContainedAndMarksSpans() {
    const std::string html = renderHtml(sample()).value();
    QVERIFY(html.rfind("<!DOCTYPE html>", 0) == 0);
    QVERIFY(html.find("<style>") != std::string::npos);
    QVERIFY(html.find("<script") == std::string::npos);
    QVERIFY(html.find("http://") == html.find("http://www.w3.org/2000/svg"));  // only the SVG namespace
    QVERIFY(html.find("https://") == std::string::npos);
    // The span covers exactly "age &gt;= 30".
    QVERIFY(html.find("WHERE <mark class=\"s-mr-values\" title=\"C1 Operator misuse: &#39;&gt;=&#39; where "
                      "the gold has "
                      "&#39;&gt;&#39;\">age &gt;= 30</mark>") != std::string::npos);
    QVERIFY(html.find("gpt4 &lt;dev&gt;") != std::string::npos);
    QVERIFY(html.find("off by one, &quot;clearly&quot;") != std::string::npos);
    QVERIFY(html.find("<svg") != std::string::npos);
    QVERIFY(html.find("C1 Operator misuse") != std::string::npos);  // the one category table's label
    // The risk score against EX, over all predictions and over those that execute (none here:
    // the one scored prediction did not run, so its row shows 0 cases and no AUROC).
    QVERIFY(html.find("<h2 id=risk>Risk score against EX</h2>") != std::string::npos);
    QVERIFY(html.find("<tr><td>Executable</td><td class=n>0</td><td class=n>–</td>") != std::string::npos);
    // Long words (a case id, a question with no spaces) wrap instead of running off the page.
    QVERIFY(html.find("body{") < html.find("overflow-wrap:break-word"));
    QVERIFY(html.find("overflow-wrap:break-word") < html.find("}", html.find("body{")));
    // Case 2 has neither findings nor annotations: not in the appendix.
    QVERIFY(html.find("id=\"case-1\"") != std::string::npos);
    QVERIFY(html.find("id=\"case-2\"") == std::string::npos);
    // EX overall: 1 of 2.
    QVERIFY(html.find("50.0% <span class=dim>(1/2)</span>") != std::string::npos);
  }

  // Categories in the order of their names: by id ("cue_value" before "empty_result") the list
  // looked unsorted; C1..C10 keep their numeric order.
  void categoriesInTheOrderOfTheirNames() {
    ReportInput in = sample();
    auto& findings = in.cases[0].outcome->findings;
    findings.push_back({"goldfree", "empty_result", "", "empty", {}, "rule", 1.0, ""});
    findings.push_back({"goldfree", "cue_value", "", "quoted value", {}, "rule", 1.0, ""});
    findings.push_back({"goldfree", "all_null_result", "", "all NULL", {}, "rule", 1.0, ""});
    findings.push_back({"mrsqlgen", "C10", "", "group by", {}, "rule", 1.0, ""});
    findings.push_back({"mrsqlgen", "C2", "", "limit", {}, "rule", 1.0, ""});
    const std::string html = renderHtml(in).value();
    auto at = [&](const char* name) { return html.find(std::string("\">") + name + "</mark></td>"); };
    QVERIFY(at("All-NULL result") != std::string::npos);
    QVERIFY(at("All-NULL result") < at("Empty result"));
    QVERIFY(at("Empty result") < at("Quoted value cue"));  // ids: cue_value before empty_result
    QVERIFY(at("C1 Operator misuse") < at("C2 Limit error"));
    QVERIFY(at("C2 Limit error") < at("C10 Group by"));
  }

  // Spans, tags, legend and category rows are drawn in the styles of the one category table
  // (engine/core/finding_categories.h), as in the application: TA-SQL Schema Contradiction a red
  // box, C5 a red underline, gold-free results a grey dotted box. Before, every TA-SQL finding was
  // one orange, every C-type one blue.
  void findingsUseTheApplicationsStyles() {
    ReportInput in = sample();
    auto& findings = in.cases[0].outcome->findings;
    // A whole-query finding around the C1 span, and a TA-SQL one on "singer".
    findings.push_back(
        {"goldfree", "result_difference", "", "rows differ", {{"pred", 0, 43}}, "rule", 1.0, ""});
    findings.push_back(
        {"tasql", "Schema Contradiction", "", "no such table", {{"pred", 21, 27}}, "rule", 1.0, ""});
    const std::string html = renderHtml(in).value();
    const hs::FindingStyleInfo& schema = hs::styleOf("tasql", "Schema Contradiction");
    QCOMPARE(std::string(schema.key), std::string("tasql-schema"));
    char colour[16];
    std::snprintf(colour, sizeof colour, "#%06x", static_cast<unsigned>(schema.rgb));
    QVERIFY(html.find(std::string(".tag.s-tasql-schema{background:") + colour) != std::string::npos);
    QVERIFY(html.find("mark.s-mr-values{background:none;text-decoration:underline") != std::string::npos);
    QVERIFY(html.find("mark.s-gf-result{background:rgba(") != std::string::npos);
    QVERIFY(html.find("outline:1px dotted") != std::string::npos);
    // A span inside another is a mark inside its mark: the C1 span and "singer" keep their own style
    // inside the whole-query finding, which stays one mark from the first byte to the last.
    const std::string c1 =
        "<mark class=\"s-mr-values\" title=\"C1 Operator misuse: &#39;&gt;=&#39; where the gold has "
        "&#39;&gt;&#39;\">age &gt;= 30</mark>";
    QVERIFY2(
        html.find("<pre class=sql><mark class=\"s-gf-result\" title=\"Result differs: rows differ\">SELECT "
                  "count(*) FROM <mark class=\"s-tasql-schema\" title=\"Schema Contradiction: no such "
                  "table\">singer</mark> WHERE " +
                  c1 + "</mark></pre>") != std::string::npos,
        html.c_str());
    // Findings on the same range nest in their order: both styles show.
    in.cases[0].outcome->findings.push_back(
        {"goldfree", "value_absent", "", "no such value", {{"pred", 34, 43}}, "rule", 1.0, ""});
    QVERIFY(renderHtml(in).value().find(
                "&#39;&gt;&#39;\"><mark class=\"s-gf-values\" title=\"Value absent: no such "
                "value\">age &gt;= 30</mark></mark>") != std::string::npos);
    // Tags in the findings list, the legend of what the cases show, the category table rows.
    QVERIFY(html.find("<span class=\"tag s-mr-values\">C1 Operator misuse</span>") != std::string::npos);
    QVERIFY(html.find("<mark class=\"s-tasql-schema\">TA-SQL: Schema Contradiction</mark>") !=
            std::string::npos);
    QVERIFY(html.find("<mark class=\"s-gf-result\">Gold-free: result</mark>") != std::string::npos);
    QVERIFY(html.find("Gold-free: names") == std::string::npos);  // not present: not in the legend
    QVERIFY(html.find("<tr><td><mark class=\"s-mr-values\">C1 Operator misuse</mark></td>") !=
            std::string::npos);
  }

  // The first screen is a summary: EX under each semantics (and ignoring column order when the run
  // was scored so), the risk AUROC with 95% intervals on all and on executable predictions,
  // calibration, cases with findings, review progress, agreement; the same input gives the same
  // bytes (the bootstrap is seeded).
  void firstScreenSummarisesTheRun() {
    ReportInput in = sample();
    in.generatedAt = "2026-11-26T00:00:00Z";
    for (int i = 0; i < 40; ++i) {
      ReportCase c;
      c.kase.id = "dev:" + std::to_string(10 + i);
      c.kase.predSql = "SELECT 1";
      eval::CaseOutcome o;
      const bool wrong = i % 3 == 0;
      o.exSet = !wrong;
      o.exSetAnyColumnOrder = !wrong || i % 2 == 0;
      o.pred.ok = i % 7 != 0;
      o.risk = Risk{(wrong ? 0.3 : 0.1) + 0.03 * (i % 13), {}, {}};
      c.outcome = o;
      in.cases.push_back(c);
    }
    in.agreement = eval::AgreementReport{};
    in.agreement->reviewers = {"ana", "bo"};
    in.agreement->alpha = {0.61, 12};
    in.agreement->perCategory = {{"C10", {0.5, 12}}, {"C2", {0.7, 12}}, {"Clause Abuse", {0.2, 12}}};
    const std::string html = renderHtml(in).value();
    const std::size_t cards = html.find("<div class=cards>");
    QVERIFY(cards != std::string::npos);
    QVERIFY(cards < html.find("<h2 id=ex>"));
    auto card = [&](const std::string& label) {
      const std::size_t at = html.find("<span class=k>" + label + "</span>", cards);
      return at == std::string::npos ? std::string() : html.substr(at, html.find("</div>", at) - at);
    };
    QVERIFY(card("EX (set)").find("<b>") != std::string::npos);
    QVERIFY(card("EX (bag)").find("<b>") != std::string::npos);
    QVERIFY(card("EX (ordered)").find("<b>") != std::string::npos);
    QVERIFY2(card("EX (set, any column order)").find("/ 40 scored") != std::string::npos, html.c_str());
    QVERIFY(html.find("<th>EX (set, any column order)</th>") != std::string::npos);
    QRegularExpression interval("\\[0\\.\\d{3}, [01]\\.\\d{3}\\] · (\\d+)");
    auto all = interval.match(QString::fromStdString(card("Risk AUROC · All")));
    QVERIFY2(all.hasMatch(), card("Risk AUROC · All").c_str());
    QCOMPARE(all.captured(1), QString("41"));
    auto executable = interval.match(QString::fromStdString(card("Risk AUROC · Executable")));
    QVERIFY(executable.hasMatch());
    QCOMPARE(executable.captured(1), QString("34"));
    QVERIFY(card("Calibration error (ECE, 10 bins)").find("<b>0.") != std::string::npos);
    QVERIFY(card("Cases with findings").find("<b>1 / 42</b>") != std::string::npos);
    QVERIFY(card("Reviewed").find("<b>1 / 42</b>") != std::string::npos);
    QVERIFY(card("Reviewed").find("Annotations 2") != std::string::npos);
    QVERIFY(card("Krippendorff&#39;s alpha (nominal)").find("<b>0.610</b>") != std::string::npos);
    // The risk section: the interval column and the calibration diagram.
    QVERIFY(html.find("<th>95% CI</th>") != std::string::npos);
    QVERIFY(html.find("<circle") != std::string::npos);
    // Per-category agreement by category names, C2 before C10.
    QVERIFY(html.find("<tr><td>C2 Limit error</td>") < html.find("<tr><td>C10 Group by</td>"));
    QVERIFY(html.find("<tr><td>Clause Abuse</td>") != std::string::npos);
    // Sections are linked from the top; printed tables repeat their header rows.
    for (const char* id : {"ex", "risk", "verdicts", "findings", "agreement", "cases"}) {
      QVERIFY2(html.find(std::string("<a href=\"#") + id + "\">") != std::string::npos, id);
      QVERIFY2(html.find(std::string(" id=") + id + ">") != std::string::npos, id);
    }
    QVERIFY(html.find("<a href=\"#case-1\">#1</a>") != std::string::npos);
    QVERIFY(html.find("<table><thead><tr><th>Category</th><th>Findings</th>") != std::string::npos);
    QCOMPARE(renderHtml(in).value(), html);  // deterministic
  }

  // A run imported but not evaluated showed '–' everywhere without saying why.
  void casesNotEvaluatedAreCountedAtTheTop() {
    ReportInput in = sample();
    QVERIFY(renderHtml(in).value().find("class=notice") == std::string::npos);
    in.cases[1].outcome.reset();
    const std::string html = renderHtml(in).value();
    const std::size_t notice = html.find("<p class=notice>Cases not evaluated yet");
    QVERIFY(notice != std::string::npos);
    QVERIFY(html.find(": 1 / 2</p>", notice) != std::string::npos);
    QVERIFY(notice < html.find("<div class=cards>"));
  }

  void reliabilityOfARunWithAbstention() {
    ReportInput in = sample();
    QVERIFY(renderHtml(in).value().find("Reliability with abstention") ==
            std::string::npos);  // abstention off
    // Case 1 answered wrong (-c), case 2 abstained although its answer was right (0), and an
    // infeasible question abstained on (+1): N = 3.
    in.cases[0].kase.abstention =
        Abstention{false, "", "after_generation", {{"schema_linking", 0.5}, {"risk", 0.5}}};
    in.cases[1].kase.abstention = Abstention{true, "risk 0.61", "after_generation", {{"risk", 0.5}}};
    ReportCase c;
    c.kase.id = "inf:1";
    c.kase.question = "Recommend a pet";
    c.kase.infeasibleType = "non-sql";
    c.kase.abstention =
        Abstention{true, "asks for a recommendation", "before_generation", {{"schema_linking", 0.5}}};
    c.annotations.push_back({"ana", "correct", "", "", "", "2026-11-23T10:00:09Z", {}});
    in.cases.push_back(c);
    const std::string html = renderHtml(in).value();
    QVERIFY(html.find("<h2>Reliability with abstention</h2>") != std::string::npos);
    // RS(0) = 1/3, RS(10) = (1 - 10)/3, RS(3) = (1 - 3)/3.
    QVERIFY2(html.find("<td class=n>0.333</td><td class=n>-3.000</td><td class=n>-0.667</td>") !=
                 std::string::npos,
             html.c_str());
    QVERIFY(html.find("Thresholds: infeasible 0.5, risk 0.5") != std::string::npos);
    // The case shows the abstention and its reason.
    QVERIFY(html.find("<b>Abstained:</b> asks for a recommendation") != std::string::npos);
    QVERIFY(html.find("Infeasible question (non-sql)") != std::string::npos);
    // CSV / JSONL case rows carry the fields.
    const std::string jsonl = renderJsonl(in);
    QVERIFY(jsonl.find("\"abstain_reason\":\"asks for a recommendation\"") != std::string::npos);
    QVERIFY(jsonl.find("\"infeasible_type\":\"non-sql\"") != std::string::npos);
  }

  void htmlFollowsTheLanguage() {
    ReportInput in = sample();
    in.language = Language::SimplifiedChinese;
    const std::string html = renderHtml(in).value();
    QVERIFY(html.find("lang=\"zh-CN\"") != std::string::npos);
    QVERIFY(html.find("HalluSQL 审查报告") != std::string::npos);
    QVERIFY(html.find("C1 运算符误用") != std::string::npos);
    QVERIFY(html.find("Operator misuse") == std::string::npos);
  }

  // Subcategories and messages in zh_CN, from the engine's one catalogue of finding texts: in the
  // case list and in the title of a marked span, SQL fragments kept; unknown messages as stored.
  void findingTextsFollowTheLanguage() {
    ReportInput in = sample();
    auto& findings = in.cases[0].outcome->findings;
    findings.push_back({"mrsqlgen",
                        "C4",
                        "literal value",
                        "value 30 where the gold query uses 31",
                        {{"pred", 41, 43}},
                        "rule",
                        1.0,
                        ""});
    findings.push_back({"goldfree",
                        "cue_average",
                        "",
                        "the question asks for an average but the SQL has no AVG",
                        {},
                        "gold_free",
                        0.8,
                        ""});
    in.language = Language::SimplifiedChinese;
    const std::string html = renderHtml(in).value();
    QVERIFY2(html.find("字面值：值 30，而标准查询用的是 31") != std::string::npos, html.c_str());
    QVERIFY(html.find("问题要求平均值，但 SQL 没有 AVG") != std::string::npos);
    // The span title names the category as the report does, then the message, both in Chinese.
    QVERIFY(html.find("C4 值指定：值 30，而标准查询用的是 31\">30</mark>") != std::string::npos);
    QVERIFY(html.find("literal value") == std::string::npos);
    QVERIFY(html.find("where the gold query uses") == std::string::npos);
    // A message no template knows is shown as stored.
    QVERIFY(html.find("&#39;&gt;=&#39; where the gold has &#39;&gt;&#39;") != std::string::npos);
    // The data rows keep the stored English and add the text as the report shows it.
    const std::string jsonl = renderJsonl(in);
    QVERIFY(jsonl.find("\"message\":\"value 30 where the gold query uses 31\"") != std::string::npos);
    QVERIFY(jsonl.find("\"message_text\":\"值 30，而标准查询用的是 31\"") != std::string::npos);
    QVERIFY(jsonl.find("\"subcategory_text\":\"字面值\"") != std::string::npos);
    QVERIFY(renderCsv(in).find(",字面值,值 30，而标准查询用的是 31") != std::string::npos);
    // English stays as stored.
    in.language = Language::English;
    QVERIFY(renderHtml(in).value().find("literal value: value 30 where the gold query uses 31") !=
            std::string::npos);
  }

  void humanVerdictIsTheNewest() {
    ReportInput in = sample();
    QCOMPARE(humanVerdict(in.cases[0]).value(), std::string("incorrect"));
    QVERIFY(!humanVerdict(in.cases[1]));
  }

  void brokenTemplateIsAnErrorNamingIt() {
    // The case template with a section left open on its second line ({{#findings}} never closed):
    // an Error that names the template and the line, not a crash or an empty page.
    const TemplateSource broken = [](std::string_view name) -> std::optional<std::string_view> {
      if (name == "case.html")
        return std::string_view("<div class=case>\n{{#findings}}<li>{{text}}</li>\n</div>\n");
      return embeddedTemplate(name);
    };
    const Result<std::string> html = renderHtml(sample(), {}, broken);
    QVERIFY(!html.ok());
    QCOMPARE(html.error().kind, ErrorKind::Internal);
    QCOMPARE(html.error().code, std::string("template"));
    QCOMPARE(html.error().where, std::string("resources/report/case.html.mustache"));
    QVERIFY2(html.error().message.find("Unclosed section \"findings\"") != std::string::npos,
             html.error().message.c_str());
    QCOMPARE(html.error().line.value_or(0), std::size_t{2});
    // A template that is not there at all.
    const TemplateSource none = [](std::string_view) { return std::optional<std::string_view>(); };
    const Result<std::string> missing = renderHtml(sample(), {}, none);
    QVERIFY(!missing.ok());
    QCOMPARE(missing.error().code, std::string("template"));
    QVERIFY(missing.error().message.find("'report.html'") != std::string::npos);
    // The built-in ones render.
    QVERIFY(renderHtml(sample(), {}, embeddedTemplate).ok());
  }

  void jsonlRowsPerKind() {
    const std::string text = renderJsonl(sample());
    std::map<std::string, int> kinds;
    std::size_t pos = 0;
    while (pos < text.size()) {
      std::size_t nl = text.find('\n', pos);
      auto row = nlohmann::json::parse(text.substr(pos, nl - pos));
      kinds[row["kind"].get<std::string>()]++;
      QVERIFY(row.contains("case_id"));
      if (row["kind"] == "finding") {
        QCOMPARE(row["begin"].get<int>(), 34);
        QCOMPARE(row["end"].get<int>(), 43);
      }
      if (row["kind"] == "case" && row["case_id"] == "dev:1")
        QCOMPARE(row["human_verdict"].get<std::string>(), std::string("incorrect"));
      pos = nl + 1;
    }
    QCOMPARE(kinds["case"], 2);
    QCOMPARE(kinds["finding"], 1);
    QCOMPARE(kinds["annotation"], 2);
  }

  void csvQuotesAndHasOneHeader() {
    const std::string csv = renderCsv(sample());
    QVERIFY(csv.rfind("kind,case_id,db_id,", 0) == 0);
    QVERIFY(csv.find("\"off by one, \"\"clearly\"\"\"") != std::string::npos);
    int lines = 0;
    for (char c : csv) lines += c == '\n';
    QCOMPARE(lines, 1 + 2 + 1 + 2);
  }

  void pdfHasTheReportText() {
    if (QStandardPaths::findExecutable("chromium").isEmpty() ||
        QStandardPaths::findExecutable("pdftotext").isEmpty())
      QSKIP("chromium and pdftotext are needed for the PDF check (packaging/install-deps.sh installs them)");
    QTemporaryDir dir;
    const QString pdf = dir.filePath("r.pdf");
    auto st = renderPdf(sample(), pdf.toStdString());
    QVERIFY2(st.ok(), st.ok() ? "" : st.error().message.c_str());
    QProcess p;
    p.start("pdftotext", {pdf, "-"});
    QVERIFY(p.waitForFinished(60000));
    const QString text = QString::fromUtf8(p.readAllStandardOutput());
    QVERIFY(text.contains("HalluSQL review report"));
    QVERIFY(text.contains("SELECT count(*) FROM singer WHERE age >= 30"));
    QVERIFY(text.contains(QRegularExpression("\\b1 / [1-9]")));  // page number from the @page rule
  }
};

QTEST_GUILESS_MAIN(TestReport)
#include "test_report.moc"
