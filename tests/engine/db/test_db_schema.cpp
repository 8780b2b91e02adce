// Schema introspection matches Spider's tables.json for every dev database present; row
// estimates, sample values and value lookups.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <set>
#include <string>

#include "db_test_util.h"
#include "engine/core/text.h"
#include "engine/db/database.h"
#include "support/shared_data.h"

using hs::db::Database;
using hs::db::Value;

class TestDbSchema : public QObject {
  Q_OBJECT

 private slots:
  void matchesSpiderTablesJson() {
    HS_REQUIRE_SHARED_DATA();
    QFile f(QString::fromStdString(hs::test::sharedPath("spider/tables.json")));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QJsonArray dbs = QJsonDocument::fromJson(f.readAll()).array();
    QVERIFY(!dbs.isEmpty());
    int checked = 0;
    for (const auto& entry : dbs) {
      QJsonObject spec = entry.toObject();
      QString dbId = spec["db_id"].toString();
      std::string path = hs::test::spiderDb(dbId);
      if (!QFile::exists(QString::fromStdString(path))) continue;  // only the dev databases are here
      ++checked;
      auto db = Database::openReadOnly(path);
      QVERIFY2(db.ok(), db.ok() ? "" : db.error().describe().c_str());
      auto schema = (*db)->schema();
      QVERIFY2(schema.ok(), schema.ok() ? "" : schema.error().describe().c_str());
      const std::string ctx = dbId.toStdString();

      // Tables, in order (tables.json lists sqlite_sequence where it exists; it is internal).
      std::vector<std::string> specTables;
      for (const auto& t : spec["table_names_original"].toArray())
        specTables.push_back(t.toString().toStdString());
      std::vector<std::string> expectedTables;
      for (const auto& t : specTables) {
        if (t != "sqlite_sequence") expectedTables.push_back(t);
      }
      std::vector<std::string> gotTables;
      for (const auto& t : schema->tables) {
        if (!t.isView) gotTables.push_back(t.name);
      }
      QVERIFY2(gotTables == expectedTables, ctx.c_str());

      // Columns per table, in order; index -> (table, column) for keys.
      std::vector<std::pair<std::string, std::string>> columnAt;
      std::map<std::string, std::vector<std::string>> specColumns;
      for (const auto& c : spec["column_names_original"].toArray()) {
        QJsonArray pair = c.toArray();
        int tableIndex = pair[0].toInt();
        std::string column = pair[1].toString().toStdString();
        if (tableIndex < 0) {  // the "*" entry
          columnAt.emplace_back("", column);
          continue;
        }
        const std::string& table = specTables.at(static_cast<std::size_t>(tableIndex));
        columnAt.emplace_back(table, column);
        specColumns[table].push_back(column);
      }
      for (const auto& t : schema->tables) {
        std::vector<std::string> got;
        for (const auto& c : t.columns) got.push_back(c.name);
        QVERIFY2(got == specColumns[t.name], (ctx + "." + t.name).c_str());
        QVERIFY2(!t.columns.empty(), (ctx + "." + t.name).c_str());
      }

      // Primary keys: tables.json names the first column of each key.
      std::set<std::pair<std::string, std::string>> specPk;
      for (const auto& pk : spec["primary_keys"].toArray()) {
        QJsonArray list = pk.isArray() ? pk.toArray() : QJsonArray{pk};
        for (const auto& i : list) specPk.insert(columnAt.at(static_cast<std::size_t>(i.toInt())));
      }
      std::set<std::pair<std::string, std::string>> gotPkFirst;
      for (const auto& t : schema->tables) {
        for (const auto& c : t.columns) {
          if (c.pkPosition == 1) gotPkFirst.insert({t.name, c.name});
          QCOMPARE(c.primaryKey, c.pkPosition > 0);
        }
      }
      QVERIFY2(gotPkFirst == specPk, ctx.c_str());

      // Foreign keys as (from table.column, to table.column); an empty target means the PK.
      std::set<std::pair<std::pair<std::string, std::string>, std::pair<std::string, std::string>>> specFk,
          gotFk;
      for (const auto& fk : spec["foreign_keys"].toArray()) {
        QJsonArray pair = fk.toArray();
        specFk.insert({columnAt.at(static_cast<std::size_t>(pair[0].toInt())),
                       columnAt.at(static_cast<std::size_t>(pair[1].toInt()))});
      }
      auto canonical = [&](const std::string& table, const std::string& column) {
        // tables.json spells names as the referenced table declares them.
        for (const auto& [t, c] : columnAt) {
          if (hs::iequals(t, table) && hs::iequals(c, column)) return std::make_pair(t, c);
        }
        return std::make_pair(table, column);
      };
      for (const auto& t : schema->tables) {
        for (const auto& fk : t.foreignKeys) {
          for (std::size_t i = 0; i < fk.fromColumns.size(); ++i) {
            std::string to;
            if (i < fk.toColumns.size()) {
              to = fk.toColumns[i];
            } else if (const auto* target = schema->findTable(fk.toTable)) {
              for (const auto& c : target->columns) {
                if (c.pkPosition == static_cast<int>(i) + 1) to = c.name;
              }
            }
            gotFk.insert({canonical(t.name, fk.fromColumns[i]), canonical(fk.toTable, to)});
          }
        }
      }
      QVERIFY2(gotFk == specFk, ctx.c_str());

      // Size hints exist for tables and are sane (Spider tables are small).
      for (const auto& t : schema->tables) {
        if (t.isView) continue;
        QVERIFY2(t.rowEstimate.has_value(), (ctx + "." + t.name).c_str());
        QVERIFY(*t.rowEstimate >= 0);
        QVERIFY(!t.sql.empty());
      }
    }
    qInfo("compared %d Spider databases with tables.json", checked);
    if (checked == 0) QSKIP("no Spider database files under spider/database");
  }

