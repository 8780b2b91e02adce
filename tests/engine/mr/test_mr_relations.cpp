// MR relations on real result sets (Spider's concert_singer) and the DSR/DR renamed copies.
#include <QtTest>

#include <sqlite3.h>

#include <filesystem>

#include "engine/db/database.h"
#include "engine/mr/db_transform.h"
#include "engine/mr/relation_check.h"
#include "support/shared_data.h"
#include "support/temp_copy.h"

using hs::mr::Relation;
using hs::mr::Verdict;

namespace {

hs::db::QueryResult run(hs::db::Database& db, const char* sql) {
  auto r = db.query(sql);
  if (!r) qFatal("query failed: %s", r.error().message.c_str());
  return r.value();
}

QString verdict(const hs::mr::RelationCheck& c) {
  return QString::fromStdString(std::string(hs::mr::toString(c.verdict)));
}

// Rows of one table through a plain read-only connection, sorted, as text.
QStringList tableRows(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
  sqlite3_stmt* st = nullptr;
  QStringList rows;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr) == SQLITE_OK) {
    while (sqlite3_step(st) == SQLITE_ROW) {
      QStringList cells;
      for (int i = 0; i < sqlite3_column_count(st); ++i) {
        cells << QString::number(sqlite3_column_type(st, i)) + ":" +
                     QString::fromUtf8(reinterpret_cast<const char*>(sqlite3_column_text(st, i)));
      }
      rows << cells.join('|');
    }
  } else {
    rows << QStringLiteral("PREPARE FAILED: ") + QString::fromUtf8(sqlite3_errmsg(db));
  }
  sqlite3_finalize(st);
  sqlite3_close(db);
  rows.sort();
  return rows;
}

}  // namespace

class TestMrRelations : public QObject {
  Q_OBJECT
 private slots:
  void resultRelationsOnRealRows() {
    HS_REQUIRE_SHARED_DATA();
    auto opened = hs::db::Database::openReadOnly(hs::test::spiderDb("concert_singer"));
    QVERIFY(opened.ok());
    auto& db = *opened.value();
    auto older30 = run(db, "SELECT Name FROM singer WHERE Age > 30");
    auto atLeast30 = run(db, "SELECT Name FROM singer WHERE Age >= 30");
    auto older40 = run(db, "SELECT Name FROM singer WHERE Age > 40");
    QVERIFY(older30.rows.size() > older40.rows.size());  // the data makes the checks meaningful

    // CRE: widening keeps every row; a "widened" query that lost rows violates it.
    QCOMPARE(verdict(hs::mr::checkResults(Relation::Superset, older30, atLeast30)),
             QStringLiteral("satisfied"));
    auto lostRows = hs::mr::checkResults(Relation::Superset, older30, older40);
    QCOMPARE(verdict(lostRows), QStringLiteral("violated"));
    QVERIFY(QString::fromStdString(lostRows.reason).contains("lacks"));
    // CWR: narrowing adds no row.
    QCOMPARE(verdict(hs::mr::checkResults(Relation::Subset, older30, older40)), QStringLiteral("satisfied"));
    QCOMPARE(verdict(hs::mr::checkResults(Relation::Subset, older40, older30)), QStringLiteral("violated"));
    // PI/PR/PS/SROE/CRU: equal, as sets (row order and duplicates do not matter).
    auto sorted = run(db, "SELECT Name FROM singer WHERE Age > 30 ORDER BY Name DESC");
    QCOMPARE(verdict(hs::mr::checkResults(Relation::Equal, older30, sorted)), QStringLiteral("satisfied"));
    QCOMPARE(verdict(hs::mr::checkResults(Relation::Equal, older30, older40)), QStringLiteral("violated"));
    // AROE: the opposite extremum must give another answer.
    auto oldest = run(db, "SELECT Name FROM singer ORDER BY Age DESC LIMIT 1");
    auto youngest = run(db, "SELECT Name FROM singer ORDER BY Age ASC LIMIT 1");
    QCOMPARE(verdict(hs::mr::checkResults(Relation::Different, oldest, youngest)),
             QStringLiteral("satisfied"));
    QCOMPARE(verdict(hs::mr::checkResults(Relation::Different, oldest, oldest)), QStringLiteral("violated"));
    auto none = run(db, "SELECT Name FROM singer WHERE Age > 1000");
    QCOMPARE(verdict(hs::mr::checkResults(Relation::Different, none, none)), QStringLiteral("inapplicable"));
    // Column count changes always violate; truncated results are not judged.
    auto twoCols = run(db, "SELECT Name, Age FROM singer WHERE Age > 30");
    QCOMPARE(verdict(hs::mr::checkResults(Relation::Equal, older30, twoCols)), QStringLiteral("violated"));
    auto truncated = older30;
    truncated.truncated = true;
    QCOMPARE(verdict(hs::mr::checkResults(Relation::Equal, truncated, older30)),
             QStringLiteral("inapplicable"));
    // 1 and 1.0 are the same value, as in BIRD's evaluator.
    auto intOne = run(db, "SELECT 1");
    auto realOne = run(db, "SELECT 1.0");
    QCOMPARE(verdict(hs::mr::checkResults(Relation::Equal, intOne, realOne)), QStringLiteral("satisfied"));
  }

