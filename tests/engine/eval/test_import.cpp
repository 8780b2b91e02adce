// Importers: every supported format, format detection, and the precise messages for dirty input.
#include <QtTest>

#include <algorithm>
#include <fstream>

#include "engine/workspace/import/csv_reader.h"
#include "engine/workspace/import/import.h"
#include "support/shared_data.h"

using namespace hs::ws::import;

namespace {

std::string fixture(const char* name) {
  return std::string(HALLUSQL_SOURCE_DIR) + "/tests/fixtures/import/" + name;
}

ImportReport run(const std::string& cases, std::optional<std::string> pred = std::nullopt,
                 Format f = Format::Auto) {
  ImportOptions o;
  o.casesPath = cases;
  o.predPath = std::move(pred);
  o.format = f;
  return importCases(o);
}

const hs::Error* findIssue(const std::vector<hs::Error>& issues, const std::string& code,
                           std::size_t nth = 0) {
  for (const auto& e : issues) {
    if (e.code == code && nth-- == 0) return &e;
  }
  return nullptr;
}

}  // namespace

class TestImport : public QObject {
  Q_OBJECT
 private slots:
  void bomAndCrlf() {
    auto r = run(fixture("bom_crlf.jsonl"));
    QCOMPARE(r.format, Format::Jsonl);
    QVERIFY(r.errors.empty());
    QCOMPARE(r.cases.size(), std::size_t(2));
    const hs::Error* bom = findIssue(r.warnings, "bom");
    QVERIFY(bom);
    QCOMPARE(*bom->line, std::size_t(1));
    QCOMPARE(*bom->offset, std::size_t(0));
    QCOMPARE(r.cases[0].id, std::string("a1"));
    QCOMPARE(r.cases[1].predSql.value(), std::string("SELECT Name FROM singer"));  // no trailing \r
    QCOMPARE(r.cases[1].difficulty, std::string("moderate"));
    QCOMPARE(r.cases[1].model, std::string("m1"));
    QCOMPARE(r.cases[1].sourceLine, std::size_t(2));
  }

  void invalidUtf8ReplacedWithOffset() {
    auto r = run(fixture("invalid_utf8.jsonl"));
    QVERIFY(r.errors.empty());
    QCOMPARE(r.cases.size(), std::size_t(2));
    const hs::Error* w = findIssue(r.warnings, "utf8");
    QVERIFY(w);
    QCOMPARE(*w->line, std::size_t(2));
    QCOMPARE(*w->offset, std::size_t(249));
    QVERIFY(w->message.find("0xE9") != std::string::npos);
    QCOMPARE(w->where, fixture("invalid_utf8.jsonl"));
    QCOMPARE(r.cases[1].question, std::string("Caf\xEF\xBF\xBD singers?"));
  }

  void dirtyJsonl() {
    auto r = run(fixture("dirty.jsonl"));
    // Line 1: pred_sql is the integer 0 -> no SQL, warning.
    QCOMPARE(r.cases.size(), std::size_t(3));
    QVERIFY(!r.cases[0].predSql.has_value());
    const hs::Error* failed = findIssue(r.warnings, "generation_failed");
    QVERIFY(failed);
    QCOMPARE(*failed->line, std::size_t(1));
    QVERIFY(failed->message.find("integer 0") != std::string::npos);
    // Line 2: trailing tab + db_id removed.
    QCOMPARE(r.cases[1].predSql.value(), std::string("SELECT 2"));
    const hs::Error* tab = findIssue(r.warnings, "trailing_db_id");
    QVERIFY(tab);
    QCOMPARE(*tab->line, std::size_t(2));
    QVERIFY(tab->message.find("concert_singer") != std::string::npos);
    // Line 3: blank.
    const hs::Error* blank = findIssue(r.warnings, "blank_line");
    QVERIFY(blank);
    QCOMPARE(*blank->line, std::size_t(3));
    // Line 4: truncated JSON record -> error with line and an offset inside that line.
    QCOMPARE(r.errors.size(), std::size_t(1));
    QCOMPARE(r.errors[0].code, std::string("json"));
    QCOMPARE(*r.errors[0].line, std::size_t(4));
    const std::size_t line4 = 220;  // bytes of lines 1-3 including newlines
    QVERIFY(*r.errors[0].offset >= line4);
    QVERIFY(r.errors[0].describe().find("dirty.jsonl:4:") != std::string::npos);
    QCOMPARE(r.cases[2].id, std::string("c5"));
  }

