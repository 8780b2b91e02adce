// hallusql-cli schema and query as processes: JSON on stdout, JSON errors on stderr, exit codes.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "support/run_cli.h"
#include "support/shared_data.h"
#include "support/temp_copy.h"
#include "tests/engine/db/db_test_util.h"

namespace {

struct Run {
  int exitCode = -1;
  QJsonObject out;
  QJsonObject err;
  QByteArray rawOut;
};

// The shared runner, its stdout and stderr read as JSON objects.
Run runCli(const QStringList& args) {
  const hs::test::CliRun c = hs::test::runCli(args, 60000);
  Run r;
  r.exitCode = c.exitCode;
  r.rawOut = c.out;
  r.out = QJsonDocument::fromJson(c.out).object();
  r.err = QJsonDocument::fromJson(c.err).object().value("error").toObject();
  return r;
}

}  // namespace

class TestDbCli : public QObject {
  Q_OBJECT

  QTemporaryDir tmp_;
  QString pets_;

 private slots:
  void initTestCase() {
    QVERIFY(tmp_.isValid());
    pets_ = tmp_.filePath("pets db.sqlite");
    QCOMPARE(hs::test::createSampleDb(pets_), std::string());
    QCOMPARE(hs::test::execOnFile(
                 pets_, "CREATE TABLE odd(t TEXT); INSERT INTO odd VALUES (CAST(x'41ff42' AS TEXT));"),
             std::string());
  }

  void missingFile() {
    QString path = tmp_.filePath("missing.sqlite");
    for (const QStringList& args :
         {QStringList{"schema", "--db", path}, QStringList{"query", "--db", path, "--sql", "SELECT 1"}}) {
      Run r = runCli(args);
      QCOMPARE(r.exitCode, 2);
      QCOMPARE(r.err["kind"].toString(), QString("bad_input"));
      QCOMPARE(r.err["code"].toString(), QString("not_found"));
      QCOMPARE(r.err["where"].toString(), path);
      QVERIFY(r.rawOut.isEmpty());
    }
  }

