// The bounded built-ins of engine/db (guarded_functions.h), the temporary-file VFS (temp_vfs.h)
// and the refusal of PRAGMAs read through pragma_X() (issue 16):
//  - randomblob, instr, like and glob give what SQLite's own give (compared on a plain connection);
//  - instr and LIKE with huge arguments end at once (SQLite's instr is N*M: these would run for
//    days); a LIKE whose worst case is too long is refused with a clear message;
//  - sorts that spill go to files counted against the memory limit, none left behind;
//  - pragma_hard_heap_limit is refused as what it is, with its position.
#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <cstring>
#include <memory>
#include <string>

#include "db_test_util.h"
#include "engine/core/temp_files.h"
#include "engine/db/database.h"
#include "engine/db/guarded_functions.h"

using hs::db::Database;
using hs::db::Limits;

namespace {

// quote(expr) on a plain SQLite connection: SQLite's own built-ins; "error" when it fails.
std::string plainQuote(sqlite3* db, const std::string& expr) {
  sqlite3_stmt* st = nullptr;
  std::string sql = "SELECT quote(" + expr + ")";
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr) != SQLITE_OK) return "error";
  std::string out = "error";
  if (sqlite3_step(st) == SQLITE_ROW) out = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
  sqlite3_finalize(st);
  return out;
}

}  // namespace

class TestDbFunctions : public QObject {
  Q_OBJECT

  QTemporaryDir tmp_;
  std::string path_;

  std::unique_ptr<Database> open() {
    auto db = Database::openReadOnly(path_);
    if (!db) qFatal("%s", db.error().describe().c_str());
    return std::move(*db);
  }

  std::string guardedQuote(Database& db, const std::string& expr) {
    auto r = db.query("SELECT quote(" + expr + ")");
    if (!r) return "error";
    return r->rows.at(0).at(0).bytes;
  }

 private slots:
  void initTestCase() {
    QVERIFY(tmp_.isValid());
    QString path = tmp_.filePath("t.sqlite");
    QCOMPARE(
        hs::test::execOnFile(path,
                             "CREATE TABLE t(name TEXT); INSERT INTO t VALUES ('anna'), ('Bob'), ('carl');"
                             "CREATE VIEW v AS SELECT instr(name, 'a') AS i, name LIKE 'a%' AS l,"
                             "  name GLOB '*r*' AS g, printf('%5s', name) AS p FROM t;"),
        std::string());
    path_ = path.toStdString();
  }

  void sameResultsAsSqlite() {
    sqlite3* plain = nullptr;
    QCOMPARE(sqlite3_open(":memory:", &plain), SQLITE_OK);
    auto db = open();
    const char* exprs[] = {"instr('héllo wörld', 'l')",
                           "instr('héllo wörld', 'ö')",
                           "instr('abc', '')",
                           "instr('', 'a')",
                           "instr(NULL, 'a')",
                           "instr('a', NULL)",
                           "instr(x'0102030203', x'0203')",
                           "instr(x'616263', 'bc')",
                           "instr('abc', x'63')",
                           "instr(12345, 34)",
                           "instr(1.5, '.')",
                           "instr('aaa', 'aaaa')",
                           "instr('ééé', 'é')",
                           "instr('xéy', 'y')",
                           "instr(x'80c3a9', x'a9')",
                           "instr(x'', x'')",
                           "'ABC' LIKE 'abc'",
                           "'abc' LIKE 'a_c'",
                           "'aéc' LIKE 'a_c'",
                           "'a%c' LIKE 'a\\%c' ESCAPE '\\'",
                           "'abc' LIKE 'a\\%c' ESCAPE '\\'",
                           "'x' LIKE NULL",
                           "NULL LIKE 'x'",
                           "'abc' LIKE '%'",
                           "'' LIKE '%'",
                           "'abc' LIKE 'ab'",
                           "'ab' LIKE 'a%b%'",
                           "'Ä' LIKE 'ä'",
                           "'abc' LIKE 'A%' ESCAPE 'é'",
                           "'aéc' LIKE 'aééc' ESCAPE 'é'",
                           "'abc' LIKE 'a' ESCAPE 'xy'",
                           "'abc' LIKE 'a' ESCAPE NULL",
                           "12 LIKE '1_'",
                           "'abc' GLOB 'a*'",
                           "'abc' GLOB 'A*'",
                           "'abc' GLOB '[a-c]b?'",
                           "'a*c' GLOB 'a[*]c'",
                           "'abc' GLOB '[^b]*'",
                           "'b' GLOB '[]b]'",
                           "'abc' GLOB NULL",
                           "like('a%', 'abc')",
                           "glob('*c', 'abc')",
                           "typeof(randomblob(3))",
                           "length(randomblob(0))",
                           "length(randomblob(-7))",
                           "length(randomblob(5.9))",
                           "length(randomblob('12'))",
                           "length(randomblob(NULL))"};
    for (const char* e : exprs) QCOMPARE(guardedQuote(*db, e), plainQuote(plain, e));
    sqlite3_close(plain);
    // Views of the database may use them (they are innocuous, like the built-ins).
    auto v = db->query("SELECT i, l, g, p FROM v ORDER BY rowid");
    QVERIFY2(v.ok(), v.ok() ? "" : v.error().message.c_str());
    QCOMPARE(v->rows.size(), std::size_t{3});
    QCOMPARE(v->rows[0][0].i, std::int64_t{1});
    QCOMPARE(v->rows[0][1].i, std::int64_t{1});
    QCOMPARE(v->rows[2][2].i, std::int64_t{1});
    QCOMPARE(v->rows[1][3].bytes, std::string("  Bob"));
  }

