// Reading a user database leaves nothing next to it: WAL-mode files (clean, in use by another
// program, or with a -wal, or a -wal and a -shm, left by a crash; small or large) are read with the
// folder and the files byte-identical afterwards (same mtime too), and a hot rollback journal is
// reported as such (not as "WAL mode").
#include <QtTest>

#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

#include "db_test_util.h"
#include "engine/db/database.h"
#include "support/temp_copy.h"

namespace fs = std::filesystem;

namespace {

// The value of "SELECT count(*) FROM t" read through hs::db, -1 on error.
long long countRows(const QString& path, std::string* error = nullptr) {
  auto db = hs::db::Database::openReadOnly(path.toStdString());
  if (!db) {
    if (error) *error = db.error().code + ": " + db.error().message;
    return -1;
  }
  auto r = db.value()->query("SELECT count(*) FROM t");
  if (!r) {
    if (error) *error = r.error().code + ": " + r.error().message;
    return -1;
  }
  return r->rows.at(0).at(0).i;
}

QByteArray folderState(const QString& dir) {
  QByteArray out;
  for (const QString& name : hs::test::entries(dir))
    out += name.toUtf8() + ":" + hs::test::fileSha256(QDir(dir).filePath(name)) + "\n";
  return out;
}

// Bytes (SHA-256), size and modification time (ns) of the database and its -wal and -shm.
QByteArray filesState(const QString& path, bool hashMain = true) {
  QByteArray out;
  for (const char* suffix : {"", "-wal", "-shm"}) {
    const QString file = path + suffix;
    struct stat st {};
    if (::stat(file.toUtf8().constData(), &st) != 0) {
      out += QByteArray(suffix) + ": none\n";
      continue;
    }
    out += QByteArray(suffix) + ": " + QByteArray::number(static_cast<qint64>(st.st_size)) + " " +
           QByteArray::number(static_cast<qint64>(st.st_mtim.tv_sec)) + "." +
           QByteArray::number(static_cast<qint64>(st.st_mtim.tv_nsec)) + " " +
           (hashMain || *suffix ? hs::test::fileSha256(file) : QByteArray("-")) + "\n";
  }
  return out;
}

// Copies `origin` and its -wal and -shm to `path` while a writer holds `origin` open with
// committed rows only in the -wal: what a crash of that writer leaves.
bool copyCrashedWal(const QString& origin, const QString& path) {
  sqlite3* writer = nullptr;
  bool copied = sqlite3_open(origin.toUtf8().constData(), &writer) == SQLITE_OK &&
                sqlite3_exec(writer, "PRAGMA wal_autocheckpoint = 0; INSERT INTO t VALUES (2), (3)", nullptr,
                             nullptr, nullptr) == SQLITE_OK;
  for (const char* suffix : {"", "-wal", "-shm"})
    copied = copied && QFile::copy(origin + suffix, path + suffix);
  sqlite3_close(writer);
  return copied;
}

}  // namespace

class TestDbWal : public QObject {
  Q_OBJECT
 private slots:
  void cleanWalDatabaseLeavesNoFiles() {
    QTemporaryDir dir;
    const QString path = dir.filePath("wal.sqlite");
    QCOMPARE(hs::test::execOnFile(path,
                                  "PRAGMA journal_mode = WAL; CREATE TABLE t(a);"
                                  "INSERT INTO t VALUES (1), (2), (3);"),
             std::string());
    QCOMPARE(hs::test::entries(dir.path()), QStringList{"wal.sqlite"});
    const QByteArray before = folderState(dir.path());
    std::string error;
    QCOMPARE(countRows(path, &error), 3LL);
    QCOMPARE(folderState(dir.path()), before);  // no -wal, no -shm, same bytes
  }

  void walInUseByAnotherProgramIsReadFromACopy() {
    QTemporaryDir dir;
    const QString path = dir.filePath("busy.sqlite");
    QCOMPARE(
        hs::test::execOnFile(path, "PRAGMA journal_mode = WAL; CREATE TABLE t(a); INSERT INTO t VALUES (1);"),
        std::string());
    sqlite3* writer = nullptr;
    QCOMPARE(sqlite3_open(path.toUtf8().constData(), &writer), SQLITE_OK);
    QCOMPARE(sqlite3_exec(writer, "INSERT INTO t VALUES (2), (3), (4)", nullptr, nullptr, nullptr),
             SQLITE_OK);
    QVERIFY(fs::exists(path.toStdString() + "-wal") && fs::exists(path.toStdString() + "-shm"));
    const QStringList files = hs::test::entries(dir.path());
    const QByteArray before = filesState(path);
    QCOMPARE(countRows(path), 4LL);  // sees the committed rows still in the -wal
    QCOMPARE(hs::test::entries(dir.path()), files);
    QCOMPARE(filesState(path), before);
    sqlite3_close(writer);
  }