  void rowEstimatesAgainstCounts() {
    HS_REQUIRE_SHARED_DATA();
    auto db = Database::openReadOnly(hs::test::spiderDb("world_1"));
    QVERIFY(db.ok());
    auto schema = (*db)->schema();
    QVERIFY(schema.ok());
    const auto* city = schema->findTable("city");
    QVERIFY(city && city->rowEstimate);
    auto count = (*db)->query("SELECT count(*) FROM city");
    QVERIFY(count.ok());
    // city uses ID 1..4079 as its rowid: the estimate is exact here.
    QCOMPARE(*city->rowEstimate, count->rows[0][0].i);
    // pets_1's Student keys run 1001..1035 over 34 rows: the estimate is the span, not 1035.
    auto pets = Database::openReadOnly(hs::test::spiderDb("pets_1"));
    QVERIFY(pets.ok());
    auto petsSchema = (*pets)->schema();
    QVERIFY(petsSchema.ok());
    const auto* student = petsSchema->findTable("Student");
    QVERIFY(student && student->rowEstimate);
    QCOMPARE(*student->rowEstimate, std::int64_t{35});
  }

  void createdSchemaDetails() {
    QTemporaryDir tmp;
    QString path = tmp.filePath("pets.sqlite");
    QCOMPARE(hs::test::createSampleDb(path), std::string());
    QCOMPARE(
        hs::test::execOnFile(path,
                             "CREATE TABLE visit(pet INTEGER, day TEXT, vet TEXT, PRIMARY KEY (pet, day),"
                             "  FOREIGN KEY (pet) REFERENCES pet);"
                             "CREATE TABLE tag(code TEXT PRIMARY KEY, pet INT) WITHOUT ROWID;"
                             "CREATE TABLE \"odd \"\"name\"(\"rowid\" TEXT);"
                             "INSERT INTO tag VALUES ('a', 1), ('b', 2);"),
        std::string());
    auto db = Database::openReadOnly(path.toStdString());
    QVERIFY(db.ok());
    auto schema = (*db)->schema();
    QVERIFY(schema.ok());
    std::vector<std::string> names;
    for (const auto& t : schema->tables) names.push_back(t.name);
    QCOMPARE(names, (std::vector<std::string>{"owner", "pet", "heavy", "visit", "tag", "odd \"name"}));

    const auto* owner = schema->findTable("OWNER");
    QVERIFY(owner);
    QVERIFY(!owner->isView);
    QCOMPARE(owner->columns.size(), std::size_t{3});
    QCOMPARE(owner->columns[0].declaredType, std::string("INTEGER"));
    QVERIFY(owner->columns[0].primaryKey);
    QVERIFY(owner->columns[1].notNull);
    QCOMPARE(owner->rowEstimate.value_or(-1), std::int64_t{3});

    const auto* pet = schema->findTable("pet");
    QVERIFY(pet);
    QCOMPARE(pet->foreignKeys.size(), std::size_t{1});
    QCOMPARE(pet->foreignKeys[0].fromColumns, std::vector<std::string>{"owner_id"});
    QCOMPARE(pet->foreignKeys[0].toTable, std::string("owner"));
    QCOMPARE(pet->foreignKeys[0].toColumns, std::vector<std::string>{"id"});
    QCOMPARE(pet->findColumn("kind")->defaultValue.value_or(""), std::string("'dog'"));
    QCOMPARE(pet->findColumn("photo")->declaredType, std::string("BLOB"));

    const auto* heavy = schema->findTable("heavy");
    QVERIFY(heavy && heavy->isView);
    QCOMPARE(heavy->columns.size(), std::size_t{5});
    QVERIFY(!heavy->rowEstimate);

    const auto* visit = schema->findTable("visit");
    QVERIFY(visit);
    QCOMPARE(visit->findColumn("pet")->pkPosition, 1);
    QCOMPARE(visit->findColumn("day")->pkPosition, 2);
    QCOMPARE(visit->findColumn("vet")->pkPosition, 0);
    QCOMPARE(visit->foreignKeys.size(), std::size_t{1});
    QVERIFY(visit->foreignKeys[0].toColumns.empty());  // references pet's primary key
    QCOMPARE(visit->rowEstimate.value_or(-1), std::int64_t{0});

    const auto* tag = schema->findTable("tag");
    QVERIFY(tag);
    QVERIFY(!tag->rowEstimate);  // WITHOUT ROWID: no cheap estimate, and no scan either
    const auto* odd = schema->findTable("odd \"name");
    QVERIFY(odd);
    QCOMPARE(odd->columns.at(0).name, std::string("rowid"));
  }

