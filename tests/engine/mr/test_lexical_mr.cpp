// Lexical MRs of seed 000 on real Spider dev questions: exact follow-ups, exact spans, and the
// reasons given when an MR does not apply.
#include <QtTest>

#include "engine/mr/applicability.h"
#include "engine/mr/lexical_rewrite.h"
#include "engine/mr/phrase_match.h"

using hs::mr::rewriteLexical;

namespace {
QString q(const std::string& s) {
  return QString::fromStdString(s);
}
}  // namespace

class TestLexicalMr : public QObject {
  Q_OBJECT
 private slots:
  void rewrites_data() {
    QTest::addColumn<QString>("mr");
    QTest::addColumn<QString>("question");
    QTest::addColumn<QString>("expected");
    // Comparatives (SROCW/CRU synonym, AROCW antonym, CRE widen, CWR narrow).
    QTest::newRow("SROCW more than")
        << "SROCW"
        << "Find the first name and gender of student who have more than one pet."
        << "Find the first name and gender of student who have greater than one pet.";
    QTest::newRow("AROCW older than") << "AROCW"
                                      << "Find number of pets owned by students who are older than 20."
                                      << "Find number of pets owned by students who are younger than 20.";
    QTest::newRow("CRE older than") << "CRE"
                                    << "Find number of pets owned by students who are older than 20."
                                    << "Find number of pets owned by students who are not younger than 20.";
    QTest::newRow("CRE more than")
        << "CRE"
        << "What is the first name and gender of the all the students who have more than one pet?"
        << "What is the first name and gender of the all the students who have at least one pet?";
    QTest::newRow("CWR at least")
        << "CWR"
        << "What are the names and ids of all countries with at least one car maker?"
        << "What are the names and ids of all countries with more than one car maker?";
    QTest::newRow("CWR at most") << "CWR"
                                 << "What are the names and id of courses having at most 2 sections?"
                                 << "What are the names and id of courses having less than 2 sections?";
    QTest::newRow("CRU before year") << "CRU"
                                     << "What is the average horsepower of the cars before 1980?"
                                     << "What is the average horsepower of the cars earlier than 1980?";
    QTest::newRow("AROCW above number") << "AROCW"
                                        << "Give the names of poker players who have earnings above 300000."
                                        << "Give the names of poker players who have earnings below 300000.";
    QTest::newRow("AROCW above the average") << "AROCW"
                                             << "List all song names by singers above the average age."
                                             << "List all song names by singers below the average age.";
    // "no less than" is one phrase: it must not be read as "less than".
    QTest::newRow("AROCW no less than")
        << "AROCW"
        << "In which years cars were produced weighing no less than 3000 and no more than 4000 ?"
        << "In which years cars were produced weighing no more than 3000 and no more than 4000 ?";
    // Negated comparatives are phrases of their own: "not higher than" is an inclusive "less than".
    QTest::newRow("CWR not higher than")
        << "CWR"
        << "What is the average age of the visitors whose membership level is not higher than 4?"
        << "What is the average age of the visitors whose membership level is lower than 4?";
    QTest::newRow("CRE larger than any")
        << "CRE"
        << "Which Asian countries have a population that is larger than any country in Africa?"
        << "Which Asian countries have a population that is not smaller than any country in Africa?";
    // Extrema (SROE synonym, AROE antonym), with capitalisation kept.
    QTest::newRow("SROE highest")
        << "SROE"
        << "What is the name and capacity for the stadium with the highest average attendance?"
        << "What is the name and capacity for the stadium with the greatest average attendance?";
    QTest::newRow("AROE highest")
        << "AROE"
        << "What is the name and capacity for the stadium with highest average attendance?"
        << "What is the name and capacity for the stadium with lowest average attendance?";
    QTest::newRow("AROE youngest") << "AROE"
                                   << "Show the name and the release year of the song by the youngest singer."
                                   << "Show the name and the release year of the song by the oldest singer.";
    QTest::newRow("AROE fewest") << "AROE"
                                 << "What is the code of airport that has fewest number of flights?"
                                 << "What is the code of airport that has most number of flights?";
    QTest::newRow("AROE most")
        << "AROE"
        << "What is the name and capacity of the stadium with the most concerts after 2013 ?"
        << "What is the name and capacity of the stadium with the least concerts after 2013 ?";
    // Prefixes (PI insert, PR remove, PS substitute).
    QTest::newRow("PI wh") << "PI"
                           << "How many singers do we have?"
                           << "Tell me how many singers do we have?";
    QTest::newRow("PI imperative") << "PI"
                                   << "List all song names by singers above the average age."
                                   << "Please list all song names by singers above the average age.";
    QTest::newRow("PR give me") << "PR"
                                << "Give me all the information about hiring."
                                << "All the information about hiring.";
    QTest::newRow("PR tell me") << "PR"
                                << "Tell me the number of dogs that have not received any treatment ."
                                << "The number of dogs that have not received any treatment .";
    QTest::newRow("PS show") << "PS"
                             << "Show the name and the release year of the song by the youngest singer."
                             << "List the name and the release year of the song by the youngest singer.";
    QTest::newRow("PS find")
        << "PS"
        << "Find the number of concerts happened in the stadium with the highest capacity ."
        << "Return the number of concerts happened in the stadium with the highest capacity .";
    QTest::newRow("PS give me") << "PS"
                                << "Give me all the information about hiring."
                                << "Show me all the information about hiring.";
  }

