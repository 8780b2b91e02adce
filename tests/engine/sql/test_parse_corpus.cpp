// Corpus test over ../shared/data: every Spider dev gold query (dev_gold.sql and dev.json), every
// BIRD mini-dev gold query and every GPT-4 (DIN-SQL) prediction that SQLite accepts must parse; the
// printed tree must parse to an equal tree, and on the Spider databases executing the printed SQL
// must give the same result as the original (multiset; ordered when the query has ORDER BY).
#include <QtTest>

#include <sqlite3.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/sql/parser.h"
#include "engine/sql/printer.h"
#include "engine/workspace/import/csv_reader.h"
#include "support/shared_data.h"

using namespace hs::sql;

namespace {

struct Item {
  std::string sql;
  std::string db;
};

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct DbCloser {
  void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
using DbPtr = std::unique_ptr<sqlite3, DbCloser>;

class Databases {
 public:
  sqlite3* get(const std::string& id) {
    auto it = dbs_.find(id);
    if (it != dbs_.end()) return it->second.get();
    std::string path = hs::test::spiderDb(QString::fromStdString(id));
    sqlite3* raw = nullptr;
    if (!QFileInfo::exists(QString::fromStdString(path)) ||
        sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
      if (raw) sqlite3_close_v2(raw);
      raw = nullptr;
    }
    return dbs_.emplace(id, DbPtr(raw)).first->second.get();
  }

 private:
  std::map<std::string, DbPtr> dbs_;
};

bool accepts(sqlite3* db, const std::string& sql) {
  sqlite3_stmt* st = nullptr;
  int rc = sqlite3_prepare_v2(db, sql.c_str(), static_cast<int>(sql.size()), &st, nullptr);
  sqlite3_finalize(st);
  return rc == SQLITE_OK && st != nullptr;
}

int stopAfter(void* counter) {
  return ++*static_cast<long*>(counter) > 2000000;  // ~ a few seconds of VM steps
}

// Rows as text with a type tag, or nullopt when execution failed.
std::optional<std::vector<std::string>> run(sqlite3* db, const std::string& sql) {
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(db, sql.c_str(), static_cast<int>(sql.size()), &st, nullptr) != SQLITE_OK) {
    sqlite3_finalize(st);
    return std::nullopt;
  }
  long steps = 0;
  sqlite3_progress_handler(db, 1000, stopAfter, &steps);
  std::vector<std::string> rows;
  int rc;
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    std::string row;
    for (int i = 0; i < sqlite3_column_count(st); ++i) {
      row += std::to_string(sqlite3_column_type(st, i)) + ":";
      const unsigned char* text = sqlite3_column_text(st, i);
      if (text) row += reinterpret_cast<const char*>(text);
      row += '\x1f';
    }
    rows.push_back(std::move(row));
  }
  sqlite3_progress_handler(db, 0, nullptr, nullptr);
  sqlite3_finalize(st);
  if (rc != SQLITE_DONE) return std::nullopt;
  return rows;
}

struct Counts {
  int total = 0, accepted = 0, parsed = 0, roundTrip = 0, executed = 0, sameResult = 0;
  std::vector<std::string> failures;
};

void check(const std::vector<Item>& items, Databases* dbs, bool needAccept, Counts& c) {
  for (const Item& it : items) {
    ++c.total;
    sqlite3* db = dbs ? dbs->get(it.db) : nullptr;
    if (needAccept) {
      if (!db || !accepts(db, it.sql)) continue;  // SQLite refuses it (or no database): not required
    }
    ++c.accepted;
    ParseResult r = parse(it.sql);
    if (!r.ok() || r.statements.empty() || !r.statements[0].select) {
      c.failures.push_back("parse: " + it.sql + " -> " + (r.error ? r.error->message : "not a query"));
      continue;
    }
    ++c.parsed;
    const SelectStmt& tree = *r.statements[0].select;
    std::string printed = print(tree);
    auto again = parseSelect(printed);
    if (again.ok() && equals(**again, tree)) {
      ++c.roundTrip;
    } else {
      c.failures.push_back("round trip: " + it.sql + " -> " + printed);
    }
    if (!db) continue;
    auto original = run(db, it.sql);
    if (!original) continue;
    ++c.executed;
    auto reprinted = run(db, printed);
    if (reprinted && !tree.orderBy.empty() ? *reprinted == *original : false) {
      ++c.sameResult;
      continue;
    }
    if (reprinted && tree.orderBy.empty()) {
      auto a = *original, b = *reprinted;
      std::sort(a.begin(), a.end());
      std::sort(b.begin(), b.end());
      if (a == b) {
        ++c.sameResult;
        continue;
      }
    }
    c.failures.push_back("result differs: " + it.sql + " -> " + printed);
  }
}

