// The CLI of review as a team: `agreement --workspace` gives the same figures as `agreement
// --labels` on the same ratings (and one more reviewer, "rules", with --include-rules);
// `annotations export` / `annotations import` hand one reviewer's annotations to another
// workspace, and importing twice adds nothing.
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

#include <nlohmann/json.hpp>

#include "engine/workspace/annotations.h"
#include "engine/workspace/reviewer_labels.h"
#include "engine/workspace/sqlite_util.h"
#include "engine/workspace/workspace.h"
#include "support/run_cli.h"

using hs::test::runCli;

namespace {

// Run "r" of six cases; three reviewers label them; the rules found C1 on every case.
bool makeWorkspace(const std::string& path, bool withLabels) {
  auto ws = hs::ws::Workspace::create(path);
  if (!ws) return false;
  auto run = ws->createRun({"r", "m", "", "{}"});
  if (!run) return false;
  std::vector<hs::Case> cases(6);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    cases[i].id = "k:" + std::to_string(i);
    cases[i].predSql = "SELECT " + std::to_string(i);
  }
  auto ids = ws->insertCases(*run, cases);
  if (!ids) return false;
  if (!hs::ws::exec(
          ws->handle(),
          "INSERT INTO findings (case_id, taxonomy, category, origin, created_at, from_eval) SELECT id, "
          "'mrsqlgen', 'C1', 'rule', 'now', 1 FROM cases; INSERT INTO case_scores (case_id, evaluated_at) "
          "SELECT id, 'now' FROM cases",
          path))
    return false;
  if (!withLabels) return true;
  const char* labels[3][6] = {{"C1", "C1", "C2", "C3", "C1", "C2"},
                              {"C1", "C2", "C2", "C3", "C1", "C1"},
                              {"C1", "C1", "C2", "C2", "", "C2"}};
  const char* who[3] = {"ann", "bea", "cyd"};
  for (int r = 0; r < 3; ++r)
    for (std::size_t i = 0; i < 6; ++i) {
      if (!*labels[r][i]) continue;
      hs::ws::AnnotationRecord a;
      a.caseId = (*ids)[i];
      a.annotator = who[r];
      a.verdict = "added";
      a.taxonomy = "mrsqlgen";
      a.category = labels[r][i];
      if (!hs::ws::insertAnnotation(*ws, a)) return false;
    }
  return true;
}

nlohmann::json parse(const QByteArray& out) {
  return nlohmann::json::parse(out.toStdString(), nullptr, false);
}

}  // namespace

class TestCliReviewTeam : public QObject {
  Q_OBJECT
 private slots:
  void agreementFromWorkspaceEqualsLabelsFile() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("w.hallusql").toStdString();
    QVERIFY(makeWorkspace(path, true));
    // The same ratings as a labels file.
    const QString labels = dir.filePath("labels.jsonl");
    {
      auto ws = hs::ws::Workspace::open(path);
      QVERIFY(ws);
      auto ratings = hs::ws::reviewerRatings(*ws, {}, false);
      QVERIFY(ratings && ratings->size() == 17);
      std::ofstream out(labels.toStdString());
      for (const auto& r : *ratings)
        out << nlohmann::json{{"item", r.item}, {"reviewer", r.reviewer}, {"label", r.label}}.dump() << "\n";
    }
    const auto fromWs = runCli({"agreement", "--workspace", QString::fromStdString(path), "--run", "r"});
    QCOMPARE(fromWs.exitCode, 0);
    const auto fromFile = runCli({"agreement", "--labels", labels});
    QCOMPARE(fromFile.exitCode, 0);
    nlohmann::json a = parse(fromWs.out), b = parse(fromFile.out);
    QCOMPARE(a["source"], nlohmann::json("workspace"));
    QCOMPARE(a["scope"]["run"], nlohmann::json("r"));
    for (const char* key : {"items", "reviewers", "overall", "pairs", "per_category"})
      QVERIFY2(a[key] == b[key], key);
    QCOMPARE(a["reviewers"], (nlohmann::json{"ann", "bea", "cyd"}));
    QCOMPARE(a["items"].get<int>(), 6);
    QCOMPARE(a["pairs"].size(), std::size_t(3));
    QVERIFY(a["overall"]["alpha"].is_number());
    QVERIFY(a["overall"]["fleiss_kappa"].is_number());
    // The rules as a fourth reviewer.
    const auto rules = runCli({"agreement", "--workspace", QString::fromStdString(path), "--include-rules"});
    QCOMPARE(rules.exitCode, 0);
    nlohmann::json c = parse(rules.out);
    QCOMPARE(c["reviewers"], (nlohmann::json{"ann", "bea", "cyd", "rules"}));
    QCOMPARE(c["pairs"].size(), std::size_t(6));
    QVERIFY(c["overall"]["alpha"] != a["overall"]["alpha"]);
    // Both sources at once, or neither: a usage error.
    QCOMPARE(runCli({"agreement", "--workspace", QString::fromStdString(path), "--labels", labels}).exitCode,
             2);
    QCOMPARE(runCli({"agreement", "--labels", labels, "--include-rules"}).exitCode, 2);
    QCOMPARE(runCli({"agreement", "--workspace", QString::fromStdString(path), "--run", "nope"}).exitCode, 2);
  }

  void exportImportRoundTrip() {
    QTemporaryDir dir;
    const QString from = dir.filePath("from.hallusql"), to = dir.filePath("to.hallusql");
    QVERIFY(makeWorkspace(from.toStdString(), true));
    QVERIFY(makeWorkspace(to.toStdString(), false));
    const QString file = dir.filePath("bea.jsonl");
    const auto out =
        runCli({"annotations", "export", "--workspace", from, "--reviewer", "bea", "--out", file});
    QCOMPARE(out.exitCode, 0);
    QCOMPARE(parse(out.out)["annotations"].get<int>(), 6);
    const auto first = runCli({"annotations", "import", "--workspace", to, "--in", file});
    QCOMPARE(first.exitCode, 0);
    QCOMPARE(parse(first.out)["added"].get<int>(), 6);
    const auto again = runCli({"annotations", "import", "--workspace", to, "--in", file});
    QCOMPARE(parse(again.out)["added"].get<int>(), 0);
    QCOMPARE(parse(again.out)["duplicates"].get<int>(), 6);
    // Not an annotations file: exit 2, nothing written.
    const auto bad = runCli({"annotations", "import", "--workspace", to, "--in", from});
    QCOMPARE(bad.exitCode, 2);
  }
};

QTEST_GUILESS_MAIN(TestCliReviewTeam)
#include "test_cli_review_team.moc"
