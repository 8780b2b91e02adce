// The gold-free check registry (engine/annotate/check_registry.h): one list of category names that the
// finding table, the risk weights and the checks agree with; checks switched off by name.
#include <QtTest>

#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/annotate/annotate.h"
#include "engine/annotate/check_registry.h"
#include "engine/annotate/risk.h"
#include "engine/core/finding_categories.h"

namespace {

using hs::annotate::CheckNames;

// What the test compares of a finding: enough to tell two findings apart.
std::vector<std::string> describe(const std::vector<hs::Finding>& findings) {
  std::vector<std::string> out;
  for (const hs::Finding& f : findings) {
    std::string d = f.taxonomy + "|" + f.category + "|" + f.message;
    for (const hs::FindingSpan& s : f.spans) d += "|" + std::to_string(s.begin) + "-" + std::to_string(s.end);
    out.push_back(d);
  }
  return out;
}

// A small case with findings of several gold-free checks, one of them (the question cues) emitting
// several categories: no rows, a LIMIT and no count where the question asks how many.
hs::annotate::Annotation annotateSmallCase(const CheckNames* disabled) {
  hs::annotate::CaseInput in;
  in.predSql = "SELECT name FROM singer WHERE country = 'France' LIMIT 1";
  in.question = "How many singers are from France? List them by age.";
  hs::annotate::ResultSummary result;
  result.rows = 0;
  in.predResult = result;
  in.disabledChecks = disabled;
  return hs::annotate::annotateCase(in);
}

}  // namespace

class TestCheckRegistry : public QObject {
  Q_OBJECT
 private slots:
  void namesAreUniqueAndMatchTheFindingTable() {
    const std::vector<std::string>& names = hs::annotate::goldFreeCategoryNames();
    QVERIFY(names.size() >= 37);
    const std::set<std::string> unique(names.begin(), names.end());
    QCOMPARE(unique.size(), names.size());
    std::set<std::string> table;
    for (const hs::FindingCategoryInfo& c : hs::findingCategories()) {
      if (c.taxonomy != "goldfree") continue;
      table.insert(std::string(c.id));
      const hs::annotate::CategorySpec* spec = hs::annotate::findGoldFreeCategory(c.id);
      QVERIFY2(spec, std::string(c.id).c_str());
      QCOMPARE(std::string(spec->family), std::string(c.family));
    }
    QCOMPARE(table, unique);
  }

  void riskFeaturesAreTheRegistryCategories() {
    std::vector<std::string> registered;
    for (const hs::annotate::CategorySpec& c : hs::annotate::kGoldFreeCategorySpecs)
      if (c.riskFeature) registered.push_back(std::string(c.name));
    const auto weights = nlohmann::json::parse(hs::annotate::defaultRiskModelText());
    std::vector<std::string> features = weights["features"].get<std::vector<std::string>>();
    QVERIFY(features.size() > registered.size());
    // weights.json names exactly the registry's feature categories, in registry order, then the
    // structural features, none of which is a category.
    QCOMPARE(
        std::vector<std::string>(features.begin(), features.begin() + static_cast<long>(registered.size())),
        registered);
    for (std::size_t i = registered.size(); i < features.size(); ++i)
      QVERIFY2(!hs::annotate::findGoldFreeCategory(features[i]), features[i].c_str());
    QCOMPARE(std::vector<std::string>(
                 hs::annotate::riskFeatureNames().begin(),
                 hs::annotate::riskFeatureNames().begin() + static_cast<long>(registered.size())),
             registered);
    QVERIFY(hs::annotate::defaultRiskModelError() == nullptr);
    // A category that is no feature counts as the one it names.
    const auto* syntax = hs::annotate::findGoldFreeCategory(hs::annotate::kSyntaxError);
    QVERIFY(syntax && !syntax->riskFeature && hs::annotate::findGoldFreeCategory(syntax->riskAs));
  }