  void rewrites() {
    QFETCH(QString, mr);
    QFETCH(QString, question);
    QFETCH(QString, expected);
    auto f = rewriteLexical(mr.toStdString(), question.toStdString());
    QVERIFY2(f.applicable, qPrintable(q(f.reason)));
    QCOMPARE(q(f.question), expected);
    QCOMPARE(q(f.mr), mr);
    // Every changed span lies inside the follow-up and differs from the source's words there.
    QVERIFY(!f.changed.empty());
    for (auto [b, e] : f.changed) QVERIFY(b < e && e <= f.question.size());
  }

  void spansPointAtTheChangedWords() {
    std::string src = "Find number of pets owned by students who are older than 20.";
    auto f = rewriteLexical("AROCW", src);
    QVERIFY(f.applicable);
    QCOMPARE(f.edits.size(), std::size_t{1});
    QCOMPARE(q(src.substr(f.edits[0].begin, f.edits[0].end - f.edits[0].begin)),
             QStringLiteral("older than"));
    auto [b, e] = f.changed.front();
    QCOMPARE(q(f.question.substr(b, e - b)), QStringLiteral("younger than"));
    QCOMPARE(q(f.reason), QStringLiteral("'older than' -> 'younger than'"));
  }

  void capitalisationIsKept() {
    auto f = rewriteLexical("AROE", "HIGHEST paid employee?");
    QVERIFY(f.applicable);
    QCOMPARE(q(f.question), QStringLiteral("LOWEST paid employee?"));
    auto g = rewriteLexical("SROCW", "More than 3 pets: which students?");
    QCOMPARE(q(g.question), QStringLiteral("Greater than 3 pets: which students?"));
  }

  void verbComparativesInflect() {
    auto f = rewriteLexical("AROCW", "Which players have earnings that exceeded 1000?");
    QVERIFY(f.applicable);
    QCOMPARE(q(f.question), QStringLiteral("Which players have earnings that fell below 1000?"));
    auto g = rewriteLexical("SROCW", "Which cars exceed 3000 in weight?");
    QCOMPARE(q(g.question), QStringLiteral("Which cars surpass 3000 in weight?"));
    auto h = rewriteLexical("CRE", "Which cars exceed 3000 in weight?");
    QVERIFY(!h.applicable);
  }

