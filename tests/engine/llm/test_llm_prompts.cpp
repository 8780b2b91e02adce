// Prompt templates (parsing, rendering, the built-in ones) and the schema serialisation.
#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

#include "engine/db/database.h"
#include "engine/llm/generate.h"
#include "engine/llm/schema_prompt.h"
#include "engine/llm/template.h"

using namespace hs;

class TestLlmPrompts : public QObject {
  Q_OBJECT
 private slots:
  void parsesHeaderRolesAndPlaceholders() {
    auto t = llm::parseTemplate(
        "name: demo\nversion: 3\n# a comment\n---\n[[system]]\nYou are {{role}}.\n[[user]]\n"
        "Q: {{question}}\n{{#evidence}}\nHint: {{evidence}}\n{{/evidence}}\nEnd.\n",
        "demo.txt");
    QVERIFY2(t.ok(), t.ok() ? "" : t.error().message.c_str());
    QCOMPARE(t->name, std::string("demo"));
    QCOMPARE(t->version, std::string("3"));
    QCOMPARE(t->parts.size(), std::size_t{2});
    QCOMPARE(t->placeholders(), (std::vector<std::string>{"evidence", "question", "role"}));
    auto m = llm::renderTemplate(t.value(),
                                 {{"role", "an expert"}, {"question", "How many?"}, {"evidence", "x = 1"}});
    QVERIFY(m.ok());
    QCOMPARE(m->size(), std::size_t{2});
    QCOMPARE(m->at(0).role, std::string("system"));
    QCOMPARE(m->at(0).content, std::string("You are an expert."));
    QCOMPARE(m->at(1).content, std::string("Q: How many?\nHint: x = 1\nEnd."));
    auto noEvidence = llm::renderTemplate(t.value(), {{"role", "r"}, {"question", "q"}, {"evidence", ""}});
    QVERIFY(noEvidence.ok());
    QCOMPARE(noEvidence->at(1).content, std::string("Q: q\nEnd."));  // the section and its lines vanish
  }

  void missingPlaceholderIsAnErrorWithOffset() {
    std::string text = "name: t\nversion: 1\n---\nHello {{name}}, see {{thing}}.\n";
    auto t = llm::parseTemplate(text, "t.txt");
    QVERIFY(t.ok());
    auto m = llm::renderTemplate(t.value(), {{"name", "x"}});
    QVERIFY(!m.ok());
    QCOMPARE(m.error().code, std::string("missing_placeholder"));
    QVERIFY(m.error().message.find("{{thing}}") != std::string::npos);
    QCOMPARE(*m.error().offset, text.find("{{thing}}"));
    QCOMPARE(*m.error().line, std::size_t{4});
  }

  void badTemplatesAreRefused() {
    QCOMPARE(llm::parseTemplate("version: 1\nno separator\n", "a").error().code, std::string("template"));
    QVERIFY(!llm::parseTemplate("name: x\n---\nbody\n", "b").ok());  // no version
    QVERIFY(!llm::parseTemplate("version: 1\n---\n[[wizard]]\nhi\n", "c").ok());
    const std::string unclosedText = "version: 1\n---\nsome {{#a}}text\n";
    auto unclosed = llm::parseTemplate(unclosedText, "d");
    QVERIFY(!unclosed.ok());
    QVERIFY2(unclosed.error().message.find("unclosed section \"a\"") != std::string::npos,
             unclosed.error().message.c_str());
    QCOMPARE(*unclosed.error().offset, unclosedText.find("{{#a}}"));
    QCOMPARE(*unclosed.error().line, std::size_t{3});
    QVERIFY(!llm::parseTemplate("version: 1\n---\n{{/a}}\n", "f").ok());  // closes nothing
    // Literal braces go through other delimiters; a brace pair without a name is no placeholder.
    auto lit = llm::parseTemplate("version: 1\n---\n{{=<% %>=}}JSON like {{ \"a\": 1 }} stays\n", "e");
    QVERIFY2(lit.ok(), lit.ok() ? "" : lit.error().message.c_str());
    QCOMPARE(llm::renderTemplate(lit.value(), {}).value().at(0).content,
             std::string("JSON like {{ \"a\": 1 }} stays"));
    // Values are written as they are: no HTML escaping in a prompt.
    auto raw = llm::parseTemplate("version: 1\n---\nWHERE {{cond}}\n", "g");
    QCOMPARE(llm::renderTemplate(raw.value(), {{"cond", "a < 'x&y'"}}).value().at(0).content,
             std::string("WHERE a < 'x&y'"));
  }

  void sectionsWithPlaceholdersInsideAreFound() {
    auto t = llm::parseTemplate("version: 1\n---\nX{{#a}} A {{b}}{{/a}}{{^c}} C {{d}}{{/c}}\n", "h");
    QVERIFY(t.ok());
    QCOMPARE(t->placeholders(), (std::vector<std::string>{"a", "b", "c", "d"}));
    // b is asked for only when a is non-empty.
    QCOMPARE(llm::renderTemplate(t.value(), {{"a", ""}, {"c", "1"}}).value().at(0).content, std::string("X"));
  }

