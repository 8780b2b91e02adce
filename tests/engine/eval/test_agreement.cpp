// Agreement figures against published worked examples: Krippendorff's own example with missing
// values (nominal alpha 0.743), Fleiss' kappa on the 10 x 14 table of Fleiss (1971) as reproduced
// in most textbooks (0.210), and the two-reviewer Cohen's kappa example (p_o 0.7, p_e 0.5, 0.4).
#include <QtTest>

#include "engine/eval/agreement.h"

using namespace hs::eval;

namespace {

// Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: four observers,
// twelve units, "." = missing.
std::vector<std::vector<std::string>> krippendorffExample() {
  const char* rows[4] = {"1 2 3 3 2 1 4 1 2 . . .", "1 2 3 3 2 2 4 1 2 5 . 3", ". 3 3 3 2 3 4 2 2 5 1 .",
                         "1 2 3 3 2 4 4 1 2 5 1 ."};
  std::vector<std::vector<std::string>> units(12);
  for (const char* row : rows) {
    QStringList cells = QString(row).split(' ');
    for (int u = 0; u < 12; ++u)
      if (cells[u] != ".") units[static_cast<std::size_t>(u)].push_back(cells[u].toStdString());
  }
  return units;
}

// Fleiss (1971) table: 10 subjects, 14 raters, 5 categories; row i gives how many raters put
// subject i in each category.
std::vector<std::vector<std::string>> fleissExample() {
  const int table[10][5] = {{0, 0, 0, 0, 14}, {0, 2, 6, 4, 2}, {0, 0, 3, 5, 6}, {0, 3, 9, 2, 0},
                            {2, 2, 8, 1, 1},  {7, 7, 0, 0, 0}, {3, 2, 6, 3, 0}, {2, 5, 3, 2, 2},
                            {6, 5, 2, 1, 0},  {0, 2, 2, 3, 7}};
  std::vector<std::vector<std::string>> units;
  for (const auto& row : table) {
    std::vector<std::string> values;
    for (int k = 0; k < 5; ++k)
      for (int n = 0; n < row[k]; ++n) values.push_back("c" + std::to_string(k + 1));
    units.push_back(values);
  }
  return units;
}

}  // namespace

class TestAgreement : public QObject {
  Q_OBJECT
 private slots:
  void krippendorffWorkedExampleWithMissingValues() {
    AgreementFigure a = krippendorffAlphaNominal(krippendorffExample());
    QVERIFY(a.value.has_value());
    QCOMPARE(std::round(*a.value * 1000.0) / 1000.0, 0.743);
    QCOMPARE(a.items, std::size_t(11));    // unit 12 has one value: not pairable
    QCOMPARE(a.ratings, std::size_t(40));  // n.. = 40 pairable values
  }

  void fleissTextbookExample() {
    AgreementFigure k = fleissKappa(fleissExample());
    QVERIFY(k.value.has_value());
    QCOMPARE(std::round(*k.value * 1000.0) / 1000.0, 0.210);
    QCOMPARE(std::round(k.observed * 1000.0) / 1000.0, 0.378);
    QCOMPARE(std::round(k.expected * 1000.0) / 1000.0, 0.213);
    QCOMPARE(k.items, std::size_t(10));
  }

  void cohenTwoByTwo() {
    // 50 items: yes/yes 20, yes/no 5, no/yes 10, no/no 15.
    std::vector<std::pair<std::string, std::string>> pairs;
    auto add = [&](const char* a, const char* b, int n) {
      for (int i = 0; i < n; ++i) pairs.emplace_back(a, b);
    };
    add("yes", "yes", 20);
    add("yes", "no", 5);
    add("no", "yes", 10);
    add("no", "no", 15);
    AgreementFigure k = cohenKappa(pairs);
    QCOMPARE(k.observed, 0.7);
    QCOMPARE(k.expected, 0.5);
    QVERIFY(std::abs(*k.value - 0.4) < 1e-12);
    QCOMPARE(k.items, std::size_t(50));
  }

  void undefinedWhenNoVariation() {
    QVERIFY(!cohenKappa({{"C5", "C5"}, {"C5", "C5"}}).value);
    QVERIFY(!krippendorffAlphaNominal({{"a", "a"}, {"a", "a"}}).value);
    QVERIFY(!krippendorffAlphaNominal({{"a"}, {"b"}}).value);  // nothing pairable
    QVERIFY(!cohenKappa({}).value);
  }

  void perfectAndChanceLevels() {
    QCOMPARE(*krippendorffAlphaNominal({{"a", "a"}, {"b", "b"}, {"c", "c"}}).value, 1.0);
    QCOMPARE(*cohenKappa({{"a", "a"}, {"b", "b"}}).value, 1.0);
    // Systematic disagreement is below chance.
    QVERIFY(*cohenKappa({{"a", "b"}, {"b", "a"}}).value < 0.0);
  }

  void reportFromRatingRows() {
    // Three reviewers; r3 gives item 2 two labels (missing in overall/pairs, present per category).
    std::vector<Rating> rows = {{"1", "r1", "C5"}, {"1", "r2", "C5"}, {"1", "r3", "C5"},
                                {"2", "r1", "C6"}, {"2", "r2", "C6"}, {"2", "r3", "C6"},
                                {"2", "r3", "C1"}, {"3", "r1", "C1"}, {"3", "r2", "C6"}};
    AgreementReport r = computeAgreement(rows);
    QCOMPARE(r.items, std::size_t(3));
    QCOMPARE(r.reviewers, (std::vector<std::string>{"r1", "r2", "r3"}));
    QCOMPARE(r.multiLabelled, std::size_t(1));
    QCOMPARE(r.pairs.size(), std::size_t(3));
    QCOMPARE(r.pairs[0].a, std::string("r1"));
    QCOMPARE(r.pairs[0].b, std::string("r2"));
    QCOMPARE(r.pairs[0].kappa.items, std::size_t(3));
    QCOMPARE(r.pairs[0].kappa.observed, 2.0 / 3.0);
    QCOMPARE(r.pairs[1].kappa.items, std::size_t(1));  // r1/r3 share only item 1 as single labels
    QCOMPARE(r.perCategory.size(), std::size_t(3));
    QCOMPARE(r.perCategory[0].category, std::string("C1"));
    // C5: present for all three on item 1, absent everywhere else -> perfect agreement.
    QCOMPARE(*r.perCategory[1].alpha.value, 1.0);
    QCOMPARE(r.perCategory[1].alpha.items, std::size_t(3));
    // Overall: the same as alpha over the single-label matrix.
    AgreementFigure direct = krippendorffAlphaNominal({{"C5", "C5", "C5"}, {"C6", "C6"}, {"C1", "C6"}});
    QCOMPARE(*r.alpha.value, *direct.value);
  }
};

QTEST_GUILESS_MAIN(TestAgreement)
#include "test_agreement.moc"
