#pragma once
// Shared helpers of the detection pipeline tests: a small singer database, the fake LLM server
// scripted per prompt kind (regular expressions on the last user message), and a client.
#include <QTemporaryDir>
#include <QtTest>

#include <memory>
#include <string>

#include <sqlite3.h>

#include "engine/llm/client.h"
#include "support/fake_llm/fake_llm.h"

namespace hs::test {

inline std::string fakeLlmScript() {
  return HALLUSQL_SOURCE_DIR "/tests/support/fake_llm/fake_llm_server.py";
}

// singer(singer_id, name, age, country), concert(concert_id, concert_name, singer_id, year).
inline void makeSingerDb(const std::string& path) {
  sqlite3* db = nullptr;
  sqlite3_open(path.c_str(), &db);
  sqlite3_exec(db,
               "CREATE TABLE singer (singer_id INTEGER PRIMARY KEY, name TEXT, age INTEGER, country TEXT);"
               "INSERT INTO singer VALUES (1,'Ann',25,'France'),(2,'Bob',30,'Spain'),(3,'Cid',31,'France'),"
               "(4,'Dee',35,'Italy'),(5,'Eve',41,'Spain');"
               "CREATE TABLE concert (concert_id INTEGER PRIMARY KEY, concert_name TEXT, singer_id INTEGER "
               "REFERENCES singer(singer_id), year INTEGER);"
               "INSERT INTO concert VALUES (1,'Spring',1,2014),(2,'Summer',3,2015),(3,'Autumn',5,2015);",
               nullptr, nullptr, nullptr);
  sqlite3_close(db);
}

inline std::unique_ptr<llm::Client> fakeClient(const FakeLlmServer& server, int concurrency = 4) {
  llm::ClientOptions o;
  o.profile.name = "fake";
  o.profile.baseUrl = server.baseUrl();
  o.profile.model = "fake-model";
  o.profile.maxConcurrency = concurrency;
  o.profile.timeoutMs = 10000;
  o.profile.maxRetries = 0;
  auto c = llm::Client::create(std::move(o));
  if (!c) qFatal("cannot create client: %s", c.error().message.c_str());
  return std::move(c.value());
}

// Regular expressions on the last user message of each prompt kind.
inline std::string sqlPrompt(const std::string& questionPattern) {  // logical_synthesis
  return R"(^(?=[\s\S]*Generate the SQLite)[\s\S]*\n-- [^\n]*)" + questionPattern;
}
inline std::string linkingPrompt(const std::string& questionPattern) {  // schema_linking
  return R"(-- Question: [^\n]*)" + questionPattern;
}
inline std::string renamed(const std::string& pattern) {  // the DSR/DR copy's schema
  return R"(^(?=[\s\S]*tbl_singer)[\s\S]*)" + pattern;
}

// A model that answers the singer questions consistently: linking, SQL per comparison, rewrites.
inline void scriptConsistentModel(FakeLlmServer& s) {
  s.ruleRegex(renamed(linkingPrompt("")), {{"content", R"(["tbl_singer.name_val", "tbl_singer.age_val"])"}});
  s.ruleRegex(renamed(sqlPrompt("")), {{"content", "SELECT name_val FROM tbl_singer WHERE age_val > 30"}});
  s.ruleRegex("with a synonym, so that",
              {{"content", "Show me the names of vocalists whose age is greater than 30."}});
  s.ruleRegex("non-synonymous", {{"content", "Show me the names of concerts whose age is greater than 30."}});
  s.ruleRegex("Remove one conditional", {{"content", "Show me the names of singers."}});
  s.ruleRegex("Simplify the question", {{"content", "Names of singers whose age is greater than 30."}});
  s.ruleRegex(
      "Make the question longer",
      {{"content",
        "Could you please show me, if possible, the names of singers whose age is greater than 30?"}});
  s.ruleRegex(linkingPrompt("concerts"), {{"content", R"(["concert.concert_name", "concert.year"])"}});
  s.ruleRegex(linkingPrompt(""), {{"content", R"(["singer.name", "singer.age"])"}});
  s.ruleRegex(sqlPrompt("(or equal to|at least|not less than)"),
              {{"content", "SELECT name FROM singer WHERE age >= 30"}});
  s.ruleRegex(sqlPrompt("(less than|at most)"), {{"content", "SELECT name FROM singer WHERE age < 30"}});
  s.ruleRegex(sqlPrompt(""), {{"content", "```sql\nSELECT name FROM singer WHERE age > 30;\n```"}});
}

}  // namespace hs::test
