// The one category table (engine/core/finding_categories.h): every category the annotators emit has
// exactly one entry with a label, a description and a known style, so every screen draws it alike.
#include <QtTest>

#include <set>
#include <string>

#include "engine/annotate/check_registry.h"
#include "engine/core/finding_categories.h"

class TestFindingCategories : public QObject {
  Q_OBJECT
 private slots:
  void everyEmittedCategoryHasOneEntry() {
    std::vector<std::pair<std::string, std::string>> emitted;
    for (const std::string& c : hs::annotate::goldFreeCategoryNames()) emitted.push_back({"goldfree", c});
    for (int k = 1; k <= 10; ++k) emitted.push_back({"mrsqlgen", "C" + std::to_string(k)});
    for (const char* c : {"Schema Contradiction", "Attribute Overanalysis", "Value Misrepresentation",
                          "Join Redundancy", "Clause Abuse", "Mathematical Delusion"})
      emitted.push_back({"tasql", c});
    emitted.push_back({"mr", "AROE"});
    for (const auto& [taxonomy, id] : emitted) {
      const hs::FindingCategoryInfo* c = hs::findCategory(taxonomy, id);
      QVERIFY2(c, (taxonomy + ":" + id).c_str());
      QVERIFY(!c->label.empty());
      QVERIFY(!c->description.empty());
      QVERIFY2(hs::findStyle(c->style), std::string(c->style).c_str());
    }
    std::set<std::pair<std::string_view, std::string_view>> seen;
    for (const hs::FindingCategoryInfo& c : hs::findingCategories())
      QVERIFY2(seen.insert({c.taxonomy, c.id}).second, std::string(c.id).c_str());
  }

  void stylesAreDistinctAndUnknownFallsBack() {
    std::set<std::string_view> keys;
    for (const hs::FindingStyleInfo& s : hs::findingStyles()) QVERIFY(keys.insert(s.key).second);
    // One style for LIKE without wildcard everywhere (it used to be "logic" in the Query tab).
    QCOMPARE(std::string(hs::styleOf("goldfree", "like_without_wildcard").key), std::string("gf-values"));
    QCOMPARE(std::string(hs::styleOf("goldfree", "no_such_check").key), std::string("other"));
    QCOMPARE(std::string(hs::styleOf("mrsqlgen", "C7").key), std::string("mr-columns"));
  }
};

QTEST_APPLESS_MAIN(TestFindingCategories)
#include "tst_finding_categories.moc"
