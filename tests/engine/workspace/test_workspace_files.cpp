// The files of a workspace: a path that is a symbolic link is refused (open, create, Save As, the
// LLM cache) naming the link and its target, with nothing written; new workspaces (create, Save As,
// the demo, the LLM cache) and their -wal/-shm are mode 0600, and an existing file keeps its mode.
#include <QtTest>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "engine/workspace/demo.h"
#include "engine/workspace/llm_calls.h"
#include "engine/workspace/workspace.h"
#include "support/temp_copy.h"

namespace fs = std::filesystem;
using hs::ws::Workspace;

namespace {

int modeOf(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return -1;
  return static_cast<int>(st.st_mode & 07777);
}

// Bytes, size and mtime of `path`, for "left exactly as it was".
QByteArray stateOf(const std::string& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return "none";
  return QByteArray::number(static_cast<qint64>(st.st_size)) + " " +
         QByteArray::number(static_cast<qint64>(st.st_mtim.tv_sec)) + "." +
         QByteArray::number(static_cast<qint64>(st.st_mtim.tv_nsec)) + " " +
         hs::test::fileSha256(QString::fromStdString(path));
}

QStringList entries(const QTemporaryDir& dir) {
  return QDir(dir.path())
      .entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
}

void expectSymlinkError(const hs::Error& e, const std::string& link, const std::string& target) {
  QCOMPARE(e.code, std::string("symlink"));
  QVERIFY2(e.message.find(link) != std::string::npos, e.message.c_str());
  QVERIFY2(e.message.find("symbolic link") != std::string::npos, e.message.c_str());
  QVERIFY2(e.message.find(target) != std::string::npos, e.message.c_str());
}

// Sets the umask for the life of the object (022, the usual one, unless told).
struct Umask {
  mode_t old;
  explicit Umask(mode_t mask = 022) : old(::umask(mask)) {}
  ~Umask() { ::umask(old); }
};

}  // namespace

class TestWorkspaceFiles : public QObject {
  Q_OBJECT
 private slots:
  void symlinkedWorkspaceIsRefusedUntouched() {
    QTemporaryDir dir;
    const std::string real = dir.filePath("real.hallusql").toStdString();
    QVERIFY(Workspace::create(real).ok());
    const std::string link = dir.filePath("link.hallusql").toStdString();
    fs::create_symlink(real, link);
    const QByteArray before = stateOf(real);
    const QStringList files = entries(dir);
    ::usleep(20000);  // a write now would get a later mtime

    auto opened = Workspace::open(link);
    QVERIFY(!opened.ok());
    expectSymlinkError(opened.error(), link, real);
    QCOMPARE(opened.error().where, link);
    auto cache = hs::ws::WorkspaceCallStore::openOrCreate(link);
    QVERIFY(!cache.ok());
    expectSymlinkError(cache.error(), link, real);
    auto created = Workspace::create(link);
    QVERIFY(!created.ok());
    expectSymlinkError(created.error(), link, real);

    // Save As onto the link (even when replacing is allowed) writes neither the link nor its target.
    const std::string other = dir.filePath("other.hallusql").toStdString();
    {
      auto ws = Workspace::create(other);
      QVERIFY(ws.ok());
      QVERIFY(ws->setSetting("k", "v").ok());
      auto saved = ws->saveCopy(link, true);
      QVERIFY(!saved.ok());
      expectSymlinkError(saved.error(), link, real);
    }
    QVERIFY(fs::is_symlink(link));
    QCOMPARE(stateOf(real), before);
    QStringList expected = files + QStringList{"other.hallusql"};
    expected.sort();
    QCOMPARE(entries(dir), expected);
  }

  void danglingSymlinkIsNotCreatedThrough() {
    QTemporaryDir dir;
    const std::string target = dir.filePath("elsewhere.hallusql").toStdString();
    const std::string link = dir.filePath("new.hallusql").toStdString();
    fs::create_symlink(target, link);
    auto created = Workspace::create(link);
    QVERIFY(!created.ok());
    expectSymlinkError(created.error(), link, target);
    auto cache = hs::ws::WorkspaceCallStore::openOrCreate(link);
    QVERIFY(!cache.ok());
    expectSymlinkError(cache.error(), link, target);
    QVERIFY(!fs::exists(target));
    QCOMPARE(entries(dir), QStringList{"new.hallusql"});
  }

  void newWorkspacesArePrivate() {
    Umask mask;
    QTemporaryDir dir;
    const std::string path = dir.filePath("w.hallusql").toStdString();
    {
      auto ws = Workspace::create(path);
      QVERIFY(ws.ok());
      QCOMPARE(modeOf(path), 0600);
      QVERIFY(ws->setSetting("k", "v").ok());  // the open connection has its -wal and -shm
      QCOMPARE(modeOf(path + "-wal"), 0600);
      QCOMPARE(modeOf(path + "-shm"), 0600);

      const std::string copy = dir.filePath("copy.hallusql").toStdString();
      QVERIFY(ws->saveCopy(copy).ok());
      QCOMPARE(modeOf(copy), 0600);
    }
    const std::string cache = dir.filePath("cache.hallusql").toStdString();
    {
      auto store = hs::ws::WorkspaceCallStore::openOrCreate(cache);
      QVERIFY2(store.ok(), store.ok() ? "" : store.error().describe().c_str());
    }
    QCOMPARE(modeOf(cache), 0600);
    auto demo = hs::ws::createDemo(dir.filePath("demo").toStdString());
    QVERIFY2(demo.ok(), demo.ok() ? "" : demo.error().describe().c_str());
    QCOMPARE(modeOf(demo->workspacePath), 0600);
    QCOMPARE(modeOf(demo->databasePath), 0600);
  }

  void existingWorkspaceKeepsItsMode() {
    Umask mask;
    QTemporaryDir dir;
    const std::string path = dir.filePath("shared.hallusql").toStdString();
    QVERIFY(Workspace::create(path).ok());
    QVERIFY(::chmod(path.c_str(), 0640) == 0);
    const std::string copy = dir.filePath("copy.hallusql").toStdString();
    {
      auto ws = Workspace::open(path);
      QVERIFY(ws.ok());
      QVERIFY(ws->setSetting("k", "v").ok());
      QCOMPARE(modeOf(path), 0640);
      QCOMPARE(modeOf(path + "-wal"), 0640);
      QVERIFY(ws->saveCopy(copy).ok());
      QVERIFY(::chmod(copy.c_str(), 0660) == 0);
      QVERIFY(ws->setSetting("k", "w").ok());
      QVERIFY(ws->saveCopy(copy, true).ok());  // replaces a workspace: keeps its permissions
    }
    QCOMPARE(modeOf(path), 0640);
    QCOMPARE(modeOf(copy), 0660);
    auto reopened = Workspace::open(copy);
    QVERIFY(reopened.ok());
    QCOMPARE(reopened->setting("k").value().value_or(""), std::string("w"));
  }
};

QTEST_GUILESS_MAIN(TestWorkspaceFiles)
#include "test_workspace_files.moc"
