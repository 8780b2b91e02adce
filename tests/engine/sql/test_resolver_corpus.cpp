// The resolver against SQLite's authorizer on real queries: for every Spider dev gold query and
// every GPT-4 (DIN-SQL) prediction that SQLite accepts, the set of (table, column) pairs the
// resolver says the query reads must equal the SQLITE_READ pairs the authorizer reports while
// SQLite prepares the statement (read-only connection; nothing is executed).
#include <QtTest>

#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/sql/parser.h"
#include "engine/sql/resolver.h"
#include "support/csv_rows.h"
#include "support/shared_data.h"
#include "test_resolver_support.h"

using namespace hs::sql;

namespace {

struct Query {
  std::string sql;
  std::string db;
};

std::vector<Query> spiderGold() {
  std::vector<Query> out;
  std::ifstream in(hs::test::sharedPath("spider/dev_gold.sql"));
  std::string line;
  while (std::getline(in, line)) {
    auto tab = line.rfind('\t');
    if (tab != std::string::npos) out.push_back({line.substr(0, tab), line.substr(tab + 1)});
  }
  return out;
}

// The GPT-4 predictions CSV: NLQ, PREDICTED SQL, GOLD SQL, DATABASE.
std::vector<Query> gpt4Predictions() {
  auto rows = hs::test::csvRows(hs::test::sharedPath("predictions/spider_dev/gpt4_DIN-SQL.csv"));
  std::vector<Query> out;
  for (std::size_t r = 1; r < rows.size(); ++r)
    if (rows[r].size() >= 4) out.push_back({rows[r][1], rows[r][3]});
  return out;
}

struct Tally {
  int total = 0, accepted = 0, agree = 0;
  QStringList mismatches;
};

class Databases {
 public:
  hs::test::ReadOnlyDb* get(const std::string& db) {
    auto it = dbs_.find(db);
    if (it == dbs_.end()) {
      auto handle = std::make_unique<hs::test::ReadOnlyDb>(hs::test::spiderDb(QString::fromStdString(db)));
      schemas_[db] = handle->ok() ? handle->schema() : hs::db::Schema{};
      it = dbs_.emplace(db, std::move(handle)).first;
    }
    return it->second->ok() ? it->second.get() : nullptr;
  }
  const hs::db::Schema& schema(const std::string& db) { return schemas_[db]; }

 private:
  std::map<std::string, std::unique_ptr<hs::test::ReadOnlyDb>> dbs_;
  std::map<std::string, hs::db::Schema> schemas_;
};

Tally compare(const std::vector<Query>& queries, Databases& dbs) {
  Tally t;
  for (const auto& q : queries) {
    ++t.total;
    hs::test::ReadOnlyDb* db = dbs.get(q.db);
    hs::test::ReadSet auth;
    if (!db || !db->authorizerReads(q.sql, auth)) continue;  // wta_1 is missing; SQLite refuses some
    ++t.accepted;
    auto tree = parseSelect(q.sql);
    if (!tree.ok()) {
      t.mismatches << QString::fromStdString("parse error: " + q.sql);
      continue;
    }
    Resolution r = resolve(**tree, dbs.schema(q.db), q.sql);
    hs::test::ReadSet mine;
    for (const auto& b : r.reads)
      mine.insert({hs::test::lowerAscii(b.table), hs::test::lowerAscii(b.column)});
    if (mine == auth && !r.hasErrors()) {
      ++t.agree;
      continue;
    }
    std::string detail = q.sql + " | authorizer only:";
    for (const auto& [tb, c] : auth)
      if (!mine.count({tb, c})) detail += " " + tb + "." + c;
    detail += " | resolver only:";
    for (const auto& [tb, c] : mine)
      if (!auth.count({tb, c})) detail += " " + tb + "." + c;
    for (const auto& d : r.diagnostics) detail += " | " + d.code + ": " + d.message;
    t.mismatches << QString::fromStdString(detail);
  }
  return t;
}

}  // namespace

class TestResolverCorpus : public QObject {
  Q_OBJECT

 private slots:
  void spiderGoldAgreesWithAuthorizer() {
    HS_REQUIRE_SHARED_DATA();
    Databases dbs;
    auto queries = spiderGold();
    QVERIFY(queries.size() > 1000);
    Tally t = compare(queries, dbs);
    qInfo("Spider dev gold: %d queries, %d accepted by SQLite, %d agree with the authorizer", t.total,
          t.accepted, t.agree);
    for (const auto& m : t.mismatches) qWarning("%s", qPrintable(m));
    QVERIFY(t.accepted > 900);
    QCOMPARE(t.agree, t.accepted);
  }

  void gpt4PredictionsAgreeWithAuthorizer() {
    HS_REQUIRE_SHARED_DATA();
    Databases dbs;
    auto queries = gpt4Predictions();
    QVERIFY(queries.size() > 1000);
    Tally t = compare(queries, dbs);
    qInfo("GPT-4 DIN-SQL predictions: %d queries, %d accepted by SQLite, %d agree with the authorizer",
          t.total, t.accepted, t.agree);
    for (const auto& m : t.mismatches) qWarning("%s", qPrintable(m));
    QVERIFY(t.accepted > 900);
    QCOMPARE(t.agree, t.accepted);
  }
};

QTEST_GUILESS_MAIN(TestResolverCorpus)
#include "test_resolver_corpus.moc"
