// Opening databases: bad input gives a clear error naming the file, odd paths work, opening and
// introspecting never changes the file.
#include <sys/wait.h>
#include <unistd.h>

#include <QTemporaryDir>
#include <QtTest>

#include <chrono>
#include <memory>
#include <string>

#include "db_test_util.h"
#include "engine/db/database.h"
#include "support/shared_data.h"
#include "support/temp_copy.h"

using hs::db::Database;

class TestDbOpen : public QObject {
  Q_OBJECT

  QTemporaryDir tmp_;

  void expectOpenError(const QString& path, const std::string& code, const std::string& mentions) {
    auto db = Database::openReadOnly(path.toStdString());
    QVERIFY2(!db.ok(), qPrintable("opened: " + path));
    const hs::Error& e = db.error();
    QCOMPARE(e.kind, hs::ErrorKind::BadInput);
    QVERIFY2(e.code == code, (e.code + ": " + e.message).c_str());
    QCOMPARE(e.where, path.toStdString());
    QVERIFY2(e.message.find(mentions) != std::string::npos, e.message.c_str());
  }

  void writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(f.write(bytes), bytes.size());
  }

 private slots:
  void initTestCase() { QVERIFY(tmp_.isValid()); }

  void missingFile() {
    expectOpenError(tmp_.filePath("nope.sqlite"), "not_found", "no such database file");
    expectOpenError(tmp_.filePath("no_dir/nope.sqlite"), "not_found", "no such database file");
    expectOpenError("", "not_found", "no database path");
    QVERIFY(!QFile::exists(tmp_.filePath("nope.sqlite")));  // never created
  }

  void directory() {
    QDir(tmp_.path()).mkpath("adir");
    expectOpenError(tmp_.filePath("adir"), "is_directory", "directory");
  }

  void nonSqliteFiles() {
    QString small = tmp_.filePath("notes.txt");
    writeFile(small, "just some text, not a database\n");
    expectOpenError(small, "not_a_database", "not a database");
    QString big = tmp_.filePath("big.csv");
    writeFile(big, QByteArray("id,name\n").repeated(2000));
    QByteArray before = hs::test::fileSha256(big);
    expectOpenError(big, "not_a_database", "not a database");
    QCOMPARE(hs::test::fileSha256(big), before);
  }

  void unreadableFile() {
    // A readable folder with an unreadable file, and a file inside a folder that cannot be entered.
    QString openDir = tmp_.filePath("open_dir");
    QString closedDir = tmp_.filePath("closed_dir");
    QVERIFY(QDir().mkpath(openDir) && QDir().mkpath(closedDir));
    QString secret = QDir(openDir).filePath("secret.sqlite");
    QString hidden = QDir(closedDir).filePath("hidden.sqlite");
    QCOMPARE(hs::test::createSampleDb(secret), std::string());
    QCOMPARE(hs::test::createSampleDb(hidden), std::string());
    QFile::setPermissions(tmp_.path(),
                          QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ExeOther);
    QFile::setPermissions(
        openDir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadOther | QFile::ExeOther);
    QVERIFY(QFile::setPermissions(secret, QFileDevice::Permissions()));
    QVERIFY(QFile::setPermissions(closedDir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    if (geteuid() != 0) {
      expectOpenError(secret, "permission", "permission denied");
      expectOpenError(hidden, "permission", "permission denied");
    } else {
      // Root reads everything: check as an unprivileged user in a child process.
      pid_t pid = fork();
      QVERIFY(pid >= 0);
      if (pid == 0) {
        if (setgid(65534) != 0 || setuid(65534) != 0) _exit(3);
        int bad = 0;
        for (const QString& p : {secret, hidden}) {
          auto db = Database::openReadOnly(p.toStdString());
          if (db.ok() || db.error().code != "permission" || db.error().where != p.toStdString() ||
              db.error().message.find("permission denied") == std::string::npos) {
            ++bad;
          }
        }
        _exit(bad == 0 ? 0 : 1);
      }
      int status = 0;
      QCOMPARE(waitpid(pid, &status, 0), pid);
      QVERIFY(WIFEXITED(status));
      if (WEXITSTATUS(status) == 3)
        QSKIP("cannot switch to an unprivileged user (uid 65534) to test permissions");
      QCOMPARE(WEXITSTATUS(status), 0);
    }
    QFile::setPermissions(secret, QFile::ReadOwner | QFile::WriteOwner);
    QFile::setPermissions(closedDir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
  }

  void lockedDatabase() {
    QString path = tmp_.filePath("locked.sqlite");
    QCOMPARE(hs::test::createSampleDb(path), std::string());
    sqlite3* writer = nullptr;
    QCOMPARE(sqlite3_open(path.toStdString().c_str(), &writer), SQLITE_OK);
    QCOMPARE(sqlite3_exec(writer, "BEGIN EXCLUSIVE; INSERT INTO owner(name) VALUES ('Dee');", nullptr,
                          nullptr, nullptr),
             SQLITE_OK);
    auto start = std::chrono::steady_clock::now();
    expectOpenError(path, "locked", "locked");
    auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    QVERIFY2(ms < 5000, qPrintable(QString("waited %1 ms").arg(ms)));
    QCOMPARE(sqlite3_exec(writer, "COMMIT", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(writer);
    auto db = Database::openReadOnly(path.toStdString());
    QVERIFY(db.ok());
    auto r = (*db)->query("SELECT count(*) FROM owner");
    QVERIFY(r.ok());
    QCOMPARE(r->rows[0][0], hs::db::Value::integer(4));
  }

  void corruptDatabase() {
    // Page 1 (the schema's B-tree) damaged: fails at open.
    QString path = tmp_.filePath("corrupt1.sqlite");
    QCOMPARE(hs::test::createSampleDb(path), std::string());
    {
      QFile f(path);
      QVERIFY(f.open(QIODevice::ReadWrite));
      QVERIFY(f.seek(100));
      f.write(QByteArray(200, '\xee'));
    }
    expectOpenError(path, "corrupt", "malformed");

    // A data page damaged: opens, the query that reads it fails with a clear error.
    QString path2 = tmp_.filePath("corrupt2.sqlite");
    QCOMPARE(
        hs::test::execOnFile(path2,
                             "PRAGMA page_size = 1024; CREATE TABLE big(x INTEGER PRIMARY KEY, pad TEXT);"
                             "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 2000) "
                             "INSERT INTO big SELECT x, printf('%.50c', 'p') FROM c;"),
        std::string());
    {
      QFile f(path2);
      QVERIFY(f.open(QIODevice::ReadWrite));
      QVERIFY(f.size() > 20 * 1024);
      QVERIFY(f.seek(10 * 1024));  // page 11: inside the table's B-tree
      f.write(QByteArray(1024, '\xee'));
    }
    auto db = Database::openReadOnly(path2.toStdString());
    QVERIFY2(db.ok(), db.ok() ? "" : db.error().describe().c_str());
    auto r = (*db)->query("SELECT sum(length(pad)) FROM big");
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, std::string("corrupt"));
    QCOMPARE(r.error().where, path2.toStdString());
  }

  void emptyFileIsAnEmptyDatabase() {
    QString path = tmp_.filePath("empty.sqlite");
    writeFile(path, QByteArray());
    auto db = Database::openReadOnly(path.toStdString());
    QVERIFY(db.ok());
    auto s = (*db)->schema();
    QVERIFY(s.ok());
    QVERIFY(s->tables.empty());
    QCOMPARE(QFileInfo(path).size(), qint64{0});
  }

  void oddPaths() {
    const char* names[] = {"with space.sqlite", "question?mark.sqlite", "hash#tag.sqlite",
                           "per%20cent.sqlite", "ünïcödé 数据.sqlite",  "semi;colon&amp=.sqlite"};
    for (const char* name : names) {
      QString dir = tmp_.filePath(QString("odd dir?#/") + QString::fromUtf8(name).left(4));
      QVERIFY(QDir().mkpath(dir));
      QString path = QDir(dir).filePath(QString::fromUtf8(name));
      QCOMPARE(hs::test::createSampleDb(path), std::string());
      auto db = Database::openReadOnly(path.toStdString());
      QVERIFY2(db.ok(), db.ok() ? "" : db.error().describe().c_str());
      QCOMPARE((*db)->path(), path.toStdString());
      auto r = (*db)->query("SELECT count(*) FROM pet");
      QVERIFY(r.ok());
      QCOMPARE(r->rows[0][0], hs::db::Value::integer(4));
      QCOMPARE(hs::test::entries(dir), QStringList{QString::fromUtf8(name)});  // nothing else created
    }
    // A path that only differs by what follows '?' must not open a different file.
    QString real = tmp_.filePath("real.sqlite");
    QCOMPARE(hs::test::createSampleDb(real), std::string());
    auto db = Database::openReadOnly(real.toStdString() + "?mode=rw");
    QVERIFY(!db.ok());
    QCOMPARE(db.error().code, std::string("not_found"));
  }

  void openingNeverWrites() {
    HS_REQUIRE_SHARED_DATA();
    QString path = hs::test::copyInto(tmp_.path(), hs::test::spiderDb("world_1"));
    QVERIFY(!path.isEmpty());
    QByteArray before = hs::test::fileSha256(path);
    QStringList filesBefore = hs::test::entries(tmp_.path());
    {
      auto db = Database::openReadOnly(path.toStdString());
      QVERIFY(db.ok());
      QVERIFY((*db)->schema().ok());
      QVERIFY((*db)->query("SELECT * FROM city ORDER BY Population DESC LIMIT 5").ok());
      QVERIFY((*db)->sampleValues("country", "Continent", 5).ok());
    }
    QCOMPARE(hs::test::fileSha256(path), before);
    QCOMPARE(hs::test::entries(tmp_.path()), filesBefore);
  }
};

QTEST_GUILESS_MAIN(TestDbOpen)
#include "test_db_open.moc"
