// The case list: the model's texts and verdicts, the filter proxy (EX verdict, category, model,
// difficulty, free text over question/SQL/db) and sorting, on hand-made summary rows; plus load
// and filter times of 10,000 rows.
#include <QtTest>

#include <QElapsedTimer>

#include "widgets/review/case_filter_proxy.h"
#include "widgets/review/case_list_model.h"

using hs::ui::CaseFilterProxy;
using hs::ui::CaseListModel;

namespace {

hs::ws::CaseSummary row(int i, std::optional<bool> ex, std::vector<std::string> categories, double risk,
                        std::string model = "gpt-4", std::string difficulty = "simple") {
  hs::ws::CaseSummary s;
  s.caseId = 100 + i;
  s.position = i;
  s.caseKey = "k:" + std::to_string(i);
  s.dbId = i % 2 ? "concert_singer" : "pets_1";
  s.question = "How many singers are older than " + std::to_string(20 + i) + "?";
  s.goldSql = "SELECT count(*) FROM singer WHERE age > " + std::to_string(20 + i);
  s.predSql = i == 2 ? "SELECT COUNT(*) FROM artists" : s.goldSql;
  s.model = std::move(model);
  s.difficulty = std::move(difficulty);
  s.evaluated = true;
  s.exSet = ex;
  s.exBag = ex;
  s.softF1 = ex ? std::optional<double>(*ex ? 1.0 : 0.25) : std::nullopt;
  s.risk = risk;
  s.categories = std::move(categories);
  return s;
}

std::vector<hs::ws::CaseSummary> sample() {
  return {row(0, true, {}, 0.1), row(1, false, {"C4", "value_absent"}, 0.9, "llama"),
          row(2, false, {"Schema Hallucination"}, 0.7, "gpt-4", "challenging"), row(3, std::nullopt, {}, 0.3),
          row(4, true, {"value_absent"}, 0.5, "llama", "moderate")};
}

QList<qint64> shownIds(const CaseFilterProxy& p) {
  QList<qint64> out;
  for (int r = 0; r < p.rowCount(); ++r) out << p.caseIdAt(r);
  return out;
}

}  // namespace

class TestReviewList : public QObject {
  Q_OBJECT
 private slots:
  void modelTexts() {
    CaseListModel m;
    m.setSummaries(sample());
    QCOMPARE(m.rowCount(), 5);
    QCOMPARE(m.correctCount(), 2);
    QCOMPARE(m.wrongCount(), 2);
    QCOMPARE(m.data(m.index(0, CaseListModel::Position)).toInt(), 1);  // 1-based
    QCOMPARE(m.data(m.index(1, CaseListModel::ExSet)).toString(), QStringLiteral("✗"));
    QCOMPARE(m.data(m.index(0, CaseListModel::ExSet)).toString(), QStringLiteral("✓"));
    QCOMPARE(m.data(m.index(3, CaseListModel::ExSet)).toString(), QStringLiteral("–"));
    QCOMPARE(m.data(m.index(1, CaseListModel::Findings)).toString(), QStringLiteral("C4, value_absent"));
    QCOMPARE(m.data(m.index(1, CaseListModel::SoftF1)).toString(), QStringLiteral("0.25"));
    QCOMPARE(m.models(), (QStringList{"gpt-4", "llama"}));
    QCOMPARE(m.difficulties(), (QStringList{"challenging", "moderate", "simple"}));
    QCOMPARE(m.categories(), (QStringList{"C4", "Schema Hallucination", "value_absent"}));
    QCOMPARE(m.rowOfCase(103), 3);
    QCOMPARE(m.rowOfCase(999), -1);
  }