  void linkingRelations() {
    std::set<std::string> src{"singer.Name", "singer.Age"};
    QCOMPARE(verdict(hs::mr::checkLinking(Relation::SameLinking, src, {"SINGER.name", " singer.age "})),
             QStringLiteral("satisfied"));
    auto changed = hs::mr::checkLinking(Relation::SameLinking, src, {"singer.Name", "singer.Country"});
    QCOMPARE(verdict(changed), QStringLiteral("violated"));
    QCOMPARE(QString::fromStdString(changed.reason),
             QStringLiteral("schema linking changed: lost singer.age; added singer.country"));
    QCOMPARE(verdict(hs::mr::checkLinking(Relation::ChangedLinking, src, src)), QStringLiteral("violated"));
    QCOMPARE(verdict(hs::mr::checkLinking(Relation::ChangedLinking, src, {"stadium.Name"})),
             QStringLiteral("satisfied"));
    hs::mr::SchemaMapping m;
    m.addTable("singer", "tbl_singer");
    m.addColumn("singer", "Name", "Name_val");
    m.addColumn("singer", "Age", "Age_val");
    QCOMPARE(verdict(hs::mr::checkLinking(Relation::MappedLinking, src,
                                          {"tbl_singer.name_val", "tbl_singer.age_val"}, &m)),
             QStringLiteral("satisfied"));
    auto unchanged = hs::mr::checkLinking(Relation::MappedLinking, src, src, &m);
    QCOMPARE(verdict(unchanged), QStringLiteral("violated"));
    QCOMPARE(QString::fromStdString(unchanged.reason),
             QStringLiteral("linking names the old schema, not the replaced one"));
    QCOMPARE(verdict(hs::mr::checkLinking(Relation::MappedLinking, src, src, nullptr)),
             QStringLiteral("error"));
    QCOMPARE(verdict(hs::mr::checkLinking(Relation::SameLinking, {}, src)), QStringLiteral("inapplicable"));
  }

  void renamedCopyKeepsEveryRow() {
    HS_REQUIRE_SHARED_DATA();
    QTemporaryDir dir;
    for (const char* dbId : {"concert_singer", "pets_1", "car_1", "world_1"}) {
      const std::string src = hs::test::spiderDb(dbId);
      const QByteArray before = hs::test::fileSha256(QString::fromStdString(src));
      const std::string target = dir.filePath(QString(dbId) + "_dsr.sqlite").toStdString();
      auto copy = hs::mr::writeRenamedCopy(src, target);
      QVERIFY2(copy.ok(), copy.ok() ? "" : copy.error().describe().c_str());
      QCOMPARE(hs::test::fileSha256(QString::fromStdString(src)), before);  // the source is untouched
      QVERIFY(!std::filesystem::exists(target + ".part"));
      auto source = hs::db::Database::openReadOnly(src);
      auto schema = source.value()->schema();
      QVERIFY(schema.ok());
      std::size_t tables = 0;
      for (const auto& t : schema->tables) {
        if (t.isView) continue;
        ++tables;
        std::string cols, mapped;
        for (const auto& c : t.columns) {
          cols += (cols.empty() ? "\"" : ", \"") + c.name + "\"";
          mapped += (mapped.empty() ? "\"" : ", \"") + copy->mapping.column(t.name, c.name) + "\"";
        }
        QCOMPARE(tableRows(target, "SELECT " + mapped + " FROM \"" + copy->mapping.table(t.name) + "\""),
                 tableRows(src, "SELECT " + cols + " FROM \"" + t.name + "\""));
      }
      QCOMPARE(copy->tables, tables);
      // The copy's schema keeps primary and foreign keys under the new names.
      auto renamed = hs::db::Database::openReadOnly(target);
      QVERIFY(renamed.ok());
      auto renamedSchema = renamed.value()->schema();
      QVERIFY(renamedSchema.ok());
      for (const auto& t : schema->tables) {
        if (t.isView) continue;
        const auto* rt = renamedSchema->findTable(copy->mapping.table(t.name));
        QVERIFY(rt);
        QCOMPARE(rt->foreignKeys.size(), t.foreignKeys.size());
        for (std::size_t i = 0; i < t.columns.size(); ++i) {
          QCOMPARE(rt->columns[i].primaryKey, t.columns[i].primaryKey);
          QCOMPARE(rt->columns[i].declaredType, t.columns[i].declaredType);
        }
      }
    }
    // An existing file is never overwritten.
    const std::string existing = dir.filePath("concert_singer_dsr.sqlite").toStdString();
    auto again = hs::mr::writeRenamedCopy(hs::test::spiderDb("concert_singer"), existing);
    QVERIFY(!again.ok());
    QCOMPARE(QString::fromStdString(again.error().code), QStringLiteral("exists"));
    // A missing source gives the database layer's error naming the file.
    auto missing = hs::mr::writeRenamedCopy("/nonexistent/x.sqlite", dir.filePath("y.sqlite").toStdString());
    QVERIFY(!missing.ok());
    QCOMPARE(QString::fromStdString(missing.error().where), QStringLiteral("/nonexistent/x.sqlite"));
    QVERIFY(!std::filesystem::exists(dir.filePath("y.sqlite").toStdString() + ".part"));
  }
};

QTEST_GUILESS_MAIN(TestMrRelations)
#include "test_mr_relations.moc"
