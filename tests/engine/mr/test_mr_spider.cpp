// The 17 MRs over every Spider dev question: how many apply per question, and how many follow-ups
// the lexicon produces without any LLM call. Needs ../shared/data (skips without it).
#include <QtTest>

#include <fstream>
#include <map>

#include <nlohmann/json.hpp>

#include "engine/mr/applicability.h"
#include "support/shared_data.h"

class TestMrSpider : public QObject {
  Q_OBJECT
 private slots:
  void distributionOverSpiderDev() {
    HS_REQUIRE_SHARED_DATA();
    std::ifstream tablesFile(hs::test::sharedPath("spider/tables.json"));
    std::ifstream devFile(hs::test::sharedPath("spider/dev.json"));
    QVERIFY(tablesFile && devFile);
    auto tables = nlohmann::json::parse(tablesFile);
    auto dev = nlohmann::json::parse(devFile);
    std::map<std::string, hs::mr::SchemaNames> schemas;
    for (const auto& db : tables) {
      hs::mr::SchemaNames names;
      for (const auto& t : db["table_names_original"]) names.tables.push_back(t.get<std::string>());
      for (const auto& c : db["column_names_original"]) names.columns.push_back(c[1].get<std::string>());
      schemas[db["db_id"].get<std::string>()] = names;
    }

    std::map<int, int> perQuestion;    // number of applicable MRs -> questions
    std::map<std::string, int> perMr;  // MR -> questions it applies to
    int deterministic = 0;
    int questions = 0;
    for (const auto& item : dev) {
      const std::string question = item["question"].get<std::string>();
      const auto& schema = schemas[item["db_id"].get<std::string>()];
      auto all = hs::mr::assessQuestion(question, schema);
      QCOMPARE(all.size(), std::size_t{17});
      int applicable = 0;
      for (const auto& a : all) {
        if (!a.applicable) {
          QVERIFY2(!a.reason.empty(), "an inapplicable MR must say why");
          continue;
        }
        ++applicable;
        ++perMr[std::string(a.mr->abbrev)];
        if (a.mr->producer == hs::mr::Producer::Lexicon) {
          ++deterministic;
          // A follow-up differs from its source, and its changed spans hold the replacement text.
          QVERIFY2(a.followUp.question != question, question.c_str());
          for (auto [b, e] : a.followUp.changed) QVERIFY(b < e && e <= a.followUp.question.size());
          QCOMPARE(a.followUp.edits.size(), std::size_t{1});
          const auto& edit = a.followUp.edits.front();
          QVERIFY(edit.begin <= edit.end && edit.end <= question.size());
          QCOMPARE(a.followUp.question,
                   question.substr(0, edit.begin) + edit.replacement + question.substr(edit.end));
        }
      }
      // SC always applies and DSR/DR apply to every Spider database.
      QVERIFY(applicable >= 3);
      ++perQuestion[applicable];
      ++questions;
    }
    QCOMPARE(questions, 1034);
    QString dist;
    for (auto [k, v] : perQuestion) dist += QStringLiteral("%1:%2 ").arg(k).arg(v);
    QString mrs;
    for (const auto& [k, v] : perMr) mrs += QStringLiteral("%1=%2 ").arg(QString::fromStdString(k)).arg(v);
    qInfo().noquote() << "applicable MRs per question (count:questions):" << dist;
    qInfo().noquote() << "questions per MR:" << mrs;
    qInfo().noquote() << "deterministic (lexicon) follow-ups without an LLM call:" << deterministic;
    // Every Spider question can take a prefix insertion or substitution, so PI + PS cover them all.
    QCOMPARE(perMr["PI"] + perMr["PR"], questions);
    QVERIFY(perMr["AROE"] > 50);
    QVERIFY(perMr["AROCW"] > 50);
  }
};

QTEST_GUILESS_MAIN(TestMrSpider)
#include "test_mr_spider.moc"
