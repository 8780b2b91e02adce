// The learned C1..C10 labels (engine/annotate/learned_types.h): the embedded model loads, gives the
// recorded train rows the types tests/fit/fit_types.py's fitted model gives them, and every label
// it adds keeps a span and a reason.
#include <QtTest>

#include <cmath>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/annotate/annotate.h"
#include "engine/annotate/learned_types.h"
#include "engine/core/finding_messages.h"
#include "engine/core/finding_texts.h"

using namespace hs::annotate;
using hs::Finding;
using nlohmann::json;

namespace {

// A model that labels `on` always and `off` never, whatever the features say.
TypeModel fixedModel(const std::vector<std::string>& on, const std::vector<std::string>& off) {
  TypeModel m;
  for (const auto& [types, bias] : {std::pair{on, 20.0}, std::pair{off, -20.0}})
    for (const std::string& t : types)
      m.learned.push_back({t, bias, std::vector<double>(typeFeatureNames().size(), 0.0), 0.5, std::nullopt});
  return m;
}

Annotation run(std::string_view gold, std::string_view pred, const TypeModel* model) {
  CaseInput in;
  in.predSql = pred;
  in.goldSql = gold;
  in.typeModel = model;
  in.keepTypeFeatures = true;
  return annotateCase(in);
}

std::set<std::string> ctypes(const Annotation& a) {
  std::set<std::string> out;
  for (const Finding& f : a.findings)
    if (f.taxonomy == "mrsqlgen") out.insert(f.category);
  return out;
}

constexpr std::string_view kJoin =
    "SELECT T1.name FROM singer AS T1 JOIN concert AS T2 ON T1.id = T2.sid WHERE T2.year = 2014";
constexpr std::string_view kIn =
    "SELECT name FROM singer WHERE id IN (SELECT sid FROM concert WHERE year = 2015)";

// parseTypeModel refuses `model` with code type_weights and a message that names `says`.
void expectRefused(const json& model, const std::string& says) {
  auto m = parseTypeModel(model.dump());
  QVERIFY2(!m.ok(), says.c_str());
  QCOMPARE(m.error().code, std::string("type_weights"));
  QVERIFY2(m.error().message.find(says) != std::string::npos, m.error().message.c_str());
}

}  // namespace

class TestAnnotateLearnedTypes : public QObject {
  Q_OBJECT

 private slots:
  void embeddedModelLoads() {
    const hs::Error* e = defaultTypeModelError();
    QVERIFY2(e == nullptr, e ? e->describe().c_str() : "");
    QVERIFY(!defaultTypeModel().empty());
    std::set<std::string> names(typeFeatureNames().begin(), typeFeatureNames().end());
    QCOMPARE(names.size(), typeFeatureNames().size());  // no name twice
  }

  // A broken weights file is an error that says what is wrong, never a model that labels at random.
  void garbledWeightsAreErrors() {
    json good = json::object();
    good["features"] = typeFeatureNames();
    good["types"] = json::array({{{"type", "C3"},
                                  {"bias", -1.0},
                                  {"threshold", 0.5},
                                  {"weights", std::vector<double>(typeFeatureNames().size(), 0.1)}}});
    QVERIFY(parseTypeModel(good.dump()).ok());
    const std::pair<std::function<void(json&)>, std::string> cases[] = {
        {[](json& j) { j.erase("features"); }, "`features`"},
        {[](json& j) { std::swap(j["features"][0], j["features"][1]); }, "feature 0 must be"},
        {[](json& j) { j["features"].erase(j["features"].size() - 1); }, "refit with tests/fit/fit_types.py"},
        {[](json& j) { j["types"][0]["weights"].erase(0); }, "C3: expected"},
        {[](json& j) { j["types"][0]["weights"][7] = nullptr; }, "C3: weight 7 must be a finite number"},
        {[](json& j) { j["types"][0]["type"] = "C11"; }, "C1..C10"},
        {[](json& j) { j["types"][0].erase("threshold"); }, "`threshold`"},
    };
    for (const auto& [edit, says] : cases) {
      json j = good;
      edit(j);
      expectRefused(j, says);
    }
  }