  // fuzz_import: a CSV prediction with invalid UTF-8 bytes before a tab and a db_id gave the
  // trailing_db_id warning an offset past the end of the file (each replaced byte adds two).
  void warningOffsetsStayInsideACsvWithInvalidBytes() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath("bad.csv").toStdString();
    const std::string bytes = "PREDICTED SQL,NLQ,GOLD SQL,DATABASE\nSELECT 1 " + std::string(30, '\xCD') +
                              "\tdb," + std::string(1000, 'q') +
                              ",SELECT 1,db\n";  // enough text for 30 bad bytes
    {
      std::ofstream f(path, std::ios::binary);
      f << bytes;
    }
    auto r = run(path);
    const hs::Error* tab = findIssue(r.warnings, "trailing_db_id");
    QVERIFY(tab);
    QVERIFY2(*tab->offset <= bytes.find('\t'), tab->describe().c_str());  // not past the tab itself
    for (const auto* list : {&r.warnings, &r.errors})
      for (const hs::Error& e : *list)
        if (e.offset) QVERIFY2(*e.offset <= bytes.size(), e.describe().c_str());
  }

  void spiderGoldAndPredictions() {
    auto r = run(fixture("gold.sql"), fixture("pred_dirty.txt"));
    QCOMPARE(r.format, Format::Spider);
    QVERIFY2(r.errors.empty(), r.errors.empty() ? "" : r.errors[0].describe().c_str());
    QCOMPARE(r.cases.size(), std::size_t(3));
    QCOMPARE(r.cases[0].dbId, std::string("concert_singer"));
    QCOMPARE(r.cases[0].predSql.value(), std::string("SELECT count(*) FROM singer"));
    QCOMPARE(r.cases[2].predSql.value(), std::string("SELECT 1"));  // CRLF removed
    QVERIFY(!r.cases[1].predSql.has_value());
    const hs::Error* failed = findIssue(r.warnings, "generation_failed");
    QVERIFY(failed);
    QCOMPARE(*failed->line, std::size_t(2));
    QCOMPARE(*failed->offset, std::size_t(44));
    const hs::Error* tab = findIssue(r.warnings, "trailing_db_id");
    QVERIFY(tab);
    QCOMPARE(*tab->offset, std::size_t(27));
    const hs::Error* blank = findIssue(r.warnings, "blank_line");
    QVERIFY(blank);
    QCOMPARE(*blank->line, std::size_t(4));
  }

  // Tabs inside a predicted SQL do not cut it (issue 13): only a known db_id after the last tab
  // is removed; an unknown word after the last tab stays SQL and is warned about with file:line.
  void spiderPredictionsWithTabs() {
    auto r = run(fixture("gold.sql"), fixture("pred_tabs.txt"));
    QVERIFY2(r.errors.empty(), r.errors.empty() ? "" : r.errors[0].describe().c_str());
    QCOMPARE(r.cases.size(), std::size_t(3));
    QCOMPARE(r.cases[0].predSql.value(), std::string("SELECT count(*)\tFROM singer"));
    QCOMPARE(r.cases[1].predSql.value(), std::string("SELECT name\tFROM\tsinger"));
    QCOMPARE(r.cases[2].predSql.value(), std::string("SELECT 1"));
    const hs::Error* kept = findIssue(r.warnings, "tab_in_sql");
    QVERIFY(kept);
    QCOMPARE(*kept->line, std::size_t(2));
    QVERIFY(kept->describe().find("pred_tabs.txt:2:") != std::string::npos);
    QVERIFY(kept->message.find("'singer'") != std::string::npos);
    QVERIFY(!findIssue(r.warnings, "tab_in_sql", 1));
    TrailingDbId t =
        splitTrailingDbId("SELECT a\tFROM t\tdb1", [](const std::string& d) { return d == "db1"; });
    QCOMPARE(t.sql, std::string("SELECT a\tFROM t"));
    QCOMPARE(t.dbId, std::string("db1"));
    t = splitTrailingDbId("SELECT a\tFROM t", [](const std::string& d) { return d == "db1"; });
    QCOMPARE(t.sql, std::string("SELECT a\tFROM t"));
    QVERIFY(t.dbId.empty());
  }

  void predictionCountMismatchNamesBothCounts() {
    auto r = run(fixture("gold.sql"), fixture("pred_short.txt"));
    QVERIFY(r.cases.empty());
    QCOMPARE(r.errors.size(), std::size_t(1));
    QCOMPARE(r.errors[0].code, std::string("count_mismatch"));
    QVERIFY(r.errors[0].message.find("has 2 lines") != std::string::npos);
    QVERIFY(r.errors[0].message.find("has 3 queries") != std::string::npos);
  }

  void bird() {
    auto r = run(fixture("bird_dev.json"), fixture("bird_predict.json"));
    QCOMPARE(r.format, Format::Bird);
    QVERIFY(r.errors.empty());
    QCOMPARE(r.cases.size(), std::size_t(3));
    QCOMPARE(r.cases[0].id, std::string("bird:10"));
    QCOMPARE(r.cases[0].predSql.value(), std::string("SELECT 1"));
    QCOMPARE(r.cases[0].evidence, std::string("e0"));
    QCOMPARE(r.cases[1].difficulty, std::string("challenging"));
    QVERIFY(!r.cases[1].predSql.has_value());
    QVERIFY(findIssue(r.warnings, "generation_failed"));
    QVERIFY(!findIssue(r.warnings, "trailing_db_id"));  // normal in BIRD files
    const hs::Error* mismatch = findIssue(r.warnings, "db_id_mismatch");
    QVERIFY(mismatch);
    QVERIFY(mismatch->message.find("card_games") != std::string::npos);

    auto shortRun = run(fixture("bird_dev.json"), fixture("bird_predict_short.json"));
    QCOMPARE(shortRun.errors.size(), std::size_t(1));
    QVERIFY(shortRun.errors[0].message.find("has 1 entries") != std::string::npos);
    QVERIFY(shortRun.errors[0].message.find("has 3 queries") != std::string::npos);
  }

  void csvQuotedMultiline() {
    auto r = run(fixture("multiline.csv"));
    QCOMPARE(r.format, Format::Csv);
    QVERIFY(r.errors.empty());
    QCOMPARE(r.cases.size(), std::size_t(3));
    QCOMPARE(r.cases[0].question, std::string("Show name, country"));
    QCOMPARE(r.cases[0].predSql.value(), std::string("SELECT Name,\r\n  Country FROM singer"));
    QCOMPARE(r.cases[1].question, std::string("Say \"hi\""));
    QCOMPARE(r.cases[1].predSql.value(), std::string("SELECT 'a''b' FROM singer WHERE x = \"y\""));
    QCOMPARE(r.cases[2].sourceLine, std::size_t(5));  // record 1 spans lines 2-3
    QVERIFY(!r.cases[2].predSql.has_value());
    const hs::Error* failed = findIssue(r.warnings, "generation_failed");
    QVERIFY(failed);
    QCOMPARE(*failed->line, std::size_t(5));
  }

  void csvUnterminatedQuote() {
    auto r = run(fixture("unterminated.csv"));
    QCOMPARE(r.errors.size(), std::size_t(1));
    QCOMPARE(r.errors[0].code, std::string("csv_unterminated_quote"));
    QCOMPARE(*r.errors[0].line, std::size_t(3));
    QCOMPARE(*r.errors[0].offset, std::size_t(63));
    QCOMPARE(r.cases.size(), std::size_t(1));  // the record before it
  }

  void csvMissingColumns() {
    ImportOptions o;
    o.casesPath = fixture("bad_header.csv");
    o.format = Format::Csv;
    auto r = importCases(o);
    QVERIFY(r.cases.empty());
    QCOMPARE(r.errors.size(), std::size_t(1));
    QCOMPARE(r.errors[0].code, std::string("csv_mapping"));
    QVERIFY(r.errors[0].message.find("question, sql_a, sql_b") != std::string::npos);
    // With a mapping the same file imports.
    o.csv.predSql = "sql_a";
    o.csv.goldSql = "sql_b";
    o.csv.dbId = "question";
    auto mapped = importCases(o);
    QVERIFY(mapped.errors.empty());
    QCOMPARE(mapped.cases.size(), std::size_t(1));
    QCOMPARE(mapped.cases[0].goldSql.value(), std::string("SELECT 1"));
  }

  // A plain "pred" header (the name JSON Lines records use) is the prediction, "Gold SQL" with a
  // space is "gold_sql"; a file with gold SQL and no prediction column says so once.
  void csvHeaderNamesLikeJsonFields() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath("short.csv").toStdString();
    {
      std::ofstream f(path, std::ios::binary);
      f << "question,pred,Gold SQL,db_id\nHow many?,SELECT 2,SELECT 1,concert_singer\n";
    }
    auto r = run(path);
    QVERIFY2(r.errors.empty(), r.errors.empty() ? "" : r.errors[0].describe().c_str());
    QCOMPARE(r.cases.size(), std::size_t(1));
    QCOMPARE(r.cases[0].predSql.value_or(""), std::string("SELECT 2"));
    QCOMPARE(r.cases[0].goldSql.value_or(""), std::string("SELECT 1"));
    QVERIFY(!findIssue(r.warnings, "csv_no_prediction"));
    {
      std::ofstream f(path, std::ios::binary | std::ios::trunc);
      f << "question,answer,gold,db\nHow many?,SELECT 2,SELECT 1,concert_singer\n";
    }
    auto goldOnly = run(path);
    QCOMPARE(goldOnly.cases.size(), std::size_t(1));
    QVERIFY(!goldOnly.cases[0].predSql);
    const hs::Error* w = findIssue(goldOnly.warnings, "csv_no_prediction");
    QVERIFY(w);
    QVERIFY2(w->describe().find("short.csv:1:") != std::string::npos, w->describe().c_str());
    QVERIFY2(w->message.find("question, answer, gold, db") != std::string::npos, w->message.c_str());
  }

  void csvReaderEdgeCases() {
    auto p = parseCsv("a,\"b\"\"c\",\r\n\r\nx,\"y\nz\"", "mem");
    QVERIFY(p.errors.empty());
    QCOMPARE(p.records.size(), std::size_t(2));
    QCOMPARE(p.records[0].fields.size(), std::size_t(3));
    QCOMPARE(p.records[0].fields[1], std::string("b\"c"));
    QCOMPARE(p.records[0].fields[2], std::string(""));
    QCOMPARE(p.records[1].line, std::size_t(3));
    QCOMPARE(p.records[1].offset, std::size_t(13));
    QCOMPARE(p.records[1].fields[1], std::string("y\nz"));
    auto stray = parseCsv("a,b\"c,d\n", "mem");
    QCOMPARE(stray.warnings.size(), std::size_t(1));
    QCOMPARE(*stray.warnings[0].offset, std::size_t(3));
    QCOMPARE(stray.records[0].fields[1], std::string("b\"c"));
  }

  void drilldown() {
    auto r = run(fixture("drilldown.json"));
    QCOMPARE(r.format, Format::Drilldown);
    QVERIFY(r.errors.empty());
    QCOMPARE(r.cases.size(), std::size_t(3));
    QCOMPARE(r.cases[1].id, std::string("drilldown:1033:0.1"));
    QCOMPARE(r.cases[1].labels.size(), std::size_t(2));
    QCOMPARE(r.cases[1].labels[0].taxonomy, std::string("tasql"));
    QCOMPARE(r.cases[1].labels[0].category, std::string("Schema-Based"));
    QCOMPARE(r.cases[1].labels[0].subcategory, std::string("Attribute Overanalysis"));
    QCOMPARE(r.cases[1].labels[1].subcategory, std::string("Join Redundancy"));  // nested list
    QCOMPARE(r.cases[1].labels[1].note, std::string("1 extra JOIN(s)"));
    QVERIFY(!r.cases[2].predSql.has_value());
    const hs::Error* failed = findIssue(r.warnings, "generation_failed");
    QVERIFY(failed);
    QVERIFY(failed->message.find("path 2 step 1") != std::string::npos);
  }

  void mrsqlgen() {
    auto r = run(fixture("mrsqlgen.jsonl"));
    QCOMPARE(r.format, Format::MrSqlGen);
    QVERIFY(r.errors.empty());
    QCOMPARE(r.cases.size(), std::size_t(2));
    QCOMPARE(r.cases[0].goldSql.value(),
             std::string("SELECT Status FROM city GROUP BY Status ORDER BY COUNT(*) ASC"));
    QCOMPARE(r.cases[0].labels.size(), std::size_t(1));
    QCOMPARE(r.cases[0].labels[0].taxonomy, std::string("mrsqlgen"));
    QCOMPARE(r.cases[0].labels[0].category, std::string("C9"));
    QCOMPARE(r.cases[0].labels[0].note, std::string("Intent-violating Hallucination"));
    std::vector<std::string> cats;
    for (const auto& l : r.cases[1].labels) cats.push_back(l.category);
    QCOMPARE(cats, (std::vector<std::string>{"C3", "C5", "C2", "Made-up Type"}));
    const hs::Error* unknown = findIssue(r.warnings, "unknown_label");
    QVERIFY(unknown);
    QCOMPARE(*unknown->line, std::size_t(2));
  }

  void missingFile() {
    auto r = run(fixture("does_not_exist.jsonl"), std::nullopt, Format::Jsonl);
    QCOMPARE(r.errors.size(), std::size_t(1));
    QCOMPARE(r.errors[0].code, std::string("io"));
    QVERIFY(r.errors[0].where.find("does_not_exist.jsonl") != std::string::npos);
  }

  void stripDbId() {
    std::string s = "SELECT 1\t----- bird -----\tcalifornia_schools";
    QCOMPARE(stripTrailingDbId(s), std::string("california_schools"));
    QCOMPARE(s, std::string("SELECT 1"));
    QCOMPARE(formatFromString("MRSQLGEN").value(), Format::MrSqlGen);
    QVERIFY(!formatFromString("xml"));
  }

  void spiderDevCsvAllCases() {
    HS_REQUIRE_SHARED_DATA();
    auto r = run(hs::test::sharedPath("predictions/spider_dev/gpt4_DIN-SQL.csv"));
    QCOMPARE(r.format, Format::Csv);
    QVERIFY(r.errors.empty());
    QCOMPARE(r.cases.size(), std::size_t(1034));
    QCOMPARE(r.cases[0].question, std::string("How many singers do we have?"));
    QCOMPARE(r.cases[0].dbId, std::string("concert_singer"));
    std::size_t withPred = static_cast<std::size_t>(std::count_if(
        r.cases.begin(), r.cases.end(), [](const hs::Case& c) { return c.predSql.has_value(); }));
    QCOMPARE(withPred, std::size_t(1034));
  }

  void spiderDevJsonAndGoldSqlAgree() {
    HS_REQUIRE_SHARED_DATA();
    auto fromJson = run(hs::test::sharedPath("spider/dev.json"), std::nullopt, Format::Spider);
    auto fromSql = run(hs::test::sharedPath("spider/dev_gold.sql"));
    QVERIFY(fromJson.errors.empty());
    QVERIFY(fromSql.errors.empty());
    QCOMPARE(fromJson.cases.size(), std::size_t(1034));
    QCOMPARE(fromSql.cases.size(), std::size_t(1034));
    for (std::size_t i = 0; i < 1034; ++i) QCOMPARE(fromJson.cases[i].dbId, fromSql.cases[i].dbId);
  }

  void birdMiniDev() {
    HS_REQUIRE_SHARED_DATA();
    auto r = run(hs::test::sharedPath("bird_minidev/mini_dev_sqlite.json"));
    QCOMPARE(r.format, Format::Bird);
    QVERIFY(r.errors.empty());
    QCOMPARE(r.cases.size(), std::size_t(500));
    QCOMPARE(r.cases[0].id, std::string("bird:1471"));
    QCOMPARE(r.cases[0].difficulty, std::string("simple"));
    QVERIFY(!r.cases[0].evidence.empty());
  }
};

QTEST_GUILESS_MAIN(TestImport)
#include "test_import.moc"
