// hallusql-cli under hostile input (issue 16): deep SQL, FIFOs and folders as files, BOM, NUL
// bytes, over-long lines, a missing --db-root and rejected records. Each case must end at once
// with a clear message, never crash or hang.
#include <QtTest>

#include <sqlite3.h>
#include <sys/stat.h>

#include <fstream>
#include <string>

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

#include "support/run_cli.h"

namespace {

using Run = hs::test::CliRun;

Run cli(const QStringList& args) {
  return hs::test::runCli(args, 60000);
}

QJsonObject firstJson(const QByteArray& text) {
  return QJsonDocument::fromJson(text.split('\n').first()).object();
}

QString writeFile(const QTemporaryDir& dir, const char* name, const std::string& bytes) {
  QString path = dir.filePath(name);
  std::ofstream(path.toStdString(), std::ios::binary) << bytes;
  return path;
}

// A small database for the commands that need one.
QString makeDb(const QTemporaryDir& dir) {
  QString path = dir.filePath("t.sqlite");
  sqlite3* db = nullptr;
  sqlite3_open(path.toUtf8().constData(), &db);
  sqlite3_exec(db, "CREATE TABLE t(x INTEGER); INSERT INTO t VALUES (1);", nullptr, nullptr, nullptr);
  sqlite3_close(db);
  return path;
}

QString chain(const QString& first, const QString& link, int n) {
  QString s = first;
  for (int i = 0; i < n; ++i) s += link;
  return s;
}

}  // namespace

class TestCliLimits : public QObject {
  Q_OBJECT
 private slots:
  // 40,000-term chains used to crash parse --tree, plan and diff with a stack overflow.
  void deepSqlIsAClearError() {
    const QString deep = chain("SELECT 1", "+1", 40000);
    Run p = cli({"parse", "--sql", deep, "--tree"});
    QCOMPARE(p.exitCode, 0);  // parse reports syntax errors as results; the partial tree is bounded
    QVERIFY(p.out.contains("\"code\":\"depth\""));
    Run plain = cli({"parse", "--sql", deep});
    QJsonObject o = firstJson(plain.out);
    QCOMPARE(o["ok"].toBool(), false);
    QCOMPARE(o["error"].toObject()["code"].toString(), QString("depth"));
    QVERIFY(o["error"].toObject()["offset"].toInt() > 0);
    QTemporaryDir dir;
    const QString db = makeDb(dir);
    for (const QStringList& args :
         {QStringList{"plan", "--db", db, "--sql", deep},
          QStringList{"diff", "--gold", deep, "--pred", "SELECT 1"},
          QStringList{"diff", "--gold", "SELECT 1", "--pred", chain("SELECT 1 WHERE 1", " AND 1", 20000)}}) {
      Run r = cli(args);
      QCOMPARE(r.exitCode, 2);
      QJsonObject e = firstJson(r.err)["error"].toObject();
      QCOMPARE(e["code"].toString(), QString("depth"));
      QVERIFY(e["offset"].toInt() > 0);
    }
  }

  void fifosAndFoldersAreRefused() {
    QTemporaryDir dir;
    QString fifo = dir.filePath("pipe");
    QCOMPARE(::mkfifo(fifo.toUtf8().constData(), 0600), 0);
    Run p = cli({"parse", "--file", fifo});
    QCOMPARE(p.exitCode, 2);
    QVERIFY(p.err.contains("FIFO"));
    Run e = cli({"evaluate", "--cases", fifo, "--out", dir.filePath("o.jsonl")});
    QCOMPARE(e.exitCode, 2);
    QVERIFY(e.err.contains("--cases"));
    Run d = cli({"parse", "--file", dir.path()});  // used to exit 0 with no output
    QCOMPARE(d.exitCode, 2);
    QVERIFY(d.err.contains("directory"));
    Run c = cli({"evaluate", "--cases", dir.path(), "--out", dir.filePath("o.jsonl")});
    QCOMPARE(c.exitCode, 2);
    QVERIFY(c.err.contains("directory"));
    Run q = cli({"query", "--db", fifo, "--sql", "SELECT 1"});
    QCOMPARE(q.exitCode, 2);
  }

  void parseFileBomNulAndLongLines() {
    QTemporaryDir dir;
    Run bom = cli({"parse", "--file", writeFile(dir, "bom.sql", "\xEF\xBB\xBFSELECT 1\n")});
    QCOMPARE(bom.exitCode, 0);
    QCOMPARE(firstJson(bom.out)["ok"].toBool(), true);
    Run nul = cli({"parse", "--file", writeFile(dir, "nul.sql", std::string("SELECT 1\0 + 2\n", 14))});
    QCOMPARE(nul.exitCode, 0);
    QJsonObject ne = firstJson(nul.out)["error"].toObject();
    QVERIFY2(ne["message"].toString().contains("NUL byte"), nul.out.constData());
    QCOMPARE(ne["offset"].toInt(), 8);
    std::string lines = "SELECT 1\n" + std::string(200000, '1') + "\nSELECT 2\n";
    Run lng = cli({"parse", "--file", writeFile(dir, "long.sql", lines), "--max-line-bytes", "1000"});
    QCOMPARE(lng.exitCode, 0);
    QList<QByteArray> out = lng.out.trimmed().split('\n');
    QCOMPARE(out.size(), 3);
    QJsonObject second = QJsonDocument::fromJson(out[1]).object();
    QCOMPARE(second["error"].toObject()["code"].toString(), QString("too_large"));
    QCOMPARE(QJsonDocument::fromJson(out[2]).object()["ok"].toBool(), true);
  }

  void evaluateReportsRejectedRecordsAndMissingRoots() {
    QTemporaryDir dir;
    QString cases = writeFile(dir, "c.jsonl",
                              "{\"db_id\": \"d\", \"gold_sql\": \"SELECT 1\", \"pred_sql\": \"SELECT 1\"}\n"
                              "{\"db_id\": 7, \"gold_sql\": \"SELECT 1\"}\n");
    Run missing = cli(
        {"evaluate", "--cases", cases, "--db-root", dir.filePath("nope"), "--out", dir.filePath("o.jsonl")});
    QCOMPARE(missing.exitCode, 2);
    QVERIFY(missing.err.contains("--db-root"));
    QStringList args{
        "evaluate",   "--cases", cases,    "--db-root", dir.path(), "--out", dir.filePath("o.jsonl"),
        "--annotate", "none",    "--quiet"};
    Run r = cli(args);
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.contains("\"rejected_records\"") && r.err.contains("\"count\":1"), r.err.constData());
    Run strict = cli(args + QStringList{"--strict"});
    QCOMPARE(strict.exitCode, 2);
  }
};

QTEST_APPLESS_MAIN(TestCliLimits)
#include "test_cli_limits.moc"
