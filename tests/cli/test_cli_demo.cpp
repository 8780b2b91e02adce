// Runs the built hallusql-cli: `demo` (the headless main job) and `workspace --create/--info`.
#include <QtTest>

#include <sqlite3.h>

#include <algorithm>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "support/run_cli.h"

#include "support/temp_copy.h"

namespace {

using Run = hs::test::CliRun;

Run cli(const QStringList& args) {
  return hs::test::runCli(args);
}

// Rows of a query as sorted text tuples (a multiset), computed with SQLite directly; nullopt on error.
std::optional<std::vector<std::string>> bag(sqlite3* db, const QString& sql) {
  sqlite3_stmt* st = nullptr;
  QByteArray utf8 = sql.toUtf8();
  if (sqlite3_prepare_v2(db, utf8.constData(), static_cast<int>(utf8.size()), &st, nullptr) != SQLITE_OK) {
    sqlite3_finalize(st);
    return std::nullopt;
  }
  std::vector<std::string> rows;
  int rc;
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    std::string row;
    for (int i = 0; i < sqlite3_column_count(st); ++i) {
      const unsigned char* t = sqlite3_column_text(st, i);
      row += t ? reinterpret_cast<const char*>(t) : "<null>";
      row += '\x1f';
    }
    rows.push_back(row);
  }
  sqlite3_finalize(st);
  if (rc != SQLITE_DONE) return std::nullopt;
  std::sort(rows.begin(), rows.end());
  return rows;
}

int linesOf(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return -1;
  int n = 0;
  for (const QByteArray& line : f.readAll().split('\n')) n += line.trimmed().isEmpty() ? 0 : 1;
  return n;
}

}  // namespace

class TestCliDemo : public QObject {
  Q_OBJECT
 private slots:
  void demoWritesReport() {
    QTemporaryDir tmp;
    const QString dir = tmp.filePath("demo");
    const QString out = tmp.filePath("report.json");
    Run r = cli({"demo", "--dir", dir, "--out", out});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    // One line of JSON on stdout.
    QCOMPARE(r.out.trimmed().count('\n'), 0);
    QJsonObject line = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(line.value("reused").toBool(true), false);

    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QJsonObject report = QJsonDocument::fromJson(f.readAll()).object();
    QJsonArray cases = report.value("cases").toArray();
    QCOMPARE(cases.size(), linesOf(QStringLiteral(HALLUSQL_SOURCE_DIR) + "/resources/demo/cases.jsonl"));
    QJsonObject summary = report.value("summary").toObject();
    QCOMPARE(summary.value("cases").toInt(), cases.size());
    QCOMPARE(summary.value("matched").toInt() + summary.value("mismatched").toInt() +
                 summary.value("errors").toInt(),
             cases.size());
    QCOMPARE(line.value("matched").toInt(), summary.value("matched").toInt());
    // Each EX figure under its own name, as the HTML report gives them.
    for (const char* key : {"ex_set", "ex_bag", "ex_ordered"})
      QVERIFY2(line.value(key).isObject() && line.value(key).toObject().contains("correct"), key);
    QCOMPARE(line.value("ex_set").toObject().value("scored").toInt(), cases.size());
    QVERIFY(line.value("ex_set").toObject().value("correct").toInt() >=
            line.value("ex_bag").toObject().value("correct").toInt());

    // Cross-check every verdict against SQLite run directly on the demo database.
    sqlite3* db = nullptr;
    QCOMPARE(sqlite3_open_v2(report.value("database").toString().toUtf8().constData(), &db,
                             SQLITE_OPEN_READONLY, nullptr),
             SQLITE_OK);
    int matched = 0, mismatched = 0, errors = 0;
    for (const QJsonValue& v : cases) {
      QJsonObject c = v.toObject();
      const QString id = c.value("id").toString();
      QVERIFY2(c.value("gold").toObject().value("ok").toBool(), qPrintable(id));
      auto gold = bag(db, c.value("gold_sql").toString());
      auto pred = bag(db, c.value("pred_sql").toString());
      QVERIFY(gold.has_value());
      QCOMPARE(c.value("gold").toObject().value("row_count").toInt(), static_cast<int>(gold->size()));
      QCOMPARE(c.value("pred").toObject().value("ok").toBool(), pred.has_value());
      if (!pred) {
        ++errors;
        QVERIFY(c.value("match").isNull());
        QVERIFY(!c.value("pred").toObject().value("error").toObject().value("message").toString().isEmpty());
        continue;
      }
      QCOMPARE(c.value("pred").toObject().value("row_count").toInt(), static_cast<int>(pred->size()));
      const bool same = *gold == *pred;
      QVERIFY2(c.value("match").toBool(!same) == same, qPrintable(id));
      (same ? matched : mismatched)++;
    }
    sqlite3_close(db);
    QCOMPARE(summary.value("matched").toInt(), matched);
    QCOMPARE(summary.value("mismatched").toInt(), mismatched);
    QCOMPARE(summary.value("errors").toInt(), errors);
    // The demo has both correct and hallucinated predictions.
    QVERIFY(matched >= 3);
    QVERIFY(mismatched + errors >= 6);

    // A second run reuses the workspace.
    Run again = cli({"demo", "--dir", dir, "--out", out});
    QCOMPARE(again.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(again.out).object().value("reused").toBool(), true);
  }

