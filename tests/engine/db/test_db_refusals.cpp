// Every statement class that could change a database is refused before it runs, with a clear
// error naming what was refused, and the file is byte-identical afterwards (a Spider database
// copy and a database built here).
#include <QTemporaryDir>
#include <QtTest>

#include <memory>
#include <string>

#include "db_test_util.h"
#include "engine/db/database.h"
#include "support/shared_data.h"
#include "support/temp_copy.h"

using hs::db::Database;

class TestDbRefusals : public QObject {
  Q_OBJECT

 private:
  // Runs every refused statement against `path` (a table `table` must exist) and checks the
  // refusal, then that the file and its directory are untouched and still readable.
  void checkAllRefused(const QString& path, const QString& table) {
    QString dir = QFileInfo(path).absolutePath();
    QByteArray before = hs::test::fileSha256(path);
    QVERIFY(!before.isEmpty());
    QStringList filesBefore = hs::test::entries(dir);

    auto db = Database::openReadOnly(path.toStdString());
    QVERIFY2(db.ok(), db.ok() ? "" : db.error().describe().c_str());
    auto count = (*db)->query("SELECT count(*) FROM " + table.toStdString());
    QVERIFY(count.ok());

    const std::string t = table.toStdString();
    const std::string other = QDir(dir).filePath("other.db").toStdString();
    const std::string vacuumTarget = QDir(dir).filePath("vacuum_copy.db").toStdString();
    struct Case {
      std::string sql;
      std::string mentions;  // the error message must name what was refused
    };
    const std::vector<Case> cases = {
        {"DELETE FROM " + t, "DELETE"},
        {"delete from " + t + " where 1 = 1", "DELETE"},
        {"UPDATE " + t + " SET rowid = rowid + 1", "UPDATE"},
        {"INSERT INTO " + t + " DEFAULT VALUES", "INSERT"},
        {"INSERT INTO " + t + " SELECT * FROM " + t, "INSERT"},
        {"REPLACE INTO " + t + " SELECT * FROM " + t, "INSERT"},
        {"WITH x AS (SELECT 1) DELETE FROM " + t, "DELETE"},
        {"DROP TABLE " + t, "DROP TABLE"},
        {"DROP TABLE IF EXISTS no_such_table", "DROP"},
        {"DROP VIEW IF EXISTS v", "DROP"},
        {"DROP INDEX IF EXISTS i", "DROP"},
        {"CREATE TABLE z(a)", "CREATE TABLE"},
        {"CREATE TEMP TABLE z(a)", "CREATE TEMP TABLE"},
        {"CREATE TABLE z AS SELECT * FROM " + t, "CREATE TABLE"},
        {"CREATE INDEX z ON " + t + "(rowid)", "CREATE INDEX"},
        {"CREATE VIEW z AS SELECT 1", "CREATE VIEW"},
        {"CREATE TRIGGER z AFTER DELETE ON " + t + " BEGIN SELECT 1; END", "CREATE TRIGGER"},
        {"CREATE VIRTUAL TABLE z USING fts5(a)", "CREATE VIRTUAL TABLE"},
        {"ALTER TABLE " + t + " RENAME TO z", "ALTER TABLE"},
        {"ALTER TABLE " + t + " ADD COLUMN z INTEGER", "ALTER TABLE"},
        {"ATTACH DATABASE '" + other + "' AS o", "ATTACH"},
        {"DETACH DATABASE main", "DETACH"},
        {"VACUUM", "VACUUM"},
        {"VACUUM INTO '" + vacuumTarget + "'", "VACUUM"},
        {"PRAGMA user_version = 7", "PRAGMA user_version"},
        {"PRAGMA journal_mode = WAL", "PRAGMA journal_mode"},
        {"PRAGMA journal_mode", "PRAGMA journal_mode"},
        {"PRAGMA query_only = 0", "PRAGMA query_only"},
        {"PRAGMA writable_schema = ON", "PRAGMA writable_schema"},
        {"PRAGMA main.application_id = 3", "PRAGMA application_id"},
        {"PRAGMA optimize", "PRAGMA optimize"},
        {"SELECT load_extension('libm.so.6')", "load_extension"},
        {"SELECT fts3_tokenizer('simple')", "fts3_tokenizer"},
        {"REINDEX", "REINDEX"},
        {"ANALYZE", "ANALYZE"},
        {"BEGIN", "BEGIN"},
        {"BEGIN IMMEDIATE", "BEGIN"},
        {"BEGIN EXCLUSIVE TRANSACTION", "BEGIN"},
        {"COMMIT", "COMMIT"},
        {"END", "COMMIT"},
        {"ROLLBACK", "ROLLBACK"},
        {"SAVEPOINT s1", "SAVEPOINT s1"},
        {"RELEASE s1", "RELEASE SAVEPOINT s1"},
        {"ROLLBACK TO s1", "ROLLBACK"},
        {"UPDATE sqlite_master SET sql = ''", "UPDATE"},
        {"EXPLAIN DELETE FROM " + t, "DELETE"},
        {"SELECT 1; DELETE FROM " + t, "second statement"},
        {"SELECT 1; SELECT 2", "second statement"},
    };
    for (const Case& c : cases) {
      for (int viaCursor = 0; viaCursor < 2; ++viaCursor) {
        hs::Error err;
        if (viaCursor) {
          auto cur = (*db)->openCursor(c.sql);
          QVERIFY2(!cur.ok(), ("not refused (cursor): " + c.sql).c_str());
          err = cur.error();
        } else {
          auto r = (*db)->query(c.sql);
          QVERIFY2(!r.ok(), ("not refused: " + c.sql).c_str());
          err = r.error();
        }
        QVERIFY2(err.kind == hs::ErrorKind::BadInput, c.sql.c_str());
        QVERIFY2(err.code == "refused", (c.sql + " -> code " + err.code + ": " + err.message).c_str());
        QVERIFY2(err.message.find(c.mentions) != std::string::npos,
                 (c.sql + " -> message lacks '" + c.mentions + "': " + err.message).c_str());
        QVERIFY2(err.offset.has_value(), c.sql.c_str());
      }
    }
    // The connection still works, the data is unchanged.
    auto again = (*db)->query("SELECT count(*) FROM " + t);
    QVERIFY(again.ok());
    QCOMPARE(again->rows, count->rows);
    db->reset();

    QCOMPARE(hs::test::fileSha256(path), before);
    QCOMPARE(hs::test::entries(dir), filesBefore);  // no journal, no VACUUM INTO or ATTACH target
    QVERIFY(!QFile::exists(QString::fromStdString(vacuumTarget)));
    QVERIFY(!QFile::exists(QString::fromStdString(other)));
  }

