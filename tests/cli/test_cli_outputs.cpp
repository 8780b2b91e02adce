// hallusql-cli's output options never destroy an input: --out, --summary, --csv pointed at the
// workspace, a user's database or the cases file (directly or through a symbolic link) are refused
// with exit 2 and every byte of those files stays as it was; an accepted output is written whole
// and private (0600).
#include <QtTest>

#include <sys/stat.h>
#include <unistd.h>

#include <QCryptographicHash>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include "support/run_cli.h"

namespace {

using Run = hs::test::CliRun;

QByteArray sha(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return "missing";
  return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256).toHex();
}

QString errorCode(const Run& r) {
  const QJsonObject o = QJsonDocument::fromJson(r.err.split('\n').first()).object();
  return o.value("error").toObject().value("code").toString();
}

}  // namespace

class TestCliOutputs : public QObject {
  Q_OBJECT

  QTemporaryDir tmp_;
  QString dir_, ws_, db_, cases_;

 private slots:
  void initTestCase() {
    dir_ = tmp_.filePath("demo");
    Run r = hs::test::runCli({"demo", "--dir", dir_, "--out", tmp_.filePath("demo.json")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    ws_ = dir_ + "/demo.hallusql";
    db_ = dir_ + "/demo.sqlite";
    cases_ = tmp_.filePath("cases.jsonl");
    QVERIFY(QFile::copy(QStringLiteral(HALLUSQL_SOURCE_DIR "/resources/demo/cases.jsonl"), cases_));
    QVERIFY(QFile::exists(ws_) && QFile::exists(db_));
  }

  void outputsThatAreInputsAreRefused_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("code");
    const QString link = tmp_.filePath("link-to-workspace");
    QFile::link(ws_, link);
    const QStringList eval = {"evaluate", "--cases", cases_, "--db-root", dir_};
    for (const char* format : {"html", "csv", "jsonl", "pdf"})
      QTest::newRow(qPrintable(QStringLiteral("report --format %1 --out W").arg(format)))
          << QStringList{"report", "--workspace", ws_, "--format", format, "--out", ws_} << "output_is_input";
    QTest::newRow("report --out link to W")
        << QStringList{"report", "--workspace", ws_, "--out", link} << "output_is_input";
    QTest::newRow("evaluate --out W") << (eval + QStringList{"--out", ws_}) << "output_is_database";
    QTest::newRow("evaluate --out W --workspace W")
        << (eval + QStringList{"--out", ws_, "--workspace", ws_}) << "output_is_input";
    QTest::newRow("evaluate --summary W")
        << (eval + QStringList{"--out", tmp_.filePath("o.jsonl"), "--summary", ws_}) << "output_is_database";
    QTest::newRow("evaluate --out a user's database")
        << (eval + QStringList{"--out", db_}) << "output_is_database";
    QTest::newRow("evaluate --out its -wal")
        << (eval + QStringList{"--out", db_ + "-wal"}) << "output_is_database";
    QTest::newRow("evaluate --out = --cases") << (eval + QStringList{"--out", cases_}) << "output_is_input";
    QTest::newRow("evaluate --out = --summary")
        << (eval + QStringList{"--out", tmp_.filePath("same.json"), "--summary", tmp_.filePath("same.json")})
        << "output_is_input";
    QTest::newRow("drilldown stats --csv W")
        << QStringList{"drilldown", "stats", "--workspace", ws_, "--run", "1", "--csv", ws_}
        << "output_is_input";
    QTest::newRow("annotations export --out W")
        << QStringList{"annotations", "export", "--workspace", ws_, "--reviewer", "ann", "--out", ws_}
        << "output_is_input";
  }

  void outputsThatAreInputsAreRefused() {
    QFETCH(QStringList, args);
    QFETCH(QString, code);
    const QByteArray before[] = {sha(ws_), sha(db_), sha(cases_)};
    Run r = hs::test::runCli(args);
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(errorCode(r), code);
    QCOMPARE(sha(ws_), before[0]);
    QCOMPARE(sha(db_), before[1]);
    QCOMPARE(sha(cases_), before[2]);
    QVERIFY(!QFile::exists(db_ + "-wal"));
    QVERIFY(!QFile::exists(tmp_.filePath("same.json")));
  }

  void theWorkspaceStillOpens() {
    Run r =
        hs::test::runCli({"report", "--workspace", ws_, "--format", "csv", "--out", tmp_.filePath("r.csv")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
  }

  void acceptedOutputsAreWholeAndPrivate() {
    const QString out = tmp_.filePath("fresh.jsonl");
    Run r = hs::test::runCli({"evaluate", "--cases", cases_, "--db-root", dir_, "--out", out, "--quiet"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll().count('\n'), 12);
    struct stat st {};
    QCOMPARE(::stat(out.toUtf8().constData(), &st), 0);
    QCOMPARE(st.st_mode & 0777, mode_t{0600});
    // Nothing left beside it: no temporary sibling.
    QCOMPARE(QDir(tmp_.path()).entryList({".fresh.jsonl*"}, QDir::Files | QDir::Hidden).size(), 0);
  }

  void aRunLongerThanAChunkIsWholeAndSummedUp() {
    // evaluate works through 4,096 cases at a time; the output and the summary cover them all.
    const QString many = tmp_.filePath("many.jsonl");
    QFile f(many);
    QVERIFY(f.open(QIODevice::WriteOnly));
    for (int i = 0; i < 5000; ++i)
      f.write(QStringLiteral("{\"id\": \"m:%1\", \"db_id\": \"demo\", \"question\": \"q\", \"gold_sql\": "
                             "\"SELECT %2\", \"pred_sql\": \"SELECT %3\"}\n")
                  .arg(i)
                  .arg(i % 7)
                  .arg(i % 5 == 0 ? 99 : i % 7)
                  .toUtf8());
    f.close();
    const QString out = tmp_.filePath("many-out.jsonl");
    Run r = hs::test::runCli(
        {"evaluate", "--cases", many, "--db-root", dir_, "--out", out, "--annotate", "none", "--quiet"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QFile o(out);
    QVERIFY(o.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = o.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 5000);
    QVERIFY(lines.last().contains("\"m:4999\""));
    const QJsonObject summary = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(summary.value("counts").toObject().value("cases").toInt(), 5000);
    // Every fifth prediction answers 99 instead of the gold's value: 1,000 wrong of 5,000.
    const QJsonObject set = summary.value("ex").toObject().value("set").toObject();
    QCOMPARE(set.value("scored").toInt(), 5000);
    QCOMPARE(set.value("correct").toInt(), 4000);
  }
};

QTEST_GUILESS_MAIN(TestCliOutputs)
#include "test_cli_outputs.moc"
