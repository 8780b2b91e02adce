// engine/abstain: the lexical feasibility check, the risk decision after generation, and
// `generate --abstain` (an abstention before generation makes no LLM call) against the fake server.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include "engine/abstain/abstain.h"
#include "engine/abstain/abstain_bench.h"
#include "support/fake_llm/fake_llm.h"
#include "support/run_cli.h"
#include "tests/engine/llm/llm_test_support.h"
#include "tests/engine/mutate/zoo_db.h"

using namespace hs;

namespace {
nlohmann::json runCli(const QStringList& args, int* exitCode) {
  hs::test::CliRun r = hs::test::runCli(args, 60000);
  *exitCode = r.exitCode;
  return nlohmann::json::parse(r.out.toStdString(), nullptr, false);
}
}  // namespace

class TestAbstain : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  std::string root_;
  std::unique_ptr<db::Database> db_;

 private slots:
  void initTestCase() {
    root_ = test::makeZooRoot(dir_);
    QVERIFY(!root_.empty());
    auto d = db::Database::openReadOnly(root_ + "/zoo/zoo.sqlite");
    QVERIFY(d.ok());
    db_ = std::move(d.value());
  }

  void feasibleQuestionPasses() {
    auto d = abstain::beforeGeneration("What are the names of the dogs older than 4?", *db_, {});
    QVERIFY(!d.abstained);
    QVERIFY2(d.check.unmatched.empty(), d.check.unmatched.empty() ? "" : d.check.unmatched.front().c_str());
    QCOMPARE(d.check.type, std::string("feasible"));  // "dogs": a stored value; "names", "older": generic
    QVERIFY(d.check.unmatched.empty());
    QVERIFY(d.check.valueLookups > 0);
  }

  void missingColumnAbstainsWithReason() {
    auto d =
        abstain::beforeGeneration("What is the salary and the vaccination status of each animal?", *db_, {});
    QVERIFY(d.abstained);
    QCOMPARE(d.stage, std::string("before_generation"));
    QVERIFY2(d.reason.find("'salary'") != std::string::npos, d.reason.c_str());
    QVERIFY(d.score >= 0.5);
    QCOMPARE(d.check.type, std::string("column-related"));  // "animal" matched, "salary" did not
    // One unmatched word somewhere in the question is weak evidence (0.3, under the threshold) ...
    auto one = abstain::beforeGeneration("How many animals does the zookeeper have?", *db_, {});
    QVERIFY(!one.abstained);
    QCOMPARE(one.score, 0.3);
    // ... but as the asked attribute of an entity with a table it is strong: "the salary of each
    // animal" links "animal" to the table and "salary" to nothing.
    auto asked = abstain::beforeGeneration("What is the salary of each animal?", *db_, {});
    QVERIFY(asked.abstained);
    QCOMPARE(asked.check.type, std::string("column-related"));
    QCOMPARE(asked.check.attribute, std::string("salary"));
    QCOMPARE(asked.check.entityTable, std::string("animal"));
  }

  // "the <attribute> of <entity>": the entity's table lacks a column another table has.
  void attributeOfEntity() {
    QTemporaryDir dir;
    const QString path = dir.filePath("pets.sqlite");
    QVERIFY(
        test::execOnFile(path,
                         "CREATE TABLE owners(id INTEGER PRIMARY KEY, first_name TEXT, city TEXT);"
                         "CREATE TABLE pets(id INTEGER PRIMARY KEY, owner_id INTEGER REFERENCES owners(id), "
                         "name TEXT, species TEXT, age INTEGER);"
                         "INSERT INTO owners VALUES (1,'Ann','Leeds');"
                         "INSERT INTO pets VALUES (1,1,'Rex','dog',3);")
            .empty());
    auto opened = db::Database::openReadOnly(path.toStdString());
    QVERIFY(opened.ok());
    db::Database& pets = *opened.value();
    auto surface = abstain::beforeGeneration("What is the age of each owner?", pets, {});
    QVERIFY(surface.abstained);
    QCOMPARE(surface.check.type, std::string("column-surface"));
    QCOMPARE(surface.check.entityTable, std::string("owners"));
    QCOMPARE(surface.check.attributeTables, std::vector<std::string>{"pets"});
    QVERIFY2(surface.reason.find("'age'") != std::string::npos, surface.reason.c_str());
    auto possessive = abstain::beforeGeneration("List every owner's age.", pets, {});
    QCOMPARE(possessive.check.type, std::string("column-surface"));
    // Feasible: the entity's own column, a column its foreign key leads to, a relation between
    // entities, and an aggregate over the rows that point at the entity.
    for (const char* q :
         {"What is the age of each pet?", "What is the city of the owner of each pet?",
          "Show the pets of each owner.", "What is the average age of the pets of each owner?",
          "What is the total age of owners?"}) {
      auto d = abstain::beforeGeneration(q, pets, {});
      QVERIFY2(!d.abstained, q);
      QVERIFY2(d.check.attribute.empty(), q);
    }
  }

  void cues() {
    auto p = abstain::beforeGeneration("Predict the weight of each dog next year.", *db_, {});
    QVERIFY(p.abstained);
    QCOMPARE(p.check.type, std::string("non-sql"));
    auto e = abstain::beforeGeneration("Which animals are famous according to Wikipedia?", *db_, {});
    QVERIFY(e.abstained);
    QCOMPARE(e.check.type, std::string("external-knowledge"));
  }

  void riskAfterGeneration() {
    Case c;
    c.dbId = "zoo";
    c.question = "How many animals?";
    c.predSql = "SELECT count(*) FROM animal";
    auto ok = abstain::afterGeneration(c, root_, {});
    QCOMPARE(ok.stage, std::string("after_generation"));
    QVERIFY(ok.score > 0.0 && ok.score < 0.5);
    QVERIFY(!ok.abstained);
    abstain::AbstainOptions strict;
    strict.riskThreshold = 0.0;  // abstain on anything: the reason names the risk
    auto no = abstain::afterGeneration(c, root_, strict);
    QVERIFY(no.abstained);
    QVERIFY(no.reason.find("risk") != std::string::npos);
  }

  void benchCountsPolicies() {
    std::vector<abstain::AbstainItem> items(3);
    items[0] = {"f1", "zoo", "How many animals are there?", true, "", true, 0.1, 0.0, ""};
    items[1] = {"f2", "zoo", "List the names of the cats.", true, "", false, 0.9, 0.0, ""};
    items[2] = {"i1",         "zoo",     "Predict the age of each cat next year.",
                false,        "non-sql", std::nullopt,
                std::nullopt, 0.0,       ""};
    auto j = abstain::benchAbstention(items, root_, {});
    QCOMPARE(j["feasibility_auroc"].get<double>(), 1.0);
    // Answer everything: +1, -c, -c. Abstain from everything: 0, 0, +1. Before + after: +1, 0, +1.
    QCOMPARE(j["rs"]["answer_everything"]["rs_10"].get<double>(), (1.0 - 10.0 - 10.0) / 3.0);
    QCOMPARE(j["rs"]["abstain_from_everything"]["rs_10"].get<double>(), 1.0 / 3.0);
    QCOMPARE(j["rs"]["abstain_before_generation"]["rs_10"].get<double>(), (1.0 - 10.0 + 1.0) / 3.0);
    QCOMPARE(j["rs"]["abstain_before_and_after"]["rs_10"].get<double>(), 2.0 / 3.0);
    QCOMPARE(j["penalties"]["c_N"].get<double>(), 3.0);
  }

  void generateAbstainsWithoutLlmCall() {
    test::FakeLlmServer server(test::fakeLlmScript());
    server.setDefault({{"content", "```sql\nSELECT count(*) FROM animal\n```"}});
    QStringList llm{"--base-url", QString::fromStdString(server.baseUrl()), "--model", "fake-model"};
    QString db = QString::fromStdString(root_ + "/zoo/zoo.sqlite");
    int code = -1;
    auto no = runCli(QStringList{"generate", "--db", db, "--question",
                                 "Predict the weight of each dog next year.", "--abstain"} +
                         llm,
                     &code);
    QCOMPARE(code, 0);
    QVERIFY(no["abstained"].get<bool>());
    QVERIFY(no["abstain_reason"].get<std::string>().find("predict") != std::string::npos);
    QCOMPARE(server.requests(), 0);  // no LLM call
    auto yes = runCli(
        QStringList{"generate", "--db", db, "--question", "How many animals?", "--abstain"} + llm, &code);
    QCOMPARE(code, 0);
    QVERIFY(!yes["abstained"].get<bool>());
    QVERIFY(yes["abstain_reason"].is_null());
    QCOMPARE(yes["abstain"]["stage"].get<std::string>(), std::string("after_generation"));
    QCOMPARE(server.stats().value("chat_requests", -1), 1);
  }
};

QTEST_GUILESS_MAIN(TestAbstain)
#include "test_abstain.moc"