  void filters() {
    CaseListModel m;
    m.setSummaries(sample());
    CaseFilterProxy p;
    p.setCaseModel(&m);
    QCOMPARE(p.rowCount(), 5);
    p.setVerdict(CaseFilterProxy::VerdictFilter::Wrong);
    QCOMPARE(shownIds(p), (QList<qint64>{101, 102}));
    p.setVerdict(CaseFilterProxy::VerdictFilter::Correct);
    QCOMPARE(shownIds(p), (QList<qint64>{100, 104}));
    p.setVerdict(CaseFilterProxy::VerdictFilter::Undecided);
    QCOMPARE(shownIds(p), (QList<qint64>{103}));
    p.setVerdict(CaseFilterProxy::VerdictFilter::All);
    p.setCategory("value_absent");
    QCOMPARE(shownIds(p), (QList<qint64>{101, 104}));
    p.setModelName("llama");
    p.setVerdict(CaseFilterProxy::VerdictFilter::Wrong);
    QCOMPARE(shownIds(p), (QList<qint64>{101}));
    p.clearFilters();
    p.setDifficulty("challenging");
    QCOMPARE(shownIds(p), (QList<qint64>{102}));
    p.clearFilters();
    p.setText("ARTISTS");  // in the predicted SQL only, any case
    QCOMPARE(shownIds(p), (QList<qint64>{102}));
    p.setText("pets_1");  // the database name
    QCOMPARE(shownIds(p), (QList<qint64>{100, 102, 104}));
    p.setText("older than 23");  // the question
    QCOMPARE(shownIds(p), (QList<qint64>{103}));
    p.setText("");
    QCOMPARE(p.rowCount(), 5);
  }

  void sorting() {
    CaseListModel m;
    m.setSummaries(sample());
    CaseFilterProxy p;
    p.setCaseModel(&m);
    p.sort(CaseListModel::Risk, Qt::DescendingOrder);
    QCOMPARE(shownIds(p), (QList<qint64>{101, 102, 104, 103, 100}));
    p.sort(CaseListModel::ExSet, Qt::AscendingOrder);  // undecided, wrong, correct
    QCOMPARE(p.caseIdAt(0), qint64{103});
    QCOMPARE(m.row(m.rowOfCase(p.caseIdAt(1))).verdict, CaseListModel::Verdict::Wrong);
    QCOMPARE(m.row(m.rowOfCase(p.caseIdAt(4))).verdict, CaseListModel::Verdict::Correct);
    p.sort(CaseListModel::Findings, Qt::DescendingOrder);
    QCOMPARE(p.caseIdAt(0), qint64{101});  // two categories
    // Sorting and filtering together.
    p.setVerdict(CaseFilterProxy::VerdictFilter::Wrong);
    p.sort(CaseListModel::SoftF1, Qt::AscendingOrder);
    QCOMPARE(p.rowCount(), 2);
  }

  void tenThousandRows() {
    std::vector<hs::ws::CaseSummary> rows;
    for (int i = 0; i < 10000; ++i) {
      std::vector<std::string> cats;
      if (i % 3 == 0) cats = {"C4", "value_absent"};
      if (i % 7 == 0) cats.push_back("Schema Hallucination");
      rows.push_back(row(i, i % 4 == 0 ? std::nullopt : std::optional<bool>(i % 3 != 0), cats,
                         (i % 100) / 100.0, i % 2 ? "gpt-4" : "llama", i % 5 ? "simple" : "challenging"));
    }
    CaseListModel m;
    CaseFilterProxy p;
    p.setCaseModel(&m);
    QElapsedTimer t;
    t.start();
    m.setSummaries(std::move(rows));
    p.sort(CaseListModel::Position, Qt::AscendingOrder);
    const double loadMs = static_cast<double>(t.nsecsElapsed()) / 1e6;
    t.restart();
    p.setVerdict(CaseFilterProxy::VerdictFilter::Wrong);
    const int wrong = p.rowCount();
    p.setText("older than 2");
    const double filterMs = static_cast<double>(t.nsecsElapsed()) / 1e6;
    t.restart();
    p.sort(CaseListModel::Risk, Qt::DescendingOrder);
    const double sortMs = static_cast<double>(t.nsecsElapsed()) / 1e6;
    qInfo("10k rows: load %.1f ms, two filters %.1f ms, sort by risk %.1f ms", loadMs, filterMs, sortMs);
    int expected = 0;
    for (int i = 0; i < 10000; ++i)
      if (i % 4 != 0 && i % 3 == 0) ++expected;
    QCOMPARE(wrong, expected);
    QVERIFY(p.rowCount() > 0 && p.rowCount() < wrong);
    QVERIFY2(loadMs < 2000 && filterMs < 1000 && sortMs < 1000, "the case list is too slow for 10,000 cases");
  }
};

QTEST_MAIN(TestReviewList)
#include "test_review_list.moc"