  // The engine's decision on feature vectors of train rows equals the fitted model's (Python).
  void recordedRowsGetTheFittedModelsTypes() {
    std::ifstream in(std::string(HALLUSQL_SOURCE_DIR) + "/tests/engine/annotate/learned_types_rows.json");
    QVERIFY(in.good());
    const json rows = json::parse(in)["rows"];
    QVERIFY(rows.size() >= 10);
    const std::vector<std::string>& names = typeFeatureNames();
    std::map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < names.size(); ++i) index[names[i]] = i;
    const TypeModel& model = defaultTypeModel();
    for (const json& r : rows) {
      std::vector<double> x(names.size(), 0.0);
      for (const auto& [name, value] : r["features"].items()) {
        QVERIFY2(index.count(name), name.c_str());
        x[index[name]] = value.get<double>();
      }
      std::vector<std::string> rules;
      for (int t = 1; t <= 10; ++t)
        if (x[index["rule:C" + std::to_string(t)]] > 0) rules.push_back("C" + std::to_string(t));
      std::vector<double> p;
      const std::vector<std::string> got = decideTypes(model, x, rules, &p);
      QCOMPARE(got, r["types"].get<std::vector<std::string>>());
      for (std::size_t i = 0; i < model.learned.size(); ++i)
        QVERIFY(std::abs(p[i] - r["probabilities"][model.learned[i].type].get<double>()) < 1e-5);
    }
  }

  // A type the rules did not give gets a finding on the clause where the queries differ: here the
  // gold's join, which the prediction writes as an IN subquery.
  void learnedLabelKeepsSpanAndReason() {
    const Annotation rules = run(kJoin, kIn, nullptr);
    QVERIFY(!ctypes(rules).empty());
    QVERIFY(!ctypes(rules).count("C3"));
    const TypeModel model = fixedModel({"C3"}, {});
    const Annotation a = run(kJoin, kIn, &model);
    const Finding* learned = nullptr;
    for (const Finding& f : a.findings)
      if (f.category == "C3") learned = &f;
    QVERIFY(learned);
    QCOMPARE(learned->subcategory, std::string(kLearnedSubcategory));
    QCOMPARE(learned->spans.size(), std::size_t{1});
    QCOMPARE(learned->spans[0].side, std::string("gold"));
    QCOMPARE(kJoin.substr(learned->spans[0].begin, learned->spans[0].end - learned->spans[0].begin),
             std::string_view("concert AS T2"));
    const auto parsed = hs::parseMessage(learned->message);
    QVERIFY(parsed && parsed->id == hs::FindingMsg::LearnedTypeClause);
    QCOMPARE(parsed->args, (std::vector<std::string>{"C3", "1.00", "JOIN"}));
    const std::string zh = hs::FindingTexts::of("zh_CN").message(learned->message);
    QVERIFY2(zh != learned->message, zh.c_str());
    QCOMPARE(hs::FindingTexts::of("zh_CN").subcategory(kLearnedSubcategory), std::string("习得"));
    // The rules' types the model does not decide stay; the features were kept.
    for (const std::string& t : ctypes(rules)) QVERIFY(ctypes(a).count(t));
    QCOMPARE(a.typeFeatures.size(), typeFeatureNames().size());
  }

  // A type the model turns down loses its rule findings; with none left, the likeliest learned
  // type is given (every case the rules label keeps a label).
  void turnedDownTypesAreDropped() {
    const std::set<std::string> given = ctypes(run(kJoin, kIn, nullptr));
    const std::vector<std::string> off(given.begin(), given.end());
    const TypeModel model = fixedModel({}, off);
    const Annotation a = run(kJoin, kIn, &model);
    QCOMPARE(ctypes(a).size(), std::size_t{1});
    QVERIFY(ctypes(a).count(off.front()));
  }

  // A type the rules gave stays unless its probability is below the veto; a type they did not give
  // needs the threshold. p(C1) = 0.27, p(C3) = 0.29, thresholds 0.5: with veto 0.1 the rules' C1
  // stays and no C3 is added; with veto 0.28, or none (the threshold), C1 goes and C3 stands in
  // as the likeliest type.
  void ruleTypeStaysUnlessBelowVeto() {
    const std::vector<double> x(typeFeatureNames().size(), 0.0);
    TypeModel m;
    m.learned.push_back({"C1", -1.0, x, 0.5, 0.1});
    m.learned.push_back({"C3", -0.9, x, 0.5, 0.1});
    QCOMPARE(decideTypes(m, x, {"C1"}), (std::vector<std::string>{"C1"}));
    QCOMPARE(decideTypes(m, x, {"C1", "C3"}), (std::vector<std::string>{"C1", "C3"}));
    m.learned[0].veto = 0.28;
    QCOMPARE(decideTypes(m, x, {"C1"}), (std::vector<std::string>{"C3"}));
    m.learned[0].veto.reset();
    QCOMPARE(decideTypes(m, x, {"C1"}), (std::vector<std::string>{"C3"}));
    // A lone rule type stays when the model says so; two rule types are decided as above.
    m.keepLoneRuleType = true;
    QCOMPARE(decideTypes(m, x, {"C1"}), (std::vector<std::string>{"C1"}));
    QCOMPARE(decideTypes(m, x, {"C1", "C1"}), (std::vector<std::string>{"C1"}));
    QCOMPARE(decideTypes(m, x, {"C1", "C3"}), (std::vector<std::string>{"C3"}));
  }

  // types.json's optional keys: a type's `veto` and the model's `keep_lone_rule_type`.
  void parsesVetoAndLoneRuleType() {
    json j = {{"features", typeFeatureNames()},
              {"types", json::array({{{"type", "C2"},
                                      {"bias", 0.0},
                                      {"threshold", 0.6},
                                      {"weights", std::vector<double>(typeFeatureNames().size(), 0.0)}}})}};
    auto plain = parseTypeModel(j.dump());
    QVERIFY(plain && !plain->keepLoneRuleType && !plain->learned[0].veto);
    j["keep_lone_rule_type"] = true;
    j["types"][0]["veto"] = 0.05;
    auto full = parseTypeModel(j.dump());
    QVERIFY(full && full->keepLoneRuleType && full->learned[0].veto == 0.05);
    j["types"][0]["veto"] = "low";
    QVERIFY(!parseTypeModel(j.dump()));
  }

  // A forest type's probability is the mean over the trees of its leaf value: tree 0 splits on
  // pred_ok (feature 0), tree 1 is a lone leaf. Two outputs; C3 reads output 1.
  void forestTypeIsMeanOfLeaves() {
    json j = {{"features", typeFeatureNames()},
              {"forest",
               {{"outputs", 2},
                {"trees", json::array({{{"feature", {0, -1, -1}},
                                        {"threshold", {0.5, 0.0, 0.0}},
                                        {"left", {1, -1, -1}},
                                        {"right", {2, -1, -1}},
                                        {"value", json::array({json::array(), {0.0, 0.2}, {0.0, 0.9}})}},
                                       {{"feature", {-1}},
                                        {"threshold", {0.0}},
                                        {"left", {-1}},
                                        {"right", {-1}},
                                        {"value", json::array({{0.0, 0.5}})}}})}}},
              {"types", json::array({{{"type", "C3"}, {"output", 1}, {"threshold", 0.6}, {"veto", 0.1}}})}};
    auto m = parseTypeModel(j.dump());
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().message.c_str());
    std::vector<double> x(typeFeatureNames().size(), 0.0), p;
    QCOMPARE(decideTypes(*m, x, {"C1"}, &p), (std::vector<std::string>{"C1"}));  // (0.2 + 0.5) / 2
    QVERIFY(std::abs(p[0] - 0.35) < 1e-12);
    x[0] = 1.0;  // the prediction ran: (0.9 + 0.5) / 2 reaches the threshold
    QCOMPARE(decideTypes(*m, x, {"C1"}, &p), (std::vector<std::string>{"C1", "C3"}));
    QVERIFY(std::abs(p[0] - 0.7) < 1e-12);

    // A broken forest is an error that says which tree and node.
    const std::pair<std::function<void(json&)>, std::string> cases[] = {
        {[](json& f) { f["forest"]["trees"][0]["left"][0] = 0; },
         "tree 0 node 0: `left` must be a later node"},
        {[](json& f) { f["forest"]["trees"][0]["feature"][0] = 100000; }, "tree 0 node 0: `feature`"},
        {[](json& f) { f["forest"]["trees"][0]["value"][2] = {0.1}; },
         "tree 0 node 2: expected 2 leaf values"},
        {[](json& f) {
           f["forest"]["trees"][0]["value"][0] = {0.1, 0.2};
         },
         "inner node's `value` must be empty"},
        {[](json& f) { f["forest"]["trees"][1]["threshold"] = json::array(); },
         "tree 1: `threshold` must have 1"},
        {[](json& f) { f["types"][0]["output"] = 2; }, "C3: `output` must be a forest output, 0 to 1"},
        {[](json& f) { f.erase("forest"); }, "C3: `output` needs a `forest`"},
        {[](json& f) { f["forest"]["trees"] = json::array(); }, "non-empty list `trees`"},
    };
    for (const auto& [edit, says] : cases) {
      json bad = j;
      edit(bad);
      expectRefused(bad, says);
    }
  }

  // The embedded model on a few cases: every C-type finding has a span and a message.
  void everyLabelHasSpanAndReason() {
    const std::pair<std::string_view, std::string_view> cases[] = {
        {kJoin, kIn},
        {"SELECT name FROM singer ORDER BY age DESC LIMIT 1", "SELECT name FROM singer ORDER BY age LIMIT 3"},
        {"SELECT count(*) FROM singer GROUP BY country", "SELECT DISTINCT country FROM singer"},
        {"SELECT name FROM singer WHERE age > 20 AND country = 'France'",
         "SELECT name, age FROM singer WHERE age >= 20"}};
    for (const auto& [gold, pred] : cases) {
      const Annotation a = run(gold, pred, &defaultTypeModel());
      for (const Finding& f : a.findings) {
        if (f.taxonomy != "mrsqlgen") continue;
        QVERIFY2(!f.spans.empty(), f.category.c_str());
        QVERIFY2(!f.message.empty(), f.category.c_str());
      }
    }
  }
};

QTEST_GUILESS_MAIN(TestAnnotateLearnedTypes)
#include "tst_annotate_learned_types.moc"
