// Importers under oversize input (issue 29): records and fields over kMaxRecordBytes /
// kMaxFieldBytes are rejected with file, line and byte offset while the rest imports, and line
// formats and CSV stream (peak memory does not follow the size of the file).
#include <QtTest>

#include <sys/resource.h>

#include <algorithm>
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

ImportReport run(const std::string& cases, Format f = Format::Auto,
                 std::optional<std::string> pred = std::nullopt) {
  ImportOptions o;
  o.casesPath = cases;
  o.predPath = std::move(pred);
  o.format = f;
  return importCases(o);
}

std::string jsonl(const std::string& pred, const std::string& question = "q") {
  return "{\"db_id\": \"d\", \"question\": \"" + question +
         "\", \"gold_sql\": \"SELECT 1\", \"pred_sql\": \"" + pred + "\"}\n";
}

std::string describeAll(const ImportReport& r) {
  std::string out;
  for (const auto* list : {&r.errors, &r.warnings})
    for (const hs::Error& e : *list) out += e.describe() + "\n";
  return out;
}

void expectTooLong(const ImportReport& r, std::size_t nth, const std::string& path, std::size_t line,
                   std::size_t offset, const std::string& words) {
  std::size_t seen = 0;
  for (const hs::Error& e : r.errors) {
    if (e.code != "too_long" || seen++ != nth) continue;
    const std::string expected =
        path + ":" + std::to_string(line) + ": (byte " + std::to_string(offset) + ")";
    QVERIFY2(e.where == path && e.line == line && e.offset == offset,
             (e.describe() + "\nexpected at " + expected).c_str());
    QVERIFY2(e.message.find(words) != std::string::npos, e.message.c_str());
    return;
  }
  QFAIL(("no too_long error #" + std::to_string(nth) + " in:\n" + describeAll(r)).c_str());
}

// Peak resident memory of this process so far, in bytes (ru_maxrss is in KiB on Linux).
long peakRss() {
  rusage usage{};
  ::getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss * 1024L;
}

bool underSanitizer() {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
  return true;
#else
  return false;
#endif
#else
  return false;
#endif
}

}  // namespace

class TestImportBounds : public QObject {
  Q_OBJECT
 private slots:
  // A 5 MiB JSONL line is rejected by its place in the file; the lines around it import.
  void jsonlLineOverTheLimit() {
    QTemporaryDir dir;
    const std::string first = jsonl("SELECT 1");
    const std::string big = jsonl("SELECT '" + std::string(kMaxRecordBytes + 1024, 'x') + "'");
    const std::string path = writeFile(dir, "big.jsonl", first + big + jsonl("SELECT 3"));
    for (Format f : {Format::Auto, Format::Jsonl}) {
      ImportReport r = run(path, f);
      QCOMPARE(r.cases.size(), std::size_t(2));
      QCOMPARE(r.cases[1].sourceLine, std::size_t(3));
      QCOMPARE(r.cases[1].id, std::string("big:2"));
      QCOMPARE(r.errorCount(), std::size_t(1));
      expectTooLong(r, 0, path, 2, first.size(), "longer than the limit of 4194304 bytes");
    }
    // The first line: detection does not need it whole either.
    const std::string leading = writeFile(dir, "leading.jsonl", big + first);
    ImportReport r = run(leading);
    QCOMPARE(r.format, Format::Jsonl);
    QCOMPARE(r.cases.size(), std::size_t(1));
    expectTooLong(r, 0, leading, 1, 0, "line of " + std::to_string(big.size() - 1) + " bytes");
  }

