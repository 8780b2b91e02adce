// Regression test, not a measurement: the automatic C1..C10 labels agree with the hand-labelled
// fixtures of tests/fixtures/annotate (development data the rules were written on) above a floor.
// It guards against breaking the labels; measured figures live in tests/fit/README.md.
#include <QtTest>

#include <map>
#include <set>

#include "engine/annotate/annotate.h"
#include "support/shared_data.h"
#include "tests/engine/annotate/fixtures.h"
#include "tests/engine/annotate/spider_support.h"

using namespace hs::annotate;
using hs::Finding;
using nlohmann::json;

class TestAnnotateFixturesRegression : public QObject {
  Q_OBJECT

  std::map<std::string, hs::db::Schema> schemas_;
  std::vector<json> cases_, clean_;

  Annotation run(const json& c, bool learned) {
    CaseInput in;
    std::string pred = c["pred_sql"], gold = c["gold_sql"], q = c["question"];
    in.predSql = pred;
    in.goldSql = std::string_view(gold);
    in.question = q;
    in.schema = &schemas_[c["db_id"].get<std::string>()];
    if (learned) in.typeModel = &defaultTypeModel();
    return annotateCase(in);
  }

  // The C1..C10 categories the engine gives a case.
  static std::set<std::string> mrTypes(const Annotation& a) {
    std::set<std::string> out;
    for (const Finding& f : a.findings)
      if (f.taxonomy == "mrsqlgen") out.insert(f.category);
    return out;
  }

 private slots:
  void initTestCase() {
    if (hs::test::hasSharedData()) {
      schemas_ = test::loadSpiderSchemas(hs::test::sharedPath("spider/tables.json"));
      QVERIFY(schemas_.count("concert_singer"));
    }
    cases_ = test::readJsonl(test::fixturePath("cases.jsonl"));
    clean_ = test::readJsonl(test::fixturePath("clean.jsonl"));
    QVERIFY(cases_.size() >= 30);
    QVERIFY(clean_.size() >= 20);
  }

  // Per-type precision, recall, F1 and micro-F1 of the automatic C1..C10 against the labels, per
  // case: the rules alone, and with the labels learned from people on top.
  double microF1(bool learned) {
    std::map<std::string, int> tp, fp, fn;
    std::vector<json> all = cases_;
    all.insert(all.end(), clean_.begin(), clean_.end());
    for (const json& c : all) {
      std::set<std::string> exp, got;
      for (const json& l : c["mr"]) exp.insert(l["type"]);
      got = mrTypes(run(c, learned));
      for (const std::string& t : got) ++(exp.count(t) ? tp : fp)[t];
      for (const std::string& t : exp)
        if (!got.count(t)) ++fn[t];
    }
    int TP = 0, FP = 0, FN = 0;
    for (int k = 1; k <= 10; ++k) {
      std::string t = "C" + std::to_string(k);
      double p = tp[t] + fp[t] ? double(tp[t]) / (tp[t] + fp[t]) : 1.0;
      double r = tp[t] + fn[t] ? double(tp[t]) / (tp[t] + fn[t]) : 1.0;
      qInfo("%-4s tp=%2d fp=%2d fn=%2d  P=%.2f R=%.2f F1=%.2f", t.c_str(), tp[t], fp[t], fn[t], p, r,
            p + r > 0 ? 2 * p * r / (p + r) : 0.0);
      TP += tp[t];
      FP += fp[t];
      FN += fn[t];
    }
    double micro = 2.0 * TP / (2.0 * TP + FP + FN);
    qInfo("micro-F1 = %.3f over %zu cases (tp=%d fp=%d fn=%d)", micro, all.size(), TP, FP, FN);
    return TP > 0 ? micro : 0.0;
  }

  void regressionMicroF1FloorOnHandFixtures() {
    HS_REQUIRE_SHARED_DATA();
    // The rules were written against these fixtures, so a high micro-F1 here says nothing about
    // other data; the floor only catches a rule that stopped firing or fires everywhere.
    const double micro = microF1(false);
    QVERIFY2(micro >= 0.85, qPrintable(QString::number(micro)));
  }

  // The learned labels follow how people labelled the MRSQLGen train rows and the train mutants,
  // not these hand fixtures (written with the rules in view, executed nowhere here: the model sees
  // no `pred_ok`), so they agree less than the rules (figures: tests/fit/HISTORY.md); the floor
  // catches a model that fails to load, labels everything or turns the rules' clear types down.
  void regressionLearnedMicroF1FloorOnHandFixtures() {
    HS_REQUIRE_SHARED_DATA();
    const double micro = microF1(true);
    QVERIFY2(micro >= 0.80, qPrintable(QString::number(micro)));
  }
};

QTEST_GUILESS_MAIN(TestAnnotateFixturesRegression)
#include "tst_annotate_fixtures_regression.moc"
