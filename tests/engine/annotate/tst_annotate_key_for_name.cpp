// The question cue `cue_key_for_name` on a real (temporary) SQLite database with declared keys,
// through the rule annotator of evaluation runs: a key selected where the question asks for the
// name it stands for fires; the name (joined), a question asking for the id, and a table known by
// its key alone do not. A fired cue with a positive weight is among the risk reasons.
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

#include "engine/annotate/risk.h"
#include "support/rule_eval.h"

namespace {

// airlines (uid key, Airline the name), flights (Airline a foreign key to airlines), and samples
// (a table with no name: its key is what it is known by), read by tests.
constexpr const char* kSetup =
    "CREATE TABLE airlines (uid INTEGER PRIMARY KEY, Airline TEXT, Country TEXT);"
    "INSERT INTO airlines VALUES (1, 'United', 'USA'), (2, 'Delta', 'USA'), (3, 'Lufthansa', 'Germany');"
    "CREATE TABLE flights (fno INTEGER PRIMARY KEY, Airline INTEGER REFERENCES airlines(uid), dest TEXT);"
    "INSERT INTO flights VALUES (1, 1, 'AKO'), (2, 1, 'ABQ'), (3, 2, 'AKO'), (4, 3, 'JFK');"
    "CREATE TABLE samples (sample_id INTEGER PRIMARY KEY, label TEXT);"
    "INSERT INTO samples VALUES (1, '+'), (2, '-');"
    "CREATE TABLE tests (tid INTEGER PRIMARY KEY, sample_id INTEGER REFERENCES samples(sample_id), value "
    "REAL);"
    "INSERT INTO tests VALUES (1, 1, 0.5), (2, 2, 1.5);";

// As Spider's flight_2: flights.Airline (part of the composite primary key) refers to airlines.uid
// with no FOREIGN KEY clause; charters.Airline is a text column (another type affinity than
// airlines.uid): the name itself.
constexpr const char* kUndeclared =
    "CREATE TABLE airlines (uid INTEGER PRIMARY KEY, Airline TEXT, Country TEXT);"
    "INSERT INTO airlines VALUES (1, 'United', 'USA'), (2, 'Delta', 'USA');"
    "CREATE TABLE flights (Airline INTEGER, FlightNo INTEGER, dest TEXT, PRIMARY KEY (Airline, FlightNo));"
    "INSERT INTO flights VALUES (1, 1, 'AKO'), (1, 2, 'ABQ'), (2, 3, 'AKO');"
    "CREATE TABLE charters (cno INTEGER PRIMARY KEY, Airline TEXT, dest TEXT);"
    "INSERT INTO charters VALUES (1, 'United', 'AKO'), (2, 'United', 'JFK');";

struct Fixture {
  explicit Fixture(const char* setup = kSetup)
      : ok(dir.isValid() && hs::test::makeDatabase(dir.path().toStdString(), setup)) {}
  QTemporaryDir dir;
  bool ok;

  hs::eval::CaseOutcome run(const std::string& sql, const std::string& question) const {
    return hs::test::evaluateWithRules(dir.path().toStdString(), sql, sql, question);
  }
  std::vector<hs::Finding> of(const std::string& sql, const std::string& question) const {
    std::vector<hs::Finding> out;
    for (const hs::Finding& f : run(sql, question).findings)
      if (f.category == "cue_key_for_name") out.push_back(f);
    return out;
  }
};

double weightOf(const std::string& feature) {
  return hs::test::riskWeight(feature);
}

}  // namespace

class TestAnnotateKeyForName : public QObject {
  Q_OBJECT
 private slots:
  void foreignKeyForAName() {
    Fixture x;
    QVERIFY(x.ok);
    const std::string sql = "SELECT Airline FROM flights GROUP BY Airline ORDER BY COUNT(*) DESC LIMIT 1";
    const auto f = x.of(sql, "What airline serves the most flights?");
    QCOMPARE(f.size(), std::size_t(1));
    QCOMPARE(sql.substr(f[0].spans.at(0).begin, f[0].spans.at(0).end - f[0].spans.at(0).begin),
             std::string("Airline"));
    QVERIFY(f[0].message.find("airlines") != std::string::npos);
    // The correct counterpart joins the table that holds the name.
    QVERIFY(x.of("SELECT T1.Airline FROM airlines AS T1 JOIN flights AS T2 ON T1.uid = T2.Airline "
                 "GROUP BY T1.Airline ORDER BY COUNT(*) DESC LIMIT 1",
                 "What airline serves the most flights?")
                .empty());
    // The question asks for the key itself.
    QVERIFY(x.of(sql, "What is the id of the airline that serves the most flights?").empty());
    // No question, no cue.
    QVERIFY(x.of(sql, "").empty());
  }

  void undeclaredKeyForAName() {
    Fixture x(kUndeclared);
    QVERIFY(x.ok);
    // flights.Airline is named after airlines and has the type of its one-column key: a key.
    const auto f = x.of("SELECT Airline FROM flights GROUP BY Airline ORDER BY COUNT(*) DESC LIMIT 1",
                        "What airline serves the most flights?");
    QCOMPARE(f.size(), std::size_t(1));
    QVERIFY(f[0].message.find("airlines") != std::string::npos);
    // The correct counterpart joins airlines for the name.
    QVERIFY(x.of("SELECT T1.Airline FROM airlines AS T1 JOIN flights AS T2 ON T1.uid = T2.Airline "
                 "GROUP BY T1.Airline ORDER BY COUNT(*) DESC LIMIT 1",
                 "What airline serves the most flights?")
                .empty());
    // charters.Airline is text, airlines.uid an integer: the column holds the name itself.
    QVERIFY(x.of("SELECT Airline FROM charters GROUP BY Airline ORDER BY COUNT(*) DESC LIMIT 1",
                 "What airline runs the most charters?")
                .empty());
  }

  void primaryKeyForAName() {
    Fixture x;
    QVERIFY(x.ok);
    QCOMPARE(x.of("SELECT uid FROM airlines WHERE Country = 'USA'", "List the names of airlines in the USA.")
                 .size(),
             std::size_t(1));
    QVERIFY(x.of("SELECT uid, Airline FROM airlines WHERE Country = 'USA'",
                 "List the names of airlines in the USA.")
                .empty());
    // Name and id asked, only the key given: the name is missing.
    QCOMPARE(x.of("SELECT uid FROM airlines", "List the id and name of every airline.").size(),
             std::size_t(1));
  }

  void tableKnownByItsKey() {
    Fixture x;
    QVERIFY(x.ok);
    // samples has no name (label is an attribute): its key is the answer.
    QVERIFY(x.of("SELECT sample_id FROM tests WHERE value > 1", "Which samples have a test value above 1?")
                .empty());
  }

  void riskReason() {
    Fixture x;
    QVERIFY(x.ok);
    const auto o = x.run("SELECT Airline FROM flights GROUP BY Airline ORDER BY COUNT(*) DESC LIMIT 1",
                         "What airline serves the most flights?");
    QVERIFY(o.risk.has_value());
    const bool reason = std::any_of(o.risk->reasons.begin(), o.risk->reasons.end(), [](const std::string& r) {
      return r.rfind("cue_key_for_name: ", 0) == 0;
    });
    QCOMPARE(reason, weightOf("cue_key_for_name") > 0);
    QVERIFY(weightOf("cue_key_for_name") > 0);  // fitted on BIRD (tests/fit/README.md)
  }
};

QTEST_GUILESS_MAIN(TestAnnotateKeyForName)
#include "tst_annotate_key_for_name.moc"
