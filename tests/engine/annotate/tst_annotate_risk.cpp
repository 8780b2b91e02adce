// The gold-free risk model: its weights file (resources/risk/weights.json, fitted by
// tests/fit/fit_risk.py on Spider train gold and mutants of it) parses, a garbled file is a clear
// error, and the exported features and the engine's score agree. The AUROC and calibration floors
// on the development run are a regression test of their own (tst_annotate_risk_regression.cpp).
#include <QtTest>

#include <cmath>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "engine/annotate/annotate.h"

using namespace hs::annotate;

namespace {

std::string sourceWeightsText() {
  std::ifstream in(std::string(HALLUSQL_SOURCE_DIR) + "/resources/risk/weights.json", std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The score a reader of an exported feature vector computes from the weights file by hand.
double scoreByHand(const nlohmann::json& weights, const std::vector<double>& x) {
  double z = weights["bias"].get<double>();
  for (std::size_t i = 0; i < x.size(); ++i) z += weights["weights"][i].get<double>() * x[i];
  return 1.0 / (1.0 + std::exp(-z));
}

std::size_t featureIndex(const std::string& name) {
  return riskFeatureIndex(name).value_or(riskFeatureNames().size());
}

}  // namespace

class TestAnnotateRisk : public QObject {
  Q_OBJECT

 private slots:
  void embeddedWeightsLoad() {
    const hs::Error* e = defaultRiskModelError();
    QVERIFY2(e == nullptr, e ? e->describe().c_str() : "");
    // The build embeds the file in the source tree, not a stale copy.
    QCOMPARE(std::string(defaultRiskModelText()), sourceWeightsText());
    auto m = parseRiskModel(defaultRiskModelText());
    QVERIFY(m.ok());
    QCOMPARE(m->weights.size(), riskFeatureNames().size());
    QCOMPARE(m->bias, defaultRiskModel().bias);
    QCOMPARE(m->weights, defaultRiskModel().weights);
    // Provenance: fitted on train data, never on the dev run it is measured on.
    auto j = nlohmann::json::parse(defaultRiskModelText());
    QVERIFY(j.contains("training"));
    QVERIFY(j["training"]["source"].get<std::string>().find("train_gold.sql") != std::string::npos);
    QVERIFY(j["training"]["positives"].get<int>() > 1000);
    QVERIFY(j["training"]["negatives"].get<int>() > 1000);
  }

  void garbledWeightsAreErrors_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("says");
    nlohmann::json good = nlohmann::json::parse(sourceWeightsText());
    auto with = [&](const std::function<void(nlohmann::json&)>& edit) {
      nlohmann::json j = good;
      edit(j);
      return QString::fromStdString(j.dump());
    };
    QTest::newRow("empty") << QString() << "risk weights:";
    QTest::newRow("truncated") << QString::fromStdString(good.dump()).left(40) << "risk weights:";
    QTest::newRow("not an object") << "[1, 2]"
                                   << "JSON object";
    QTest::newRow("no bias") << with([](auto& j) { j.erase("bias"); }) << "`bias`";
    QTest::newRow("bias text") << with([](auto& j) { j["bias"] = "-1"; }) << "`bias`";
    QTest::newRow("no weights") << with([](auto& j) { j.erase("weights"); }) << "`weights`";
    QTest::newRow("one weight short") << with([](auto& j) { j["weights"].erase(j["weights"].size() - 1); })
                                      << "refit with tests/fit/fit_risk.py";
    QTest::newRow("features reordered")
        << with([](auto& j) { std::swap(j["features"][0], j["features"][1]); }) << "feature 0 must be";
    QTest::newRow("weight null") << with([](auto& j) { j["weights"][3] = nullptr; }) << "weight 3";
    QTest::newRow("weight infinite") << with([](auto& j) {
                                          j["weights"][2] = 1e308;
                                        }).replace("1e+308", "1e999")
                                     << "overflow";
  }

  void garbledWeightsAreErrors() {
    QFETCH(QString, text);
    QFETCH(QString, says);
    const std::string t = text.toStdString();
    auto m = parseRiskModel(t);
    QVERIFY2(!m.ok(), qPrintable(text.left(80)));
    QCOMPARE(m.error().code, std::string("risk_weights"));
    QVERIFY2(m.error().message.find(says.toStdString()) != std::string::npos, m.error().message.c_str());
  }

  // The features annotateCase exports (Risk::features) and the weights file give, by hand, the
  // engine's score; a prediction that does not run scores 1 whatever the weights say.
  void exportedFeaturesGiveTheScore() {
    const nlohmann::json w = nlohmann::json::parse(sourceWeightsText());
    struct Item {
      const char* question;
      const char* sql;
      bool failed;
      std::size_t rows;
    };
    const Item items[] = {
        {"How many singers are there?", "SELECT name FROM singer", false, 6},
        {"List the countries in Europe.", "SELECT name FROM country WHERE continent = 'Europe'", false, 0},
        {"Which stadium has the largest capacity?",
         "SELECT T1.name FROM stadium AS T1 JOIN concert AS T2 ON T1.stadium_id = T2.stadium_id GROUP BY "
         "T1.name HAVING count(*) > 1 ORDER BY T1.capacity DESC LIMIT 1",
         false, 1},
        {"Distinct song names?", "SELECT DISTINCT song_name FROM singer UNION SELECT name FROM song", false,
         3},
        {"Average age?", "SELECT avg(age) FROM singer WHERE age > (SELECT min(age) FROM singer)", false, 1},
        {"Names?", "SELECT nam FROM singer", true, 0},
        {"Broken", "SELEC name FROM", true, 0},
    };
    int scored = 0, certain = 0;
    for (const Item& it : items) {
      CaseInput in;
      in.question = it.question;
      in.predSql = it.sql;
      ResultSummary r;
      r.failed = it.failed;
      r.rows = it.rows;
      in.predResult = r;
      Annotation a = annotateCase(in);
      QCOMPARE(a.risk.features.size(), riskFeatureNames().size());
      const double byHand = scoreByHand(w, a.risk.features);
      if (it.failed) {
        QCOMPARE(a.risk.features[featureIndex("execution_error")], 1.0);
        QCOMPARE(a.risk.score, 1.0);  // does not execute: certain, not weighed
        QVERIFY(a.risk.reasons.front().rfind("execution_error", 0) == 0);
        ++certain;
      } else {
        QVERIFY2(std::abs(a.risk.score - byHand) < 1e-12,
                 qPrintable(QString("%1: engine %2, by hand %3").arg(it.sql).arg(a.risk.score).arg(byHand)));
        ++scored;
      }
    }
    QCOMPARE(scored, 5);
    QCOMPARE(certain, 2);
  }

  // The structure features count what a reader counts: WHERE and HAVING conditions (not the ON
  // ones, which the joins count) and aggregates, over every block, each capped at 4.
  void structureFeaturesCountConditionsAndAggregates_data() {
    QTest::addColumn<QString>("sql");
    QTest::addColumn<double>("conditions");
    QTest::addColumn<double>("aggregates");
    QTest::addColumn<double>("joins");
    QTest::newRow("plain") << "SELECT name FROM singer" << 0.0 << 0.0 << 0.0;
    QTest::newRow("two conditions") << "SELECT name FROM singer WHERE age > 30 AND country = 'France'" << 0.5
                                    << 0.0 << 0.0;
    QTest::newRow("ON is the join's")
        << "SELECT T1.name FROM singer AS T1 JOIN concert AS T2 ON T1.id = T2.id" << 0.0 << 0.0 << 0.25;
    QTest::newRow("having and nested")
        << "SELECT country, count(*) FROM singer WHERE age > (SELECT avg(age) FROM singer) GROUP BY country "
           "HAVING max(age) > 40"
        << 0.5 << 0.75 << 0.0;
    QTest::newRow("capped") << "SELECT a FROM t WHERE a = 1 AND b = 2 AND c = 3 AND d = 4 AND e = 5 AND f = 6"
                            << 1.0 << 0.0 << 0.0;
  }
  void structureFeaturesCountConditionsAndAggregates() {
    QFETCH(QString, sql);
    QFETCH(double, conditions);
    QFETCH(double, aggregates);
    QFETCH(double, joins);
    const std::string text = sql.toStdString();  // CaseInput holds views
    CaseInput in;
    in.predSql = text;
    const Annotation a = annotateCase(in);
    QCOMPARE(a.risk.features[featureIndex("conditions")], conditions);
    QCOMPARE(a.risk.features[featureIndex("aggregates")], aggregates);
    QCOMPARE(a.risk.features[featureIndex("joins")], joins);
  }
};

QTEST_GUILESS_MAIN(TestAnnotateRisk)
#include "tst_annotate_risk.moc"