  void inapplicableSaysWhy() {
    auto none = rewriteLexical("AROCW", "How many singers do we have?");
    QVERIFY(!none.applicable);
    QCOMPARE(q(none.reason), QStringLiteral("no comparative word in the question"));
    // "over the years" is not a comparison; "over" needs a number after it.
    QVERIFY(!rewriteLexical("AROCW", "How did attendance change over the years?").applicable);
    // Strict comparisons cannot be narrowed; inclusive ones cannot be widened.
    auto cwr = rewriteLexical("CWR", "Which students have more than one pet?");
    QVERIFY(!cwr.applicable);
    QCOMPARE(q(cwr.reason), QStringLiteral("the lexicon has no narrower (strict) form for 'more than'"));
    QVERIFY(!rewriteLexical("CRE", "Countries with at least one car maker?").applicable);
    // "at least" and "at most" are comparatives, never extrema; "most of" is not an extremum.
    QVERIFY(!rewriteLexical("AROE", "Countries with at least one car maker?").applicable);
    QVERIFY(!rewriteLexical("SROE", "Most of the singers are French?").applicable);
    // A bare negation the lexicon does not know is never rewritten around.
    QVERIFY(!rewriteLexical("AROCW", "Which teams never more than 3 wins?").applicable);
    auto pr = rewriteLexical("PR", "How many singers do we have?");
    QVERIFY(!pr.applicable);
    auto pi = rewriteLexical("PI", "Show me the names of all singers.");
    QVERIFY(!pi.applicable);
    QCOMPARE(q(pi.reason), QStringLiteral("the question already starts with the prefix 'Show me'"));
    QVERIFY(!rewriteLexical("ESR", "anything").applicable);
    QVERIFY(!rewriteLexical("PI", "").applicable);
  }

  void acronymsStayUpperCaseAfterPrefixInsert() {
    auto f = rewriteLexical("PI", "NBA teams with more than 3 titles?");
    QCOMPARE(q(f.question), QStringLiteral("Please NBA teams with more than 3 titles?"));
  }

  void wordsAndNumbers() {
    auto words = hs::mr::splitWords("Cars weighing 3,000.5 kg, o'brien's x-ray.");
    QCOMPARE(words.size(), std::size_t{6});
    QCOMPARE(q(words[2].lower), QStringLiteral("3,000.5"));
    QCOMPARE(q(words[4].lower), QStringLiteral("o'brien's"));
    QCOMPARE(q(words[5].lower), QStringLiteral("x-ray"));
    QVERIFY(hs::mr::isNumberWord(words[2]));
  }

  void applicabilityCoversAllSeventeen() {
    hs::mr::SchemaNames schema{{"singer", "concert"}, {"Singer_ID", "Name", "Age", "Country"}};
    auto all = hs::mr::assessQuestion("Show the names of singers older than 30.", schema);
    QCOMPARE(all.size(), std::size_t{17});
    auto get = [&](std::string_view mr) {
      for (const auto& a : all) {
        if (a.mr->abbrev == mr) return a;
      }
      return hs::mr::Applicability{};
    };
    QVERIFY(get("AROCW").applicable);
    QCOMPARE(q(get("AROCW").followUp.question), QStringLiteral("Show the names of singers younger than 30."));
    QVERIFY(!get("SROCW").applicable);  // the lexicon has no synonym for "older than"
    QVERIFY(get("ESR").applicable);     // "singers" names the table singer
    QVERIFY(get("RC").applicable);
    QVERIFY(get("DSR").applicable);
    QVERIFY(!get("AROE").applicable);
    auto noSchema = hs::mr::assessQuestion("Show the names.", {});
    QVERIFY(!noSchema[7].applicable);  // DSR needs a schema
    QCOMPARE(q(std::string(noSchema[7].mr->abbrev)), QStringLiteral("DSR"));
    QVERIFY(!noSchema[5].applicable);  // OS: three words are already short
  }
};

QTEST_GUILESS_MAIN(TestLexicalMr)
#include "test_lexical_mr.moc"