  // A 2 MiB pred_sql on a line under the line limit: the field limit rejects the record.
  void jsonlFieldOverTheLimit() {
    QTemporaryDir dir;
    const std::string first = jsonl("SELECT 1");
    const std::string path = writeFile(
        dir, "field.jsonl", first + jsonl("SELECT '" + std::string(2 << 20, 'x') + "'") + jsonl("SELECT 3"));
    ImportReport r = run(path, Format::Jsonl);
    QCOMPARE(r.cases.size(), std::size_t(2));
    expectTooLong(r, 0, path, 2, first.size(), "the predicted SQL holds");
    QVERIFY(r.errors[0].message.find("limit of 1048576 bytes (1 MiB)") != std::string::npos);
    // The same on a MRSQLGen line.
    const std::string mr = writeFile(
        dir, "mr.jsonl",
        "{\"db_id\": \"d\", \"question\": \"" + std::string(kMaxFieldBytes + 1, 'q') +
            "\", \"query\": \"SELECT 1\", \"predict\": \"SELECT 2\", \"hallucinations_type\": \"x\"}\n");
    ImportReport m = run(mr, Format::MrSqlGen);
    QVERIFY(m.cases.empty());
    expectTooLong(m, 0, mr, 1, 0, "the question holds");
  }

  // A quoted CSV field over several lines making a 5 MiB record: rejected where it starts, and the
  // record after it is read from the right place (quotes, commas and line breaks inside skipped).
  void csvRecordOverTheLimit() {
    QTemporaryDir dir;
    const std::string header = "NLQ,PREDICTED SQL,GOLD SQL,DATABASE\n";
    const std::string one = "q1,SELECT 1,SELECT 1,d\n";
    std::string chunk = "a \"\"quoted\"\", b\nnext line,\n";
    std::string text;
    while (text.size() <= kMaxRecordBytes) text += chunk;
    const std::string big = "\"" + text + "\",SELECT 2,SELECT 2,d\n";
    const std::string three = "q3,\"SELECT 3\",SELECT 3,d\n";
    const std::string path = writeFile(dir, "big.csv", header + one + big + three);
    ImportReport r = run(path);
    QCOMPARE(r.format, Format::Csv);
    QCOMPARE(r.cases.size(), std::size_t(2));
    QCOMPARE(r.cases[1].question, std::string("q3"));
    QCOMPARE(r.cases[1].predSql.value_or(""), std::string("SELECT 3"));
    const std::size_t bigLines = static_cast<std::size_t>(std::count(big.begin(), big.end(), '\n'));
    QCOMPARE(r.cases[1].sourceLine, 3 + bigLines);
    QCOMPARE(r.cases[1].id, std::string("big:2"));
    expectTooLong(r, 0, path, 3, header.size() + one.size(), "CSV record of " + std::to_string(big.size()));
    // A field over 1 MiB in a record under 4 MiB.
    const std::string field =
        writeFile(dir, "field.csv", header + "q," + std::string(2 << 20, 'S') + ",S,d\n" + one);
    ImportReport f = run(field);
    QCOMPARE(f.cases.size(), std::size_t(1));
    expectTooLong(f, 0, field, 2, header.size(), "the predicted SQL holds");
  }

  // A quote that never closes still names where it opened, even past the record limit.
  void csvUnterminatedQuotePastTheLimit() {
    QTemporaryDir dir;
    const std::string head = "NLQ,PREDICTED SQL,GOLD SQL,DATABASE\nq1,SELECT 1,SELECT 1,d\nq2,";
    const std::string path =
        writeFile(dir, "open.csv", head + "\"SELECT " + std::string(kMaxRecordBytes, 'x'));
    ImportReport r = run(path);
    QCOMPARE(r.cases.size(), std::size_t(1));
    QCOMPARE(r.errors.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(r.errors[0].code), QString("csv_unterminated_quote"));
    QCOMPARE(r.errors[0].line, std::optional<std::size_t>(3));
    QCOMPARE(r.errors[0].offset, std::optional<std::size_t>(head.size()));
  }

