// The engine's one inflector and its question and identifier words (engine/lang).
#include <QtTest>

#include "engine/lang/identifier_words.h"
#include "engine/lang/question_words.h"
#include "engine/lang/word_forms.h"
#include "engine/lang/word_set.h"

using namespace hs::lang;
using Words = std::vector<std::string>;

class TestLangWords : public QObject {
  Q_OBJECT
 private slots:
  void nounFormsArePluralsOnly() {
    QVERIFY(isNounForm("category", "category"));
    QVERIFY(isNounForm("categories", "category"));
    QVERIFY(isNounForm("boxes", "box"));
    QVERIFY(isNounForm("buses", "bus"));
    QVERIFY(isNounForm("days", "day"));
    QVERIFY(!isNounForm("daies", "day"));  // a vowel before 'y' keeps it
    QVERIFY(!isNounForm("named", "name"));
    QVERIFY(!isNounForm("nam", "name"));
    QVERIFY(!isNounForm("anything", ""));
  }

  void wordFormsAreWholeWords() {
    QVERIFY(isWordForm("named", "name"));
    QVERIFY(isWordForm("counting", "count"));
    QVERIFY(isWordForm("averaging", "average"));
    QVERIFY(isWordForm("summed", "sum"));
    QVERIFY(isWordForm("copied", "copy"));
    QVERIFY(!isWordForm("country", "count"));
    QVERIFY(!isWordForm("account", "count"));
    QVERIFY(!isWordForm("summer", "sum"));
  }

  // One singular for abstention's schema linking and the metamorphic relations' entity matching.
  void singularUndoesRegularPlurals() {
    QCOMPARE(singular("companies"), std::string("company"));
    QCOMPARE(singular("matches"), std::string("match"));
    QCOMPARE(singular("classes"), std::string("class"));
    QCOMPARE(singular("indexes"), std::string("index"));
    QCOMPARE(singular("boxes"), std::string("boxe"));  // three letters before "-es" at least
    QCOMPARE(singular("singers"), std::string("singer"));
    QCOMPARE(singular("courses"), std::string("course"));  // not "cours"
    QCOMPARE(singular("status"), std::string("status"));
    QCOMPARE(singular("analysis"), std::string("analysis"));
    QCOMPARE(singular("glass"), std::string("glass"));
    QCOMPARE(singular("yes"), std::string("yes"));  // too short to be a plural
  }

  void namesWordTakesAPluralIdentifierWord() {
    QVERIFY(namesWord("point", "points"));
    QVERIFY(namesWord("ages", "age"));
    QVERIFY(!namesWord("usage", "age"));
    QVERIFY(sameNounWord("points", "point"));
    QVERIFY(!namesWord("statu", "status"));  // "-us" is no plural
  }

  void questionWordsSplitAndLowerCase() {
    QCOMPARE(questionWordsAsWritten("Which singers' songs are from the U.S.?"),
             (Words{"Which", "singers", "songs", "are", "from", "the", "U.S"}));
    QCOMPARE(questionWords("How many HMS ships?"), (Words{"how", "many", "hms", "ships"}));
    QCOMPARE(questionWordsNoPossessive("the singer's age"), (Words{"the", "singer", "age"}));
    QCOMPARE(withoutPossessive("'s"), std::string("'s"));
  }

  void phrasesAndFormsAreFound() {
    const Words w = questionWords("What is the number of counted students?");
    QVERIFY(hasPhrase(w, {"number", "of"}));
    QVERIFY(!hasPhrase(w, {"of", "number"}));
    QVERIFY(!hasPhrase(w, {}));
    QVERIFY(hasWordForm(w, "count"));
    QVERIFY(!hasWordForm(w, "sum"));
  }

  void identifierWordsDropLinkingAndNumbers() {
    QCOMPARE(identifierWords("Date_of_Birth"), (Words{"date", "birth"}));
    QCOMPARE(identifierWords("PerpetratorID"), (Words{"perpetrator", "id"}));
    QCOMPARE(identifierWords("home town 2"), (Words{"home", "town"}));
    QVERIFY(identifierWords("a").empty());
  }

  // The count a caller cuts a split at: one word per run of word bytes, the split's own count.
  void questionWordCountMatchesTheSplit() {
    for (const char* text : {"", "What are the names, ages & homes of singers' pets?", "U.S., ... ' x",
                             "Montr\xc3\xa9"
                             "al's 2 cafes",
                             ",,&&", "a.b'c d"})
      QCOMPARE(questionWordCount(text), questionWordsAsWritten(text).size());
  }

  // A text split after one it extends (or cut from) gets its own words, whether or not the store
  // answers it with the other's split: a sentence and its question share theirs.
  void aTextAndItsExtensionSplitApart() {
    const std::vector<std::pair<const char*, const char*>> pairs = {{"Which singers?", "Which singers"},
                                                                    {"etc", "etc."},
                                                                    {"x", "x ."},
                                                                    {"a b", "a b.c"},
                                                                    {"U.S", "U.S.'"},
                                                                    {"no", "no'"},
                                                                    {"What is it", "What is it? Name"},
                                                                    {"", "?"},
                                                                    {"", "."}};
    for (const auto& [first, second] : pairs) {
      for (const auto& [a, b] : {std::pair{first, second}, std::pair{second, first}}) {
        const Words before = questionWordsAsWritten(a);
        const Words after = questionWordsAsWritten(b);
        // Fresh splits of the same texts, with a neutral text in between each.
        Words freshA, freshB;
        for (const char* t : {"zz1", "zz2", "zz3", "zz4", "zz5", "zz6", "zz7", "zz8"})
          questionWordsAsWritten(t);
        freshA = questionWordsAsWritten(a);
        for (const char* t : {"zz1", "zz2", "zz3", "zz4", "zz5", "zz6", "zz7", "zz8"})
          questionWordsAsWritten(t);
        freshB = questionWordsAsWritten(b);
        QCOMPARE(before, freshA);
        QCOMPARE(after, freshB);
      }
    }
    QCOMPARE(questionWordsAsWritten("x ."), (Words{"x", ""}));
    QCOMPARE(questionWordsAsWritten("a b.c"), (Words{"a", "b.c"}));
  }

  // Membership as a std::set<std::string> answers it: whole words, any length, duplicates once.
  void wordSetHoldsItsWordsOnly() {
    const WordSet set = {"most", "least", "max", "min", "most", "a", "internationalisation-of-everything"};
    for (const char* w : {"most", "least", "max", "min", "a", "internationalisation-of-everything"})
      QVERIFY2(set.contains(w), w);
    for (const char* w : {"", "mos", "mostly", "maxi", "b", "leash", "internationalisation-of-everythinG"})
      QVERIFY2(!set.contains(w), w);
    QCOMPARE(set.count(std::string("min")), std::size_t{1});
    QVERIFY(!WordSet({}).contains("most"));
    const WordSet built(std::vector<std::string>{"per", "each", "per"});
    QVERIFY(built.contains("per") && built.contains("each") && !built.contains("every"));
  }
};

QTEST_APPLESS_MAIN(TestLangWords)
#include "tst_lang_words.moc"