 private slots:
  void refusedOnCreatedDatabase() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    QString path = tmp.filePath("pets.sqlite");
    QCOMPARE(hs::test::createSampleDb(path), std::string());
    checkAllRefused(path, "pet");
  }

  void refusedOnSpiderCopy() {
    HS_REQUIRE_SHARED_DATA();
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    QString path = hs::test::copyInto(tmp.path(), hs::test::spiderDb("concert_singer"));
    QVERIFY(!path.isEmpty());
    checkAllRefused(path, "singer");
  }

  void readQueriesRun() {
    QTemporaryDir tmp;
    QString path = tmp.filePath("pets.sqlite");
    QCOMPARE(hs::test::createSampleDb(path), std::string());
    QByteArray before = hs::test::fileSha256(path);
    auto db = Database::openReadOnly(path.toStdString());
    QVERIFY(db.ok());
    const char* allowed[] = {
        "SELECT * FROM pet",
        "  -- leading comment\n SELECT kind, count(*) FROM pet GROUP BY kind;  /* trailing */ ;",
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 10) SELECT sum(x) FROM c",
        "VALUES (1, 'a'), (2, 'b')",
        "SELECT * FROM heavy",
        "PRAGMA table_info(pet)",
        "PRAGMA foreign_key_list(pet)",
        "PRAGMA index_list(pet)",
        "PRAGMA user_version",
        "SELECT * FROM pragma_table_info('owner')",
        "SELECT value FROM json_each('[1,2,3]')",
        "EXPLAIN QUERY PLAN SELECT * FROM pet WHERE kind = 'dog'",
        "SELECT name FROM sqlite_schema",
        ("SELECT upper(name), length(photo), typeof(weight), abs(-1), printf('%d', 3) FROM pet JOIN owner ON "
         "id = owner_id"),
    };
    for (const char* sql : allowed) {
      auto r = (*db)->query(sql);
      QVERIFY2(r.ok(), (std::string(sql) + " -> " + (r.ok() ? "" : r.error().describe())).c_str());
    }
    db->reset();
    QCOMPARE(hs::test::fileSha256(path), before);
  }

  void readsAreRecorded() {
    QTemporaryDir tmp;
    QString path = tmp.filePath("pets.sqlite");
    QCOMPARE(hs::test::createSampleDb(path), std::string());
    auto db = Database::openReadOnly(path.toStdString());
    QVERIFY(db.ok());
    // Aliases resolve to the real tables; a view resolves to its base table.
    auto r = (*db)->query(
        "SELECT o.name AS who FROM owner AS o JOIN pet AS p ON p.owner_id = o.id WHERE p.kind = 'dog'");
    QVERIFY(r.ok());
    std::vector<hs::db::ColumnRead> expected = {
        {"owner", "name"}, {"pet", "owner_id"}, {"owner", "id"}, {"pet", "kind"}};
    for (const auto& e : expected) {
      QVERIFY2(std::find(r->reads.begin(), r->reads.end(), e) != r->reads.end(),
               (e.table + "." + e.column).c_str());
    }
    QCOMPARE(r->reads.size(), expected.size());
    QCOMPARE(r->columns, std::vector<std::string>{"who"});

    auto v = (*db)->query("SELECT pet_id FROM heavy");
    QVERIFY(v.ok());
    QVERIFY(std::find(v->reads.begin(), v->reads.end(), hs::db::ColumnRead{"pet", "weight"}) !=
            v->reads.end());
    // Each statement records only its own reads.
    auto n = (*db)->query("SELECT 1");
    QVERIFY(n.ok());
    QVERIFY(n->reads.empty());
  }
};

QTEST_GUILESS_MAIN(TestDbRefusals)
#include "test_db_refusals.moc"