  void walLeftByACrashIsReadFromAPrivateCopy() {
    QTemporaryDir src;
    QTemporaryDir dir;
    const QString origin = src.filePath("c.sqlite");
    QCOMPARE(hs::test::execOnFile(origin,
                                  "PRAGMA journal_mode = WAL; CREATE TABLE t(a); INSERT INTO t VALUES (1);"),
             std::string());
    sqlite3* writer = nullptr;
    QCOMPARE(sqlite3_open(origin.toUtf8().constData(), &writer), SQLITE_OK);
    QCOMPARE(sqlite3_exec(writer, "PRAGMA wal_autocheckpoint = 0; INSERT INTO t VALUES (2), (3)", nullptr,
                          nullptr, nullptr),
             SQLITE_OK);
    // What a crash leaves: the database and its -wal, no -shm.
    const QString path = dir.filePath("c.sqlite");
    QVERIFY(QFile::copy(origin, path));
    QVERIFY(QFile::copy(origin + "-wal", path + "-wal"));
    sqlite3_close(writer);
    const QByteArray before = folderState(dir.path());
    std::string error;
    QCOMPARE(countRows(path, &error), 3LL);
    QCOMPARE(folderState(dir.path()), before);
  }

  void walAndShmLeftByACrashStayByteIdentical() {
    QTemporaryDir src;
    QTemporaryDir dir;
    const QString origin = src.filePath("c.sqlite");
    QCOMPARE(hs::test::execOnFile(origin,
                                  "PRAGMA journal_mode = WAL; CREATE TABLE t(a); INSERT INTO t VALUES (1);"),
             std::string());
    const QString path = dir.filePath("c.sqlite");
    QVERIFY(copyCrashedWal(origin, path));
    QVERIFY(QFile::exists(path + "-wal") && QFile::exists(path + "-shm"));
    const QByteArray before = filesState(path);
    const QByteArray folder = folderState(dir.path());
    ::usleep(20000);  // a rewrite now would get a later mtime
    for (int read = 0; read < 2; ++read) {
      std::string error;
      QCOMPARE(countRows(path, &error), 3LL);  // the rows committed in the -wal are seen
      QCOMPARE(filesState(path), before);
      QCOMPARE(folderState(dir.path()), folder);
    }
  }

  void largeWalDatabaseWithWalAndShmIsReadInPlaceUntouched() {
    QTemporaryDir src;
    QTemporaryDir dir;
    const QString origin = src.filePath("big.sqlite");
    QCOMPARE(hs::test::execOnFile(origin,
                                  "PRAGMA journal_mode = WAL; CREATE TABLE t(a); INSERT INTO t VALUES (1);"),
             std::string());
    const QString path = dir.filePath("big.sqlite");
    QVERIFY(copyCrashedWal(origin, path));
    // Past the snapshot size (a sparse tail: SQLite reads the size from the header and the -wal).
    QVERIFY(::truncate(path.toUtf8().constData(), (512LL << 20) + 4096) == 0);
    const QByteArray before = filesState(path, false);
    ::usleep(20000);
    std::string error;
    QCOMPARE(countRows(path, &error), 3LL);
    QCOMPARE(filesState(path, false), before);
    QCOMPARE(hs::test::entries(dir.path()), (QStringList{"big.sqlite", "big.sqlite-shm", "big.sqlite-wal"}));
  }

  void hotJournalIsNamed() {
    QTemporaryDir src;
    QTemporaryDir dir;
    const QString origin = src.filePath("h.sqlite");
    QCOMPARE(hs::test::execOnFile(origin, "CREATE TABLE t(a); INSERT INTO t VALUES (1);"), std::string());
    sqlite3* writer = nullptr;
    QCOMPARE(sqlite3_open(origin.toUtf8().constData(), &writer), SQLITE_OK);
    // A write in the middle of its transaction, spilled to the file: copying the pair gives what a
    // crash leaves (a hot journal).
    QCOMPARE(
        sqlite3_exec(writer,
                     "PRAGMA cache_size = 1; BEGIN; WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 "
                     "FROM n WHERE i < 3000) INSERT INTO t SELECT randomblob(200) FROM n;",
                     nullptr, nullptr, nullptr),
        SQLITE_OK);
    QVERIFY(QFile::exists(origin + "-journal"));
    const QString path = dir.filePath("h.sqlite");
    QVERIFY(QFile::copy(origin, path));
    QVERIFY(QFile::copy(origin + "-journal", path + "-journal"));
    sqlite3_exec(writer, "ROLLBACK", nullptr, nullptr, nullptr);
    sqlite3_close(writer);
    const QByteArray before = folderState(dir.path());
    auto db = hs::db::Database::openReadOnly(path.toStdString());
    std::string message;
    if (db) {
      auto r = db.value()->query("SELECT count(*) FROM t");
      QVERIFY(!r.ok());
      message = r.error().code + ": " + r.error().message;
    } else {
      message = db.error().code + ": " + db.error().message;
    }
    QVERIFY2(message.find("hot journal") != std::string::npos, message.c_str());
    QVERIFY2(message.find("WAL") == std::string::npos, message.c_str());
    QCOMPARE(folderState(dir.path()), before);
  }
};

QTEST_GUILESS_MAIN(TestDbWal)
#include "test_db_wal.moc"