  // Spider gold lines and prediction lines: a rejected record keeps its place, so the predictions
  // after it stay with their questions.
  void spiderLinesStayAligned() {
    QTemporaryDir dir;
    const std::string g1 = "SELECT 1\td\n";
    const std::string g2 = "SELECT '" + std::string(kMaxRecordBytes, 'x') + "'\td\n";
    const std::string gold = writeFile(dir, "gold.sql", g1 + g2 + "SELECT 3\td\nSELECT 4\td\n");
    const std::string p1 = "SELECT 10\n", p2 = "SELECT 20\n";
    const std::string p3 = "SELECT '" + std::string(2 << 20, 'y') + "'\n";
    const std::string pred = writeFile(dir, "pred.txt", p1 + p2 + p3 + "SELECT 40\n\n");
    ImportReport r = run(gold, Format::Auto, pred);
    QVERIFY2(r.cases.size() == 2, describeAll(r).c_str());
    QCOMPARE(r.cases[0].id, std::string("gold:0"));
    QCOMPARE(r.cases[0].predSql.value_or(""), std::string("SELECT 10"));
    QCOMPARE(r.cases[1].id, std::string("gold:3"));
    QCOMPARE(r.cases[1].predSql.value_or(""), std::string("SELECT 40"));
    expectTooLong(r, 0, gold, 2, g1.size(), "line of");
    expectTooLong(r, 1, pred, 3, p1.size() + p2.size(), "the predicted SQL holds");
    // The counts still have to agree.
    const std::string shortPred = writeFile(dir, "short.txt", p1 + p2);
    ImportReport s = run(gold, Format::Spider, shortPred);
    QVERIFY(s.cases.empty());
    QCOMPARE(s.errors.size(), std::size_t(2));  // the gold line, then the counts
    QCOMPARE(QString::fromStdString(s.errors[1].code), QString("count_mismatch"));
    QVERIFY(s.errors[1].message.find("has 2 lines but gold file") != std::string::npos);
  }

  // BIRD's JSON array: the rejected record is named by the line and offset where it starts, and
  // the predictions (by key) stay with their questions.
  void birdFieldOverTheLimit() {
    QTemporaryDir dir;
    auto record = [](int id, const std::string& question) {
      return "{\"question_id\": " + std::to_string(id) + ", \"db_id\": \"d\", \"question\": \"" + question +
             "\", \"evidence\": \"\", \"SQL\": \"SELECT " + std::to_string(id) + "\"}";
    };
    const std::string head = "[\n  " + record(0, "q0") + ",\n  ";
    const std::string doc =
        head + record(1, std::string(kMaxFieldBytes + 1, 'q')) + ",\n  " + record(2, "q2") + "\n]\n";
    const std::string dev = writeFile(dir, "dev.json", doc);
    const std::string predHead =
        "{\n  \"0\": \"SELECT 0\\t----- bird -----\\td\",\n  \"1\": \"SELECT 1\",\n  ";
    const std::string preds =
        predHead + "\"2\": \"SELECT " + std::string(kMaxFieldBytes, 'z') + "\\t----- bird -----\\td\"\n}\n";
    const std::string pred = writeFile(dir, "predict_dev.json", preds);
    ImportReport r = run(dev, Format::Auto, pred);
    QCOMPARE(r.format, Format::Bird);
    QVERIFY2(r.cases.size() == 1, describeAll(r).c_str());
    QCOMPARE(r.cases[0].id, std::string("bird:0"));
    QCOMPARE(r.cases[0].predSql.value_or(""), std::string("SELECT 0"));
    expectTooLong(r, 0, dev, 3, head.size(), "record 2 rejected: the question holds");
    expectTooLong(r, 1, pred, 4, predHead.size() + 5, "prediction for bird:2 rejected");
  }

  void drilldownFieldOverTheLimit() {
    QTemporaryDir dir;
    const std::string step = "{\"question\": \"q\", \"db_id\": \"d\", \"SQL\": \"SELECT 1\"}";
    const std::string head = "[{\"path\": [" + step + "]},\n";
    const std::string big = "{\"path\": [" + step + ", {\"question\": \"q\", \"SQL\": \"" +
                            std::string(kMaxFieldBytes + 1, 's') + "\"}]}";
    const std::string path = writeFile(dir, "drill.json", head + big + "]");
    ImportReport r = run(path, Format::Drilldown);
    QCOMPARE(r.cases.size(), std::size_t(2));
    expectTooLong(r, 0, path, 2, head.size(), "drill-down path 2 step 2 rejected: the gold SQL holds");
  }

