// MRSQLGen standardisation (engine/mr/hkb_standardise.h): real Spider questions with the
// vocabulary of their database, the heuristics without a database, and the SQL side.
#include <QtTest>

#include <chrono>

#include "engine/db/database.h"
#include "engine/mr/hkb_standardise.h"
#include "support/shared_data.h"

using hs::mr::SchemaVocabulary;
using hs::mr::standardiseQuestion;
using hs::mr::standardiseSql;

namespace {

SchemaVocabulary spiderVocabulary(const char* dbId) {
  auto db = hs::db::Database::openReadOnly(hs::test::spiderDb(dbId));
  if (!db) qFatal("cannot open %s: %s", dbId, db.error().message.c_str());
  auto v = hs::mr::vocabularyFromDatabase(*db.value());
  if (!v) qFatal("no vocabulary: %s", v.error().message.c_str());
  return v.value();
}

}  // namespace

class TestHkbStandardise : public QObject {
  Q_OBJECT

 private slots:
  void heuristicsWithoutDatabase() {
    // Numbers, number words, quoted literals, capitalised words inside the sentence, nouns.
    QCOMPARE(QString::fromStdString(standardiseQuestion("How many singers are older than 40?").text),
             QStringLiteral("how many [NOUN] are older than [NUMBER] ?"));
    QCOMPARE(QString::fromStdString(standardiseQuestion("Who are the three oldest singers?").text),
             QStringLiteral("who are the [NUMBER] oldest [NOUN] ?"));
    QCOMPARE(QString::fromStdString(
                 standardiseQuestion("What are flight numbers of Airline \"United Airlines\"?").text),
             QStringLiteral("what are [NOUN] numbers of [VALUE] ?"));
    QCOMPARE(QString::fromStdString(standardiseQuestion("Which singers are from France?").text),
             QStringLiteral("which [NOUN] are from [VALUE] ?"));
    // An apostrophe inside a word is no quote; runs of nouns collapse.
    QCOMPARE(QString::fromStdString(standardiseQuestion("Show the car makers' names").text),
             QStringLiteral("show the [NOUN] names"));
  }

  void replacementsPointIntoTheInput() {
    const std::string q = "List singers older than 30 from 'France'.";
    auto st = standardiseQuestion(q);
    QVERIFY(!st.replacements.empty());
    bool sawNumber = false;
    for (const auto& r : st.replacements) {
      QVERIFY(r.begin < r.end && r.end <= q.size());
      if (r.placeholder == "[NUMBER]") {
        QCOMPARE(q.substr(r.begin, r.end - r.begin), std::string("30"));
        sawNumber = true;
      }
      if (r.placeholder == "[VALUE]") QCOMPARE(q.substr(r.begin, r.end - r.begin), std::string("'France'"));
    }
    QVERIFY(sawNumber);
    QCOMPARE(standardiseQuestion(q).text, st.text);  // deterministic
  }

  void spiderQuestionsWithSchema_data() {
    QTest::addColumn<QString>("db");
    QTest::addColumn<QString>("question");
    QTest::addColumn<QString>("expected");
    // Spider dev questions (../shared/data/spider/dev.json) and what MRSQLGen's HKB stores.
    QTest::newRow("count singers") << "concert_singer"
                                   << "How many singers do we have?"
                                   << "how many [TABLE] do we have ?";
    QTest::newRow("avg age france")
        << "concert_singer"
        << "What is the average, minimum, and maximum age of all singers from France?"
        << "what is the average , minimum , and maximum [COLUMN] of all [TABLE] from [VALUE] ?";
    QTest::newRow("distinct countries")
        << "concert_singer"
        << "What are all distinct countries where singers above age 20 are from?"
        << "what are all distinct [COLUMN] where [TABLE] above [COLUMN] [NUMBER] are from ?";
    QTest::newRow("concerts by year") << "concert_singer"
                                      << "How many concerts are there in year 2014 or 2015?"
                                      << "how many [TABLE] are there in [COLUMN] [NUMBER] or [NUMBER] ?";
    QTest::newRow("stadium names") << "concert_singer"
                                   << "Show the stadium names without any concert."
                                   << "show the [TABLE] names without any [TABLE] .";
    QTest::newRow("youngest dog")
        << "pets_1"
        << "How much does the youngest dog weigh?"
        << "how much does the youngest [VALUE] [NOUN] ?";  // "weigh" is no column "weight"
    QTest::newRow("pet types") << "pets_1"
                               << "How many different types of pet are there?"
                               << "how many different [NOUN] of [TABLE] are there ?";
    QTest::newRow("car makers france") << "car_1"
                                       << "How many car makers are there in france?"
                                       << "how many [TABLE] are there in [VALUE] ?";
  }