void report(const char* name, const Counts& c, bool needAccept) {
  qInfo("%s: %d items, %d %s, %d parsed, %d round-trip equal, %d executed, %d same result", name, c.total,
        c.accepted, needAccept ? "accepted by SQLite" : "required", c.parsed, c.roundTrip, c.executed,
        c.sameResult);
  for (std::size_t i = 0; i < c.failures.size() && i < 10; ++i) qWarning("  %s", c.failures[i].c_str());
}

}  // namespace

class TestParseCorpus : public QObject {
  Q_OBJECT

 private slots:
  void spiderGold() {
    HS_REQUIRE_SHARED_DATA();
    std::vector<Item> items;
    std::istringstream in(readFile(hs::test::sharedPath("spider/dev_gold.sql")));
    std::string line;
    while (std::getline(in, line)) {
      auto tab = line.find('\t');
      if (tab == std::string::npos) continue;
      items.push_back({line.substr(0, tab), line.substr(tab + 1)});
    }
    auto dev = nlohmann::json::parse(readFile(hs::test::sharedPath("spider/dev.json")));
    for (const auto& q : dev)
      items.push_back({q.at("query").get<std::string>(), q.at("db_id").get<std::string>()});
    QCOMPARE(static_cast<int>(items.size()), 2068);
    Databases dbs;
    Counts c;
    check(items, &dbs, false, c);
    report("spider gold (dev_gold.sql + dev.json)", c, false);
    QCOMPARE(c.parsed, c.total);
    QCOMPARE(c.roundTrip, c.total);
    QVERIFY(c.executed > 1900);  // wta_1's database is missing
    QCOMPARE(c.sameResult, c.executed);
  }

  void birdGold() {
    HS_REQUIRE_SHARED_DATA();
    auto bird = nlohmann::json::parse(readFile(hs::test::sharedPath("bird_minidev/mini_dev_sqlite.json")));
    std::vector<Item> items;
    for (const auto& q : bird)
      items.push_back({q.at("SQL").get<std::string>(), q.at("db_id").get<std::string>()});
    QCOMPARE(static_cast<int>(items.size()), 500);
    Counts c;
    check(items, nullptr, false, c);
    report("bird mini-dev gold", c, false);
    QCOMPARE(c.parsed, c.total);
    QCOMPARE(c.roundTrip, c.total);
  }

  void gpt4Predictions() {
    HS_REQUIRE_SHARED_DATA();
    std::string path = hs::test::sharedPath("predictions/spider_dev/gpt4_DIN-SQL.csv");
    auto csv = hs::ws::import::parseCsv(readFile(path), path);
    QVERIFY(csv.errors.empty());
    QVERIFY(csv.records.size() > 1000);
    std::vector<Item> items;
    for (std::size_t i = 1; i < csv.records.size(); ++i) {
      const auto& f = csv.records[i].fields;
      if (f.size() >= 4) items.push_back({f[1], f[3]});
    }
    QCOMPARE(static_cast<int>(items.size()), 1034);
    Databases dbs;
    Counts c;
    check(items, &dbs, true, c);
    report("gpt-4 DIN-SQL predictions", c, true);
    QVERIFY(c.accepted > 900);
    QCOMPARE(c.parsed, c.accepted);
    QCOMPARE(c.roundTrip, c.accepted);
    QCOMPARE(c.sameResult, c.executed);
  }
};

QTEST_GUILESS_MAIN(TestParseCorpus)
#include "test_parse_corpus.moc"