  // A binary file given as JSONL is refused as a whole, after streaming it; a character cut by
  // the read buffer is no invalid byte.
  void streamedTextChecks() {
    QTemporaryDir dir;
    std::mt19937 rng(29);
    std::string bytes(300000, '\0');
    for (char& c : bytes) c = static_cast<char>(rng() & 0xFF);
    ImportReport b = run(writeFile(dir, "random.jsonl", bytes), Format::Jsonl);
    QCOMPARE(b.errors.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(b.errors[0].code), QString("not_text"));
    QVERIFY(b.warnings.empty());
    QVERIFY(b.cases.empty());
    for (std::size_t pad = 65530; pad < 65540; ++pad) {
      const std::string prefix = "{\"db_id\": \"d\", \"question\": \"";
      const std::string q = std::string(pad - prefix.size(), 'a') + "\xC3\xA9\xE2\x82\xAC";
      ImportReport r = run(writeFile(dir, "cut.jsonl", prefix + q + "\", \"gold_sql\": \"SELECT 1\"}\n"));
      QVERIFY2(r.warnings.empty() && r.errors.empty(), describeAll(r).c_str());
      QCOMPARE(r.cases.at(0).question, q);
    }
  }

  // Peak memory follows one line, not the file: 16 lines of 3 MiB (an unread field) and one
  // 24 MiB line (rejected) in JSONL and CSV, format detection and the role guess included. Reading
  // the whole file and a copy of each line took three times the file (over 200 MB).
  void linesStreamInBoundedMemory() {
    if (underSanitizer()) QSKIP("a sanitizer's allocator keeps freed memory: peak RSS says nothing");
    QTemporaryDir dir;
    const std::string pad(3 << 20, 'p');
    const std::string jsonlPath = dir.filePath("wide.jsonl").toStdString();
    const std::string csvPath = dir.filePath("wide.csv").toStdString();
    {
      std::ofstream j(jsonlPath, std::ios::binary);
      std::ofstream c(csvPath, std::ios::binary);
      c << "NLQ,PREDICTED SQL,GOLD SQL,DATABASE,pad\n";
      for (int i = 0; i < 16; ++i) {
        j << "{\"db_id\": \"d\", \"gold_sql\": \"SELECT 1\", \"pad\": \"" << pad << "\"}\n";
        c << "q,SELECT 1,SELECT 1,d,\"" << pad << "\"\n";
        if (i == 8) {
          j << "{\"db_id\": \"d\", \"pad\": \"";
          c << "q,SELECT 1,SELECT 1,d,";
          for (int k = 0; k < 24; ++k) {
            j << std::string(1 << 20, 'l');
            c << std::string(1 << 20, 'l');
          }
          j << "\"}\n";
          c << "\n";
        }
      }
    }
    const long before = peakRss();
    ImportReport r = run(jsonlPath);
    ImportReport c = run(csvPath);
    const FileRole jsonlRole = guessFileRole(jsonlPath).role;
    const FileRole csvRole = guessFileRole(csvPath).role;
    const long grew = peakRss() - before;
    QVERIFY2(grew < (48L << 20), ("peak memory grew by " + std::to_string(grew >> 20) + " MiB").c_str());
    QCOMPARE(r.cases.size(), std::size_t(16));
    QCOMPARE(r.errorCount(), std::size_t(1));
    QCOMPARE(c.cases.size(), std::size_t(16));
    QCOMPARE(c.errorCount(), std::size_t(1));
    QCOMPARE(jsonlRole, FileRole::Cases);
    QCOMPARE(csvRole, FileRole::Cases);
  }
};

QTEST_APPLESS_MAIN(TestImportBounds)
#include "test_import_bounds.moc"
