// Importers under hostile files (issue 16): deep JSON, wrong field types, binary data, FIFOs and
// folders, and the cap on warnings per import.
#include <QtTest>

#include <sys/stat.h>

#include <fstream>
#include <random>
#include <string>

#include "engine/workspace/import/import.h"

using namespace hs::ws::import;

namespace {

std::string writeFile(const QTemporaryDir& dir, const char* name, const std::string& bytes) {
  std::string path = dir.filePath(name).toStdString();
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

ImportReport run(const std::string& cases, Format f = Format::Auto) {
  ImportOptions o;
  o.casesPath = cases;
  o.format = f;
  return importCases(o);
}

const hs::Error* findIssue(const std::vector<hs::Error>& issues, const std::string& code) {
  for (const auto& e : issues)
    if (e.code == code) return &e;
  return nullptr;
}

}  // namespace

class TestImportLimits : public QObject {
  Q_OBJECT
 private slots:
  // 50,000 nested '[' in "hallucination" used to overflow the stack (collectTasqlLabels and the
  // JSON copies in importDrilldown).
  void deepDrilldownJsonIsAnError() {
    QTemporaryDir dir;
    std::string deep = std::string(50000, '[') + std::string(50000, ']');
    std::string doc =
        "[{\"path\": [{\"question\": \"q\", \"db_id\": \"d\", \"SQL\": \"SELECT 1\",\n"
        "\"hallucination\": " +
        deep + "}]}]";
    for (Format f : {Format::Auto, Format::Drilldown}) {
      ImportReport r = run(writeFile(dir, "deep.json", doc), f);
      QVERIFY(r.cases.empty());
      QVERIFY(!r.errors.empty());
      QCOMPARE(QString::fromStdString(r.errors.front().code), QString("depth"));
      QCOMPARE(r.errors.front().line, std::optional<std::size_t>(2));
      QVERIFY(r.errors.front().offset.has_value());
    }
    // JSONL: the record is rejected with its line, the others are kept.
    std::string jsonl = "{\"db_id\": \"d\", \"gold_sql\": \"SELECT 1\"}\n{\"x\": " + deep + "}\n";
    ImportReport r = run(writeFile(dir, "deep.jsonl", jsonl), Format::Jsonl);
    QCOMPARE(r.cases.size(), std::size_t(1));
    const hs::Error* e = findIssue(r.errors, "depth");
    QVERIFY(e);
    QCOMPARE(e->line, std::optional<std::size_t>(2));
  }

  // db_id: 7 and gold_sql: 12.5 used to be coerced to "7" and "12.5" silently.
  void wrongFieldTypesAreErrors() {
    QTemporaryDir dir;
    std::string jsonl =
        "{\"db_id\": 7, \"question\": \"q\", \"gold_sql\": \"SELECT 1\"}\n"
        "{\"db_id\": \"d\", \"question\": \"q\", \"gold_sql\": 12.5}\n"
        "{\"id\": 3, \"db_id\": \"d\", \"question\": \"q\", \"gold_sql\": \"SELECT 1\"}\n";
    ImportReport r = run(writeFile(dir, "types.jsonl", jsonl), Format::Jsonl);
    QCOMPARE(r.cases.size(), std::size_t(1));  // a numeric id is fine
    QCOMPARE(r.errors.size(), std::size_t(2));
    QCOMPARE(QString::fromStdString(r.errors[0].code), QString("field_type"));
    QCOMPARE(r.errors[0].line, std::optional<std::size_t>(1));
    QVERIFY(r.errors[0].message.find("\"db_id\" is a JSON number") != std::string::npos);
    QCOMPARE(r.errors[1].line, std::optional<std::size_t>(2));
    QVERIFY(r.errors[1].message.find("gold_sql") != std::string::npos);
    std::string spider = "[{\"db_id\": \"d\", \"question\": \"q\", \"query\": 12.5}]";
    ImportReport s = run(writeFile(dir, "dev.json", spider), Format::Spider);
    QVERIFY(findIssue(s.errors, "field_type"));
  }

  // 2 MB of random bytes used to be read as a Spider file with 704,664 warnings.
  void binaryFilesAreRefused() {
    QTemporaryDir dir;
    std::mt19937 rng(16);
    std::string bytes(200000, '\0');
    for (char& c : bytes) c = static_cast<char>(rng() & 0xFF);
    ImportReport r = run(writeFile(dir, "random.sql", bytes));
    QVERIFY(r.cases.empty());
    QCOMPARE(r.errors.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(r.errors[0].code), QString("not_text"));
    QVERIFY(r.warnings.empty());
    // A few stray bytes in text are still repaired with warnings.
    std::string text = "SELECT 1\td\nSELECT \xff 2\td\n";
    ImportReport t = run(writeFile(dir, "gold.sql", text), Format::Spider);
    QCOMPARE(t.cases.size(), std::size_t(2));
  }

  void warningsAreCapped() {
    QTemporaryDir dir;
    std::string lines;
    for (int i = 0; i < 350; ++i) lines += "SELECT " + std::to_string(i) + "\n";  // no db_id: a warning each
    ImportReport r = run(writeFile(dir, "gold.sql", lines), Format::Spider);
    QCOMPARE(r.cases.size(), std::size_t(350));
    QCOMPARE(r.warnings.size(), kMaxIssuesPerImport + 1);
    QCOMPARE(r.omittedWarnings, std::size_t(250));
    QVERIFY(r.warnings.back().message.find("and 250 more warning") != std::string::npos);
    std::string bad;
    for (int i = 0; i < 150; ++i) bad += "{not json\n";
    ImportReport b = run(writeFile(dir, "bad.jsonl", bad), Format::Jsonl);
    QCOMPARE(b.errors.size(), kMaxIssuesPerImport + 1);
    QCOMPARE(b.errorCount(), std::size_t(150));
  }

  // Found by fuzz_import: error offsets pointed into the UTF-8-repaired text (each invalid byte
  // becomes 3 bytes of U+FFFD), past the end of the file.
  void offsetsReferToTheFileBytes() {
    QTemporaryDir dir;
    std::string doc = "[{\"question\": \"q\xff\xff\xff\xff\xff\xff\", x}]";
    ImportReport r = run(writeFile(dir, "bad.json", doc), Format::Drilldown);
    const hs::Error* e = findIssue(r.errors, "json");
    QVERIFY(e && e->offset);
    QCOMPARE(*e->offset, doc.find(", x") + 2);
    std::string jsonl = "{\"db_id\": \"\xff\xff\xff\xff\", x}\n";
    ImportReport j = run(writeFile(dir, "bad.jsonl", jsonl), Format::Jsonl);
    QVERIFY(!j.errors.empty() && j.errors[0].offset);
    QCOMPARE(*j.errors[0].offset, jsonl.find(", x") + 2);
  }

  void fifosAndFoldersAreRefusedAtOnce() {
    QTemporaryDir dir;
    std::string fifo = dir.filePath("cases.jsonl").toStdString();
    QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
    for (Format f : {Format::Auto, Format::Jsonl}) {
      ImportReport r = run(fifo, f);
      QCOMPARE(r.errors.size(), std::size_t(1));
      QCOMPARE(QString::fromStdString(r.errors[0].code), QString("not_a_file"));
    }
    ImportReport d = run(dir.path().toStdString());
    QCOMPARE(QString::fromStdString(d.errors.at(0).code), QString("not_a_file"));
    QVERIFY(d.errors[0].message.find("directory") != std::string::npos);
  }
};

QTEST_APPLESS_MAIN(TestImportLimits)
#include "test_import_limits.moc"