  void nonSqliteFile() {
    QString path = tmp_.filePath("readme.txt");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray("This is a text file, not SQLite.\n").repeated(50));
    f.close();
    Run r = runCli({"schema", "--db", path});
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.err["code"].toString(), QString("not_a_database"));
    QCOMPARE(r.err["where"].toString(), path);
    QVERIFY(r.err["message"].toString().contains("not a database"));
  }

  void refusedDelete() {
    QByteArray before = hs::test::fileSha256(pets_);
    Run r = runCli({"query", "--db", pets_, "--sql", "DELETE FROM pet"});
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.err["code"].toString(), QString("refused"));
    QVERIFY(r.err["message"].toString().contains("DELETE"));
    QCOMPARE(r.err["offset"].toInt(-1), 0);
    QCOMPARE(hs::test::fileSha256(pets_), before);
  }

  void sqlErrorWithOffset() {
    Run r = runCli({"query", "--db", pets_, "--sql", "SELECT nme FROM pet"});
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.err["code"].toString(), QString("sql"));
    QCOMPARE(r.err["offset"].toInt(-1), 7);
  }

  void schemaJson() {
    Run r = runCli({"schema", "--db", pets_});
    QCOMPARE(r.exitCode, 0);
    QJsonArray tables = r.out["tables"].toArray();
    QCOMPARE(tables.size(), 4);
    QJsonObject pet = tables[1].toObject();
    QCOMPARE(pet["name"].toString(), QString("pet"));
    QCOMPARE(pet["type"].toString(), QString("table"));
    QCOMPARE(pet["row_estimate"].toInt(), 4);
    QJsonObject petId = pet["columns"].toArray()[0].toObject();
    QCOMPARE(petId["name"].toString(), QString("pet_id"));
    QCOMPARE(petId["type"].toString(), QString("INTEGER"));
    QCOMPARE(petId["pk"].toBool(), true);
    QCOMPARE(petId["not_null"].toBool(), false);
    QJsonObject fk = pet["foreign_keys"].toArray()[0].toObject();
    QCOMPARE(fk["table"].toString(), QString("owner"));
    QCOMPARE(fk["from"].toArray()[0].toString(), QString("owner_id"));
    QCOMPARE(tables[2].toObject()["type"].toString(), QString("view"));
  }

  void queryJson() {
    Run r = runCli({"query", "--db", pets_, "--sql",
                    "SELECT pet_id, weight, kind, photo, o.name FROM pet JOIN owner o ON o.id = owner_id "
                    "ORDER BY pet_id"});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out["columns"].toArray().size(), 5);
    QCOMPARE(r.out["row_count"].toInt(), 4);
    QCOMPARE(r.out["truncated"].toBool(), false);
    QVERIFY(r.out["elapsed_ms"].isDouble());
    QJsonArray first = r.out["rows"].toArray()[0].toArray();
    QCOMPARE(first[0].toInt(), 1);
    QCOMPARE(first[1].toDouble(), 12.5);
    QCOMPARE(first[2].toString(), QString("dog"));
    QCOMPARE(first[3].toObject()["blob_hex"].toString(), QString("00ff"));
    QVERIFY(r.out["rows"].toArray()[1].toArray()[3].isNull());
    QJsonArray reads = r.out["reads"].toArray();
    bool sawOwnerName = false;
    for (const auto& x : reads) {
      sawOwnerName = sawOwnerName || (x.toObject()["table"].toString() == "owner" &&
                                      x.toObject()["column"].toString() == "name");
    }
    QVERIFY(sawOwnerName);

    // Invalid UTF-8 in text still gives valid JSON.
    r = runCli({"query", "--db", pets_, "--sql", "SELECT t FROM odd"});
    QCOMPARE(r.exitCode, 0);
    QString text = r.out["rows"].toArray()[0].toArray()[0].toString();
    QVERIFY(text.startsWith("A") && text.endsWith("B") && text.size() == 3);
  }

  void limitsOptions() {
    Run r = runCli({"query", "--db", pets_, "--sql", "SELECT * FROM pet", "--max-rows", "2"});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out["row_count"].toInt(), 2);
    QCOMPARE(r.out["truncated"].toBool(), true);

    r = runCli({"query", "--db", pets_, "--timeout-ms", "200", "--sql",
                "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"});
    QCOMPARE(r.err["kind"].toString(), QString("timeout"));
    QVERIFY(r.exitCode != 0);

    r = runCli({"query", "--db", pets_, "--sql", "SELECT 1", "--max-rows", "lots"});
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.err["code"].toString(), QString("usage"));
    r = runCli({"query", "--db", pets_});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err["message"].toString().contains("--sql"));
  }

  // The printed cells are capped (--max-output-mb): a big blob is not dumped as hex.
  void outputIsCappedThroughSerialisation() {
    Run r = runCli({"query", "--db", pets_, "--max-output-mb", "1", "--sql",
                    "SELECT randomblob(600000) UNION ALL SELECT randomblob(600000)"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out["truncated"].toBool());
    QCOMPARE(r.out["truncated_by"].toString(), QString("output_bytes"));
    QCOMPARE(r.out["row_count"].toInt(), 0);  // the first row alone needs 1.2 MB of hex
    QVERIFY2(r.rawOut.size() < 4096, r.rawOut.left(200).constData());
    Run small = runCli({"query", "--db", pets_, "--max-output-mb", "2", "--sql",
                        "SELECT randomblob(600000) UNION ALL SELECT randomblob(600000)"});
    QCOMPARE(small.out["row_count"].toInt(), 1);
    QCOMPARE(small.out["truncated_by"].toString(), QString("output_bytes"));
  }

  // Hostile statements end at their limits with a clear error (exit 3 for the time limit, 2 for
  // memory and value size), also while they are prepared.
  void hostileStatementsStopAtTheirLimits() {
    QString chain = "WITH a0(x) AS (SELECT 1)";
    for (int i = 1; i <= 22; ++i)
      chain += QString(", a%1(x) AS (SELECT x FROM a%2 UNION ALL SELECT x FROM a%2)").arg(i).arg(i - 1);
    chain += " SELECT 1 FROM a22 LIMIT 1";
    Run cte = runCli({"query", "--db", pets_, "--timeout-ms", "300", "--max-memory-mb", "0", "--sql", chain});
    QCOMPARE(cte.exitCode, 3);  // a timeout is ErrorKind::Timeout: exit 3
    QCOMPARE(cte.err["code"].toString(), QString("timeout"));
    QVERIFY(cte.err["message"].toString().contains("--timeout-ms"));
    Run mem = runCli({"query", "--db", pets_, "--timeout-ms", "0", "--max-memory-mb", "16", "--sql", chain});
    QCOMPARE(mem.exitCode, 2);
    QCOMPARE(mem.err["code"].toString(), QString("memory_limit"));
    QVERIFY(mem.err["message"].toString().contains("needed more than 16 MB"));
    QVERIFY(mem.err["message"].toString().contains("--max-memory-mb"));
    Run prep = runCli({"query", "--db", pets_, "--sql", chain});  // default limits
    QCOMPARE(prep.exitCode, 2);
    QVERIFY(prep.err["message"].toString().contains("before it started"));
    Run big = runCli({"query", "--db", pets_, "--sql", "SELECT randomblob(250000000)"});
    QCOMPARE(big.exitCode, 2);
    QCOMPARE(big.err["code"].toString(), QString("memory_limit"));
    QVERIFY(big.err["message"].toString().contains("--max-value-mb"));
    Run pf = runCli({"query", "--db", pets_, "--sql", "SELECT printf('%.*c', 1e9, 'x')"});
    QCOMPARE(pf.exitCode, 2);
    QCOMPARE(pf.err["code"].toString(), QString("memory_limit"));
    QVERIFY(pf.err["message"].toString().contains("per-value limit"));
  }

  void spiderSchema() {
    HS_REQUIRE_SHARED_DATA();
    Run r = runCli({"schema", "--db", QString::fromStdString(hs::test::spiderDb("concert_singer"))});
    QCOMPARE(r.exitCode, 0);
    QStringList names;
    for (const auto& t : r.out["tables"].toArray()) names << t.toObject()["name"].toString();
    QCOMPARE(names, (QStringList{"stadium", "singer", "concert", "singer_in_concert"}));
  }
};

QTEST_GUILESS_MAIN(TestDbCli)
#include "test_db_cli.moc"