  // SQLite 3.40's instr compares at every position: 8 MB x 4 MB would take days.
  void instrOnHugeValuesIsLinear() {
    auto db = open();
    auto r = db->query(
        "SELECT instr(hex(zeroblob(4000000)), hex(zeroblob(2000000)) || '1'),"
        " instr(hex(zeroblob(4000000)) || '1', hex(zeroblob(2000000)) || '1')");
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    QCOMPARE(r->rows[0][0].i, std::int64_t{0});
    QCOMPARE(r->rows[0][1].i, std::int64_t{4000001});
  }

  void likeWithATooLongWorstCaseIsRefused() {
    auto db = open();
    auto r = db->query("SELECT hex(zeroblob(4000000)) LIKE '%' || hex(zeroblob(100)) || '1'");
    QVERIFY(!r.ok());
    QVERIFY2(r.error().message.find("LIKE refused") != std::string::npos, r.error().message.c_str());
    QVERIFY2(r.error().message.find("8000000 bytes") != std::string::npos, r.error().message.c_str());
    auto g = db->query("SELECT hex(zeroblob(4000000)) GLOB '*' || hex(zeroblob(100)) || '1'");
    QVERIFY(!g.ok());
    QVERIFY2(g.error().message.find("GLOB refused") != std::string::npos, g.error().message.c_str());
    // A short literal run over the same value is fine.
    auto ok = db->query("SELECT hex(zeroblob(4000000)) LIKE '%01%', hex(zeroblob(4000000)) GLOB '*0'");
    QVERIFY2(ok.ok(), ok.ok() ? "" : ok.error().message.c_str());
    QCOMPARE(ok->rows[0][0].i, std::int64_t{0});
    QCOMPARE(ok->rows[0][1].i, std::int64_t{1});
  }

  void patternWorstCase() {
    using hs::db::detail::patternWorstCase;
    QCOMPARE(patternWorstCase("abc", 1000, '%'), std::int64_t{3});
    QCOMPARE(patternWorstCase("%abc%", 1000, '%'), std::int64_t{3000});
    QCOMPARE(patternWorstCase("ab%c%defg", 100, '%'), std::int64_t{2 + 400});
    QCOMPARE(patternWorstCase("*[*]x*", 10, '*'), std::int64_t{40});
    QCOMPARE(patternWorstCase("%", 0, '%'), std::int64_t{1});
  }

  // The eponymous pragma table runs "PRAGMA hard_heap_limit" when it steps: it used to be
  // reported as "cannot read the database: not authorized".
  void pragmaFunctionIsRefusedAsWhatItIs() {
    auto db = open();
    for (const char* name : {"hard_heap_limit", "soft_heap_limit"}) {
      std::string sql = std::string("SELECT * FROM pragma_") + name;
      auto r = db->query(sql);
      QVERIFY(!r.ok());
      QCOMPARE(r.error().code, std::string("refused"));
      QVERIFY2(r.error().message.find(std::string("PRAGMA ") + name) != std::string::npos,
               r.error().message.c_str());
      QVERIFY2(r.error().message.find(std::string("pragma_") + name + "() at byte 14") != std::string::npos,
               r.error().message.c_str());
      QCOMPARE(r.error().offset.value_or(0), std::size_t{14});
      QCOMPARE(r.error().end.value_or(0), std::size_t{14 + 7 + std::strlen(name)});
    }
    auto plain = db->query("PRAGMA hard_heap_limit");
    QVERIFY(!plain.ok());
    QCOMPARE(plain.error().code, std::string("refused"));
  }

  // Sorts spill to files of the guarded VFS: counted against the memory limit, none left.
  void spilledSortsCountAgainstTheMemoryLimit() {
    auto db = open();
    const std::string sql =
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100000) "
        "SELECT count(*), sum(length(b)) FROM (SELECT x, randomblob(200) AS b FROM c ORDER BY b)";
    Limits limits;
    limits.maxMemoryBytes = 4LL << 20;
    auto r = db->query(sql, limits);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, std::string("memory_limit"));
    auto ok = db->query(sql);
    QVERIFY2(ok.ok(), ok.ok() ? "" : ok.error().message.c_str());
    QCOMPARE(ok->rows[0][0].i, std::int64_t{100000});
    QCOMPARE(ok->rows[0][1].i, std::int64_t{20000000});
    auto dir = hs::privateTempDir();
    QVERIFY(dir.ok());
    QStringList left = QDir(QString::fromStdString(dir.value())).entryList({"sqlite-temp*"}, QDir::Files);
    QVERIFY2(left.isEmpty(), qPrintable(left.join(", ")));
  }
};

QTEST_GUILESS_MAIN(TestDbFunctions)
#include "test_db_functions.moc"
