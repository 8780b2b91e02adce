// Hand-labelled fixtures: exact categories and spans, clean pairs (the agreement floor of C1..C10
// over all of them is tst_annotate_fixtures_regression.cpp).
#include <QtTest>

#include <map>
#include <set>

#include "engine/annotate/annotate.h"
#include "support/shared_data.h"
#include "tests/engine/annotate/fixtures.h"
#include "tests/engine/annotate/spider_support.h"

using namespace hs::annotate;
using hs::Finding;
using hs::FindingSpan;
using nlohmann::json;

namespace {

using SpanSet = std::set<std::tuple<std::string, std::size_t, std::size_t>>;

SpanSet expectedSpans(const json& label) {
  SpanSet s;
  for (const auto& sp : label["pred_spans"])
    s.insert({"pred", sp[0].get<std::size_t>(), sp[1].get<std::size_t>()});
  for (const auto& sp : label["gold_spans"])
    s.insert({"gold", sp[0].get<std::size_t>(), sp[1].get<std::size_t>()});
  return s;
}

std::string show(const std::map<std::string, SpanSet>& m) {
  std::string out;
  for (const auto& [k, v] : m) {
    out += k + "{";
    for (const auto& [side, b, e] : v) out += side + ":" + std::to_string(b) + "-" + std::to_string(e) + " ";
    out += "} ";
  }
  return out;
}

}  // namespace

class TestAnnotateFixtures : public QObject {
  Q_OBJECT

  std::map<std::string, hs::db::Schema> schemas_;
  std::vector<json> cases_, clean_;

  Annotation run(const json& c) {
    CaseInput in;
    std::string pred = c["pred_sql"], gold = c["gold_sql"], q = c["question"];
    in.predSql = pred;
    in.goldSql = std::string_view(gold);
    in.question = q;
    in.schema = &schemas_[c["db_id"].get<std::string>()];
    // Exact categories and spans of the rules; the learned labels change the C-types on some of
    // these hand cases by design (tst_annotate_fixtures_regression guards both).
    in.typeModel = nullptr;
    return annotateCase(in);
  }

  static std::map<std::string, SpanSet> byKey(const Annotation& a, const std::string& taxonomy, bool sub) {
    std::map<std::string, SpanSet> m;
    for (const Finding& f : a.findings) {
      if (f.taxonomy != taxonomy) continue;
      auto& s = m[sub ? f.category + " / " + f.subcategory : f.category];
      for (const FindingSpan& sp : f.spans) s.insert({sp.side, sp.begin, sp.end});
    }
    return m;
  }

 private slots:
  void initTestCase() {
    // The fixtures are in the repository; the Spider schemas (for annotating them) are not.
    if (hs::test::hasSharedData()) {
      schemas_ = test::loadSpiderSchemas(hs::test::sharedPath("spider/tables.json"));
      QVERIFY(schemas_.count("concert_singer"));
    }
    cases_ = test::readJsonl(test::fixturePath("cases.jsonl"));
    clean_ = test::readJsonl(test::fixturePath("clean.jsonl"));
    QVERIFY(cases_.size() >= 30);
    QVERIFY(clean_.size() >= 20);
  }

  void everyTypeAndCategoryIsCovered() {
    std::set<std::string> mr, ta;
    for (const json& c : cases_) {
      for (const json& l : c["mr"]) mr.insert(l["type"]);
      if (!c["tasql"].is_null())
        for (const json& l : c["tasql"]) ta.insert(l["category"]);
    }
    for (int k = 1; k <= 10; ++k)
      QVERIFY2(mr.count("C" + std::to_string(k)), qPrintable("C" + QString::number(k)));
    for (const char* cat : {"Schema Contradiction", "Attribute Overanalysis", "Value Misrepresentation",
                            "Join Redundancy", "Clause Abuse", "Mathematical Delusion"})
      QVERIFY2(ta.count(cat), cat);
  }

  void exactCasesMatchTypesAndSpans() {
    HS_REQUIRE_SHARED_DATA();
    int checked = 0;
    std::vector<std::string> mismatches;
    for (const json& c : cases_) {
      if (!c["exact"].get<bool>()) continue;
      Annotation a = run(c);
      std::map<std::string, SpanSet> expMr;
      for (const json& l : c["mr"]) {
        SpanSet s = expectedSpans(l);
        expMr[l["type"]].insert(s.begin(), s.end());
      }
      std::map<std::string, SpanSet> gotMr = byKey(a, "mrsqlgen", false);
      if (gotMr != expMr) {  // every mismatch listed, not only the first
        mismatches.push_back(c["id"].get<std::string>() + ": expected " + show(expMr) + " got " +
                             show(gotMr));
        qWarning("%s", mismatches.back().c_str());
      }
      if (!c["tasql"].is_null()) {
        std::map<std::string, SpanSet> expTa;
        for (const json& l : c["tasql"]) {
          SpanSet s = expectedSpans(l);
          expTa[l["category"].get<std::string>() + " / " + l["subcategory"].get<std::string>()].insert(
              s.begin(), s.end());
        }
        std::map<std::string, SpanSet> gotTa = byKey(a, "tasql", true);
        QVERIFY2(gotTa == expTa,
                 qPrintable(QString::fromStdString(c["id"].get<std::string>() + ": expected " + show(expTa) +
                                                   " got " + show(gotTa))));
      }
      ++checked;
    }
    QVERIFY(checked >= 25);
    QVERIFY2(mismatches.empty(), qPrintable(QString::number(mismatches.size()) + " mismatches"));
  }

  void cleanPairsYieldNothing() {
    HS_REQUIRE_SHARED_DATA();
    for (const json& c : clean_) {
      Annotation a = run(c);
      std::map<std::string, SpanSet> mr = byKey(a, "mrsqlgen", true), ta = byKey(a, "tasql", true);
      QVERIFY2(mr.empty() && ta.empty(),
               qPrintable(QString::fromStdString(c["id"].get<std::string>() + ": " + show(mr) + show(ta))));
    }
  }
};

QTEST_GUILESS_MAIN(TestAnnotateFixtures)
#include "tst_annotate_fixtures.moc"