  void statTableEstimates() {
    QTemporaryDir tmp;
    QString path = tmp.filePath("stat.sqlite");
    QCOMPARE(
        hs::test::execOnFile(path,
                             "CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT); CREATE INDEX tb ON t(b);"
                             "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 500) "
                             "INSERT INTO t SELECT x * 1000, 'v' || (x % 7) FROM c; ANALYZE;"),
        std::string());
    auto db = Database::openReadOnly(path.toStdString());
    QVERIFY(db.ok());
    auto schema = (*db)->schema();
    QVERIFY(schema.ok());
    QCOMPARE(schema->tables.size(), std::size_t{1});  // sqlite_stat1 is internal
    // max(rowid) would say 500000; sqlite_stat1 knows better.
    QCOMPARE(schema->tables[0].rowEstimate.value_or(-1), std::int64_t{500});
  }

  void sampleValuesAndLookups() {
    QTemporaryDir tmp;
    QString path = tmp.filePath("pets.sqlite");
    QCOMPARE(hs::test::createSampleDb(path), std::string());
    auto db = Database::openReadOnly(path.toStdString());
    QVERIFY(db.ok());

    auto kinds = (*db)->sampleValues("pet", "kind", 10);
    QVERIFY(kinds.ok());
    QCOMPARE(kinds->size(), std::size_t{3});  // dog, cat, then NULL last
    QVERIFY(std::find(kinds->begin(), kinds->end(), Value::text("dog")) != kinds->end());
    QVERIFY(std::find(kinds->begin(), kinds->end(), Value::text("cat")) != kinds->end());
    QVERIFY(kinds->back().isNull());

    auto one = (*db)->sampleValues("PET", "Kind", 1);
    QVERIFY(one.ok());
    QCOMPARE(one->size(), std::size_t{1});
    QVERIFY(!one->front().isNull());

    auto weights = (*db)->sampleValues("pet", "weight", 10);
    QVERIFY(weights.ok());
    QVERIFY(std::find(weights->begin(), weights->end(), Value::real(30.25)) != weights->end());

    auto bad = (*db)->sampleValues("pet", "colour", 3);
    QVERIFY(!bad.ok());
    QCOMPARE(bad.error().code, std::string("unknown_name"));
    bad = (*db)->sampleValues("pets", "kind", 3);
    QVERIFY(!bad.ok());
    QVERIFY(bad.error().message.find("pets") != std::string::npos);

    QCOMPARE((*db)->valueExists("owner", "name", Value::text("Bo")).value(), true);
    QCOMPARE((*db)->valueExists("owner", "name", Value::text("bo")).value(), false);
    QCOMPARE((*db)->valueExists("owner", "city", Value::null()).value(), true);
    QCOMPARE((*db)->valueExists("owner", "id", Value::integer(3)).value(), true);
    QCOMPARE((*db)->valueExists("owner", "id", Value::text("3")).value(), true);  // integer affinity
    QCOMPARE((*db)->valueExists("owner", "id", Value::integer(4)).value(), false);
    QCOMPARE((*db)->valueExists("pet", "weight", Value::real(4.0)).value(), true);
    QCOMPARE((*db)->valueExists("pet", "photo", Value::blob(std::string("\x00\xff", 2))).value(), true);
    QVERIFY(!(*db)->valueExists("owner", "nam", Value::text("Bo")).ok());
    // A value with quotes is bound, not spliced into SQL.
    QCOMPARE((*db)->valueExists("owner", "name", Value::text("x' OR '1'='1")).value(), false);
  }
};

QTEST_GUILESS_MAIN(TestDbSchema)
#include "test_db_schema.moc"
