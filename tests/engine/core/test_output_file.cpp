// Output files (engine/core/output_file.h): what they refuse to replace, and that a failed or
// abandoned write leaves the old file and no temporary behind.
#include <QtTest>

#include <signal.h>
#include <sqlite3.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <iterator>
#include <string>

#include "engine/core/output_file.h"

namespace {

std::string readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void writeText(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

std::string makeDatabase(const QTemporaryDir& dir, const char* name) {
  const std::string path = dir.filePath(name).toStdString();
  sqlite3* db = nullptr;
  sqlite3_open(path.c_str(), &db);
  sqlite3_exec(db, "CREATE TABLE t(x); INSERT INTO t VALUES (1);", nullptr, nullptr, nullptr);
  sqlite3_close(db);
  return path;
}

int fileCount(const QTemporaryDir& dir) {
  return static_cast<int>(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::System).size());
}

mode_t modeOf(const std::string& path) {
  struct stat st {};
  ::stat(path.c_str(), &st);
  return st.st_mode & 0777;
}

}  // namespace

class TestOutputFile : public QObject {
  Q_OBJECT

 private slots:
  void refusesAnInputByInodeThroughLinks() {
    QTemporaryDir dir;
    const std::string cases = dir.filePath("cases.jsonl").toStdString();
    writeText(cases, "{}\n");
    const std::string symlink = dir.filePath("link.jsonl").toStdString();
    const std::string hardlink = dir.filePath("hard.jsonl").toStdString();
    QCOMPARE(::symlink(cases.c_str(), symlink.c_str()), 0);
    QCOMPARE(::link(cases.c_str(), hardlink.c_str()), 0);
    for (const std::string& out : {cases, symlink, hardlink}) {
      auto st = hs::checkOutputTarget(out, {{cases, "--cases"}}, "--out");
      QVERIFY2(!st.ok(), out.c_str());
      QCOMPARE(st.error().code, std::string("output_is_input"));
      QVERIFY(st.error().message.find("--cases") != std::string::npos);
      QCOMPARE(st.error().where, out);
    }
    // An input given through a link protects the file it points at.
    QVERIFY(!hs::checkOutputTarget(cases, {{symlink, "--cases"}}).ok());
    QVERIFY(hs::checkOutputTarget(dir.filePath("new.jsonl").toStdString(), {{cases, "--cases"}}).ok());
    QVERIFY(hs::checkOutputTarget(cases, {{dir.filePath("missing").toStdString(), "--pred"}}).ok());
  }

  void refusesDatabasesTheirSidecarsAndFolders() {
    QTemporaryDir dir;
    const std::string db = makeDatabase(dir, "user.sqlite");
    auto st = hs::checkOutputTarget(db, {});
    QVERIFY(!st.ok());
    QCOMPARE(st.error().code, std::string("output_is_database"));
    // "-wal" beside a database would be read as its write-ahead log, existing or not.
    QVERIFY(!hs::checkOutputTarget(db + "-wal", {}).ok());
    QVERIFY(!hs::checkOutputTarget(db + "-journal", {}).ok());
    writeText(db + "-shm", std::string(64, '\0'));
    QVERIFY(!hs::checkOutputTarget(db + "-shm", {}).ok());
    QVERIFY(!hs::checkOutputTarget(dir.path().toStdString(), {}).ok());
    const std::string text = dir.filePath("report.html").toStdString();
    writeText(text, "<p>old</p>");
    QVERIFY(hs::checkOutputTarget(text, {}).ok());
    // OutputFile itself refuses a database even when nobody checked the target first.
    QVERIFY(!hs::OutputFile::create(db).ok());
    QCOMPARE(readAll(db).substr(0, 15), std::string("SQLite format 3"));
  }

  void commitReplacesAndAbandonKeepsTheOldFile() {
    QTemporaryDir dir;
    const std::string out = dir.filePath("out.jsonl").toStdString();
    writeText(out, "old\n");
    {
      auto file = hs::OutputFile::create(out);
      QVERIFY(file.ok());
      file->stream() << "half";
      // Destroyed without commit(): an error path of a command.
    }
    QCOMPARE(readAll(out), std::string("old\n"));
    QCOMPARE(fileCount(dir), 1);
    auto file = hs::OutputFile::create(out);
    QVERIFY(file.ok());
    file->stream() << "new\n";
    QCOMPARE(readAll(out), std::string("old\n"));  // not in place before commit()
    QVERIFY(file->commit().ok());
    QCOMPARE(readAll(out), std::string("new\n"));
    QCOMPARE(fileCount(dir), 1);
  }

  void newFilesArePrivateAndOldModesKept() {
    QTemporaryDir dir;
    const std::string fresh = dir.filePath("fresh.html").toStdString();
    QVERIFY(hs::writeOutputFile(fresh, "x").ok());
    QCOMPARE(modeOf(fresh), mode_t{0600});
    const std::string shared = dir.filePath("shared.html").toStdString();
    writeText(shared, "old");
    ::chmod(shared.c_str(), 0644);
    QVERIFY(hs::writeOutputFile(shared, "new").ok());
    QCOMPARE(modeOf(shared), mode_t{0644});
  }

  void aFailedWriteKeepsTheOldFile() {
    // A file size limit makes write() fail like a full disk does (EFBIG instead of ENOSPC).
    QTemporaryDir dir;
    const std::string out = dir.filePath("report.csv").toStdString();
    writeText(out, "the old report\n");
    struct rlimit old {};
    ::getrlimit(RLIMIT_FSIZE, &old);
    auto oldHandler = ::signal(SIGXFSZ, SIG_IGN);
    struct rlimit small = old;
    small.rlim_cur = 4096;
    QCOMPARE(::setrlimit(RLIMIT_FSIZE, &small), 0);
    auto st = hs::writeOutputFile(out, std::string(1 << 20, 'x'), "the report file");
    ::setrlimit(RLIMIT_FSIZE, &old);
    ::signal(SIGXFSZ, oldHandler);
    QVERIFY(!st.ok());
    QCOMPARE(st.error().where, out);
    QVERIFY(st.error().message.find("the report file") != std::string::npos);
    QCOMPARE(readAll(out), std::string("the old report\n"));
    QCOMPARE(fileCount(dir), 1);  // no temporary left
  }

  void aMissingFolderIsAClearError() {
    QTemporaryDir dir;
    const std::string out = dir.filePath("no/such/folder/out.jsonl").toStdString();
    auto file = hs::OutputFile::create(out);
    QVERIFY(!file.ok());
    QCOMPARE(file.error().where, out);
    QVERIFY(file.error().message.find("No such file") != std::string::npos);
  }
};

QTEST_GUILESS_MAIN(TestOutputFile)
#include "test_output_file.moc"