  void builtinTemplatesRenderWithTheirPlaceholders() {
    auto names = llm::builtinTemplateNames();
    QCOMPARE(names, (std::vector<std::string>{"infeasible_check", "logical_synthesis", "mr_ensr", "mr_esr",
                                              "mr_os", "mr_rc", "mr_sc", "schema_linking", "sql_verification",
                                              "sql_verifier", "subquestion_rewrite", "text_to_sql"}));
    for (const auto& n : names) {
      auto t = llm::builtinTemplate(n);
      QVERIFY2(t.ok(), n.c_str());
      QCOMPARE(t->name, n);
      QVERIFY(!t->version.empty());
      QVERIFY(!t->source.empty());
      llm::TemplateVars vars;
      for (const auto& p : t->placeholders()) vars[p] = "<" + p + ">";
      auto m = llm::renderTemplate(t.value(), vars);
      QVERIFY2(m.ok(), n.c_str());
      for (const auto& p : t->placeholders()) {
        bool found = false;
        for (const auto& msg : m.value())
          found = found || msg.content.find("<" + p + ">") != std::string::npos;
        QVERIFY2(found, (n + " does not use " + p).c_str());
      }
    }
    QVERIFY(!llm::builtinTemplate("nope").ok());
  }

  void textToSqlFollowsTheBirdPrompt() {
    auto t = llm::builtinTemplate("text_to_sql");
    QVERIFY(t.ok());
    llm::TextToSqlInput in;
    in.schema = "CREATE TABLE singer (id INTEGER PRIMARY KEY, name TEXT);";
    in.question = "How many singers are there?";
    in.evidence = "singer refers to the singer table";
    llm::SamplingParams params;
    params.temperature = 0.0;
    auto r = llm::textToSqlRequest(t.value(), in, params);
    QVERIFY(r.ok());
    QCOMPARE(r->templateName, std::string("text_to_sql"));
    QCOMPARE(r->templateVersion, t->version);
    QCOMPARE(r->messages.size(), std::size_t{1});
    const std::string& p = r->messages[0].content;
    QVERIFY(p.rfind("CREATE TABLE singer", 0) == 0);  // schema first, as BIRD does
    QVERIFY(p.find("-- External Knowledge: singer refers to the singer table") != std::string::npos);
    QVERIFY(p.find("Using valid SQLite and understanding External Knowledge, answer") != std::string::npos);
    QVERIFY(p.find("-- How many singers are there?") != std::string::npos);
    in.evidence.clear();
    auto r2 = llm::textToSqlRequest(t.value(), in, params);
    QVERIFY(r2->messages[0].content.find("External Knowledge") == std::string::npos);
  }

  void schemaSerialisationHasCreateKeysAndSamples() {
    QTemporaryDir dir;
    std::string path = dir.filePath("s.sqlite").toStdString();
    sqlite3* raw = nullptr;
    QCOMPARE(sqlite3_open(path.c_str(), &raw), SQLITE_OK);
    const char* ddl =
        "CREATE TABLE singer (singer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT);"
        "CREATE TABLE concert (concert_id INTEGER, singer_id INTEGER REFERENCES singer(singer_id), "
        " year INTEGER, PRIMARY KEY (concert_id, singer_id));"
        "INSERT INTO singer VALUES (1, 'Joe Sharp', 'Netherlands'), (2, 'O''Brien', 'Ireland'),"
        " (3, 'Timbaland', 'United States'), (4, 'Zed', NULL);"
        "INSERT INTO concert VALUES (10, 1, 2014), (11, 2, 2015);";
    QCOMPARE(sqlite3_exec(raw, ddl, nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(raw);
    auto database = db::Database::openReadOnly(path);
    QVERIFY2(database.ok(), database.ok() ? "" : database.error().message.c_str());
    llm::SchemaPromptOptions opts;
    opts.samplesPerColumn = 2;
    auto text = llm::serialiseSchema(*database.value(), opts);
    QVERIFY2(text.ok(), text.ok() ? "" : text.error().message.c_str());
    const std::string& s = text.value();
    QVERIFY2(s.find("CREATE TABLE singer (singer_id INTEGER PRIMARY KEY") != std::string::npos, s.c_str());
    QVERIFY(s.find("Primary key: concert(concert_id, singer_id)") != std::string::npos);
    QVERIFY(s.find("Foreign key: concert(singer_id) references singer(singer_id)") != std::string::npos);
    QVERIFY(s.find("singer.name: ") != std::string::npos);
    QVERIFY(s.find("'O''Brien'") != std::string::npos || s.find("'Joe Sharp'") != std::string::npos);
    // At most two values per column.
    std::size_t line = s.find("singer.country: ");
    QVERIFY(line != std::string::npos);
    std::string countryLine = s.substr(line, s.find('\n', line) - line);
    QCOMPARE(std::count(countryLine.begin(), countryLine.end(), ','), 1);
    QVERIFY(countryLine.find("NULL") == std::string::npos);  // NULLs are not sample values
    QVERIFY(s.find("concert.year: ") != std::string::npos);
  }

  void schemaSerialisationWithoutDatabase() {
    db::Schema schema;
    db::TableInfo t;
    t.name = "weird name";
    t.columns = {{"a b", "TEXT", false, false, 0, std::nullopt}};
    schema.tables.push_back(t);
    auto s = llm::serialiseSchema(
        schema, [](const std::string&, const std::string&) { return std::vector<std::string>{"'x*/y'"}; });
    QVERIFY2(s.find("CREATE TABLE \"weird name\" (\"a b\" TEXT)") != std::string::npos, s.c_str());
    QVERIFY(s.find("'x* /y'") != std::string::npos);  // a value cannot close the comment
  }
};

QTEST_GUILESS_MAIN(TestLlmPrompts)
#include "test_llm_prompts.moc"