  void badInputExitsTwo() {
    QTemporaryDir tmp;
    Run noOut = cli({"demo", "--dir", tmp.filePath("d")});
    QCOMPARE(noOut.exitCode, 2);
    QVERIFY(QJsonDocument::fromJson(noOut.err).object().contains("error"));
    Run badOut = cli({"demo", "--dir", tmp.filePath("d"), "--out", tmp.filePath("no/such/dir/r.json")});
    QCOMPARE(badOut.exitCode, 2);
    QFile junk(tmp.filePath("junk.hallusql"));
    QVERIFY(junk.open(QIODevice::WriteOnly));
    junk.write(QByteArray(5000, '\x07'));
    junk.close();
    Run info = cli({"workspace", "--info", junk.fileName()});
    QCOMPARE(info.exitCode, 2);
    QVERIFY(info.err.contains("not a HalluSQL workspace"));
  }

  void workspaceCreateAndInfo() {
    QTemporaryDir tmp;
    const QString path = tmp.filePath("new.hallusql");
    Run created = cli({"workspace", "--create", path});
    QVERIFY2(created.exitCode == 0, created.err.constData());
    Run info = cli({"workspace", "--info", path});
    QCOMPARE(info.exitCode, 0);
    QJsonObject j = QJsonDocument::fromJson(info.out).object();
    QCOMPARE(j.value("version").toInt(), j.value("supported_version").toInt());
    QVERIFY(j.value("version").toInt() >= 1);
    QCOMPARE(j.value("counts").toObject().value("cases").toInt(-1), 0);
    QVERIFY(j.value("counts").toObject().contains("llm_calls"));
    Run twice = cli({"workspace", "--create", path});
    QCOMPARE(twice.exitCode, 2);
  }

  // Issue 16: files refused as a workspace or as the LLM cache stay byte-identical, with no side files.
  void refusedFilesStayUntouched() {
    QTemporaryDir tmp;
    const QString empty = tmp.filePath("empty.hallusql");
    QFile(empty).open(QIODevice::WriteOnly);
    Run info = cli({"workspace", "--info", empty});
    QCOMPARE(info.exitCode, 2);
    QVERIFY(info.err.contains("empty file"));
    QCOMPARE(QFileInfo(empty).size(), qint64{0});
    const QString third = tmp.filePath("third.sqlite");
    {
      sqlite3* raw = nullptr;
      QCOMPARE(sqlite3_open(third.toUtf8().constData(), &raw), SQLITE_OK);
      QCOMPARE(sqlite3_exec(raw, "CREATE TABLE x(a)", nullptr, nullptr, nullptr), SQLITE_OK);
      sqlite3_close(raw);
    }
    const QByteArray thirdHash = hs::test::fileSha256(third);
    for (const char* mode : {"DELETE", "WAL"}) {
      const QString db = tmp.filePath(QStringLiteral("user-%1.sqlite").arg(mode));
      sqlite3* raw = nullptr;
      QCOMPARE(sqlite3_open(db.toUtf8().constData(), &raw), SQLITE_OK);
      const std::string sql =
          std::string("PRAGMA journal_mode = ") + mode + "; CREATE TABLE t(a); INSERT INTO t VALUES (1);";
      QCOMPARE(sqlite3_exec(raw, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
      sqlite3_close(raw);
      const QStringList before = QDir(tmp.path()).entryList(QDir::Files | QDir::Hidden);
      const QByteArray hash = hs::test::fileSha256(db);
      // The cache is the database being queried; the cache is a user database; --workspace too.
      Run same = cli({"generate", "--db", db, "--cache", db, "--question", "q", "--base-url",
                      "http://127.0.0.1:9/v1", "--model", "m"});
      QCOMPARE(same.exitCode, 2);
      QVERIFY2(same.err.contains("never writes"), same.err.constData());
      Run other = cli({"generate", "--db", db, "--cache", third, "--question", "q", "--base-url",
                       "http://127.0.0.1:9/v1", "--model", "m", "--offline"});
      QCOMPARE(other.exitCode, 2);
      QVERIFY2(other.err.contains("not a HalluSQL workspace"), other.err.constData());
      Run wsInfo = cli({"workspace", "--info", db});
      QCOMPARE(wsInfo.exitCode, 2);
      QCOMPARE(hs::test::fileSha256(db), hash);
      QCOMPARE(QDir(tmp.path()).entryList(QDir::Files | QDir::Hidden), before);
    }
    QCOMPARE(hs::test::fileSha256(third), thirdHash);
  }
};

QTEST_GUILESS_MAIN(TestCliDemo)
#include "test_cli_demo.moc"