  void everyCategoryHasOneCheck() {
    std::multiset<std::string> emitted;
    std::set<std::string> ids;
    for (const hs::annotate::CheckSpec& check : hs::annotate::goldFreeChecks()) {
      QVERIFY2(ids.insert(std::string(check.id)).second, std::string(check.id).c_str());
      QVERIFY(check.run != nullptr);
      QVERIFY(!check.emits.empty());
      for (std::string_view c : check.emits) {
        QVERIFY2(hs::annotate::findGoldFreeCategory(c), std::string(c).c_str());
        emitted.insert(std::string(c));
      }
    }
    for (const std::string& name : hs::annotate::goldFreeCategoryNames()) {
      // The two emitted around the checks (annotate.cpp, eval_annotator.cpp).
      const bool outside = name == hs::annotate::kSyntaxError || name == hs::annotate::kResultDifference;
      QVERIFY2(emitted.count(name) == (outside ? 0u : 1u), name.c_str());
    }
  }

  // Each question cue is a check of its own (timed and switched off on its own); so are the three
  // outcomes of running the prediction.
  void cuesAndResultsAreChecksOfTheirOwn() {
    std::vector<std::string> single;
    for (const hs::annotate::CategorySpec& c : hs::annotate::kGoldFreeCategorySpecs)
      if (c.family == "cues" || c.name == "execution_error" || c.name == "empty_result" ||
          c.name == "all_null_result")
        single.emplace_back(c.name);
    QVERIFY(single.size() >= 20);
    for (const std::string& name : single) {
      const hs::annotate::CheckSpec* found = nullptr;
      for (const hs::annotate::CheckSpec& check : hs::annotate::goldFreeChecks())
        if (check.id == name) found = &check;
      QVERIFY2(found, name.c_str());
      QCOMPARE(found->emits.size(), std::size_t{1});
      QCOMPARE(std::string(found->emits[0]), name);
    }
  }

  void disablingRemovesExactlyItsFindings() {
    const auto all = annotateSmallCase(nullptr);
    std::set<std::string> present;
    for (const hs::Finding& f : all.findings)
      if (f.taxonomy == "goldfree") present.insert(f.category);
    QVERIFY2(present.size() >= 3, QTest::toString(present.size()));
    QVERIFY(present.count("cue_count") == 1 && present.count("empty_result") == 1);
    for (const std::string& category : present) {
      const CheckNames off{category};
      const auto less = annotateSmallCase(&off);
      std::vector<hs::Finding> expected;
      for (const hs::Finding& f : all.findings)
        if (f.category != category) expected.push_back(f);
      QCOMPARE(describe(less.findings), describe(expected));
    }
    // Every category off: no gold-free finding is left, and the risk has no finding to weigh.
    const CheckNames everything(hs::annotate::goldFreeCategoryNames().begin(),
                                hs::annotate::goldFreeCategoryNames().end());
    const auto none = annotateSmallCase(&everything);
    for (const hs::Finding& f : none.findings) QVERIFY2(f.taxonomy != "goldfree", f.category.c_str());
    QVERIFY(none.risk.score < all.risk.score);
    // An empty set changes nothing.
    const CheckNames empty;
    QCOMPARE(describe(annotateSmallCase(&empty).findings), describe(all.findings));
  }

  void unknownNamesAreRefused() {
    auto ok = hs::annotate::parseCheckNames(" cue_count , limit_tie,");
    QVERIFY(ok);
    QCOMPARE(*ok, (CheckNames{"cue_count", "limit_tie"}));
    auto bad = hs::annotate::parseCheckNames("cue_count,no_such_check");
    QVERIFY(!bad);
    QCOMPARE(bad.error().code, std::string("unknown_check"));
    QVERIFY(bad.error().message.find("'no_such_check'") != std::string::npos);
    QVERIFY(bad.error().message.find("cue_superlative, cue_count") != std::string::npos);
    QVERIFY(!hs::annotate::validateCheckNames(CheckNames{"Cue_Count"}));
    QVERIFY(hs::annotate::validateCheckNames(CheckNames{}));
  }
};

QTEST_APPLESS_MAIN(TestCheckRegistry)
#include "tst_check_registry.moc"
