// Reading files that come from outside (issue 16): only regular files, bounded sizes, bounded
// JSON nesting, long lines streamed without being held.
#include <QtTest>

#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/core/file_input.h"
#include "engine/core/json_input.h"

namespace {

std::string writeFile(const QTemporaryDir& dir, const char* name, const std::string& bytes) {
  std::string path = dir.filePath(name).toStdString();
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

}  // namespace

class TestFileInput : public QObject {
  Q_OBJECT
 private slots:
  void regularFilesAreRead() {
    QTemporaryDir dir;
    std::string path = writeFile(dir, "a.txt", "hello\n");
    QVERIFY(hs::checkRegularFile(path).ok());
    auto bytes = hs::readRegularFile(path);
    QVERIFY(bytes.ok());
    QCOMPARE(bytes.value(), std::string("hello\n"));
    auto small = hs::readRegularFile(path, 3);
    QVERIFY(!small.ok());
    QCOMPARE(QString::fromStdString(small.error().code), QString("too_large"));
    QCOMPARE(small.error().where, path);
  }

  // A FIFO used to block open() forever; a directory read as empty; a device streamed forever.
  void otherFileTypesAreRefusedAtOnce() {
    QTemporaryDir dir;
    std::string fifo = dir.filePath("pipe").toStdString();
    QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
    auto start = std::chrono::steady_clock::now();
    auto r = hs::readRegularFile(fifo);
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.error().code), QString("not_a_file"));
    QVERIFY(r.error().message.find("FIFO") != std::string::npos);
    QVERIFY(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
    auto lines = hs::forEachLine(fifo, 100, [](const hs::FileLine&) { return true; });
    QVERIFY(!lines.ok());

    auto d = hs::readRegularFile(dir.path().toStdString());
    QVERIFY(!d.ok());
    QVERIFY(d.error().message.find("directory") != std::string::npos);
    auto dev = hs::checkRegularFile("/dev/null");
    QVERIFY(!dev.ok());
    QVERIFY(dev.error().message.find("character device") != std::string::npos);
    auto missing = hs::checkRegularFile(dir.filePath("nope").toStdString());
    QCOMPARE(QString::fromStdString(missing.error().code), QString("io"));

    QVERIFY(hs::checkRegularFileOrMissing(dir.filePath("nope").toStdString()).ok());
    QVERIFY(!hs::checkRegularFileOrMissing(fifo).ok());
    QVERIFY(hs::checkDirectory(dir.path().toStdString()).ok());
    QVERIFY(!hs::checkDirectory(fifo).ok());
    QVERIFY(!hs::checkDirectory(dir.filePath("nope").toStdString()).ok());
  }

  void longLinesAreCutNotHeld() {
    QTemporaryDir dir;
    std::string big(300000, 'x');
    std::string path = writeFile(dir, "lines.sql", "short\n" + big + "\nlast");
    std::vector<std::pair<std::size_t, std::uint64_t>> seen;
    std::vector<std::size_t> kept;
    std::vector<std::uint64_t> offsets;
    auto st = hs::forEachLine(path, 1000, [&](const hs::FileLine& l) {
      seen.emplace_back(l.number, l.length);
      kept.push_back(l.text.size());
      offsets.push_back(l.offset);
      return true;
    });
    QVERIFY(st.ok());
    QCOMPARE(seen.size(), std::size_t(3));
    QCOMPARE(seen[1].second, std::uint64_t(300000));
    QCOMPARE(kept[1], std::size_t(1000));
    QCOMPARE(kept[2], std::size_t(4));
    QCOMPARE(offsets[2], std::uint64_t(6 + 300000 + 1));
  }

  // The descriptor is closed on every way out of forEachChunk: the end, a stop, a callback that
  // throws. Counted in /proc/self/fd so that a leak on any path shows.
  void descriptorIsClosedOnEveryPath() {
    QTemporaryDir dir;
    std::string path = writeFile(dir, "chunks.txt", std::string(200000, 'y'));
    auto openFds = [] {
      return std::distance(std::filesystem::directory_iterator("/proc/self/fd"),
                           std::filesystem::directory_iterator{});
    };
    const auto before = openFds();
    QVERIFY(hs::forEachChunk(path, [](std::string_view, std::uint64_t) { return true; }).ok());
    QCOMPARE(openFds(), before);
    QVERIFY(hs::forEachChunk(path, [](std::string_view, std::uint64_t) { return false; }).ok());
    QCOMPARE(openFds(), before);
    for (int i = 0; i < 3; ++i) {
      bool thrown = false;
      try {
        (void)hs::forEachChunk(path, [](std::string_view, std::uint64_t) -> bool {
          throw std::runtime_error("callback failed");
        });
      } catch (const std::runtime_error&) {
        thrown = true;
      }
      QVERIFY(thrown);
      QCOMPARE(openFds(), before);
    }
    QVERIFY(!hs::forEachChunk(dir.path().toStdString(), [](std::string_view, std::uint64_t) {
               return true;
             }).ok());
    QCOMPARE(openFds(), before);
  }

  // 50,000 nested '[' (the drill-down file of the issue) is refused before a value is built.
  void deepJsonIsRefused() {
    std::string deep = std::string(50000, '[') + std::string(50000, ']');
    QCOMPARE(hs::jsonTooDeepAt(deep, 200), std::optional<std::size_t>(200));
    auto r = hs::parseJsonBounded("{\"a\":\n" + deep + "}");
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.error().code), QString("depth"));
    QCOMPARE(r.error().line, std::optional<std::size_t>(2));
    QCOMPARE(r.error().offset, std::optional<std::size_t>(6 + 199));
    // Brackets inside strings do not count; escaped quotes do not end a string.
    std::string inString = "[\"" + std::string(1000, '[') + "\\\"\"]";
    QVERIFY(hs::parseJsonBounded(inString).ok());
    auto bad = hs::parseJsonBounded("{\"a\": tru}");
    QVERIFY(!bad.ok());
    QCOMPARE(QString::fromStdString(bad.error().code), QString("json"));
    QVERIFY(bad.error().offset.has_value());
    QVERIFY(hs::parseJsonBounded(std::string(200, '[') + std::string(200, ']')).ok());
    // Found by fuzz_import: a number out of range threw out_of_range, not parse_error.
    auto huge = hs::parseJsonBounded("[2e2222222222]");
    QVERIFY(!huge.ok());
    QCOMPARE(QString::fromStdString(huge.error().code), QString("json"));
  }
};

QTEST_APPLESS_MAIN(TestFileInput)
#include "test_file_input.moc"