  void spiderQuestionsWithSchema() {
    HS_REQUIRE_SHARED_DATA();
    QFETCH(QString, db);
    QFETCH(QString, question);
    QFETCH(QString, expected);
    SchemaVocabulary v = spiderVocabulary(qPrintable(db));
    QCOMPARE(QString::fromStdString(standardiseQuestion(question.toStdString(), v).text), expected);
  }

  void sameShapeAcrossDatabases() {
    HS_REQUIRE_SHARED_DATA();
    // Two questions of the same shape on different databases standardise to the same text.
    auto a = standardiseQuestion("How many singers do we have?", spiderVocabulary("concert_singer"));
    auto b = standardiseQuestion("How many pets do we have?", spiderVocabulary("pets_1"));
    QCOMPARE(a.text, b.text);
  }

  void sqlSide() {
    SchemaVocabulary v;
    v.tables = {"singer", "concert"};
    v.columns = {"Name", "Age", "Country", "Singer_ID"};
    QCOMPARE(QString::fromStdString(standardiseSql("SELECT count(*) FROM singer WHERE Age > 40", v)),
             QStringLiteral("SELECT COUNT(*) FROM [TableName] WHERE [ColumnName] > [Integer]"));
    QCOMPARE(
        QString::fromStdString(standardiseSql(
            "select T1.Name from singer as T1 where T1.Country = 'France' and T1.age >= 2.5", v)),
        QStringLiteral("SELECT [Alias].[ColumnName] FROM [TableName] AS [Alias] WHERE [Alias].[ColumnName] = "
                       "[Value] AND [Alias].[ColumnName] >= [Float]"));
    // Without a vocabulary: a name after FROM is a table.
    QCOMPARE(QString::fromStdString(standardiseSql("SELECT name FROM people")),
             QStringLiteral("SELECT [ColumnName] FROM [TableName]"));
    // Unreadable text is kept, not dropped.
    QVERIFY(QString::fromStdString(standardiseSql("SELECT 'oops", v)).contains(QStringLiteral("'oops")));
  }

  void speedOnSpiderDev() {
    HS_REQUIRE_SHARED_DATA();
    SchemaVocabulary v = spiderVocabulary("car_1");
    const std::string q =
        "What is the average horsepower of the cars made by companies in Japan before 1980?";
    const int reps = 2000;
    auto t0 = std::chrono::steady_clock::now();
    std::size_t total = 0;
    for (int i = 0; i < reps; ++i) total += standardiseQuestion(q, v).tokens.size();
    double us =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / reps;
    hs::mr::QuestionStandardiser standardiser(v);
    t0 = std::chrono::steady_clock::now();
    std::size_t total2 = 0;
    for (int i = 0; i < reps; ++i) total2 += standardiser(q).tokens.size();
    double us2 =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / reps;
    qInfo(
        "car_1 vocabulary (%zu names and values): standardiseQuestion %.1f us per question, "
        "QuestionStandardiser (index built once) %.1f us",
        v.tables.size() + v.columns.size() + v.values.size(), us, us2);
    QCOMPARE(total2, total);  // same result either way
    QCOMPARE(standardiser(q).text, standardiseQuestion(q, v).text);
  }
};

QTEST_APPLESS_MAIN(TestHkbStandardise)
#include "test_hkb_standardise.moc"
