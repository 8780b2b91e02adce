// hallusql-cli demo [--dir DIR] --out OUT.json [--html OUT.html]: the headless main job. Creates (or
// reuses) the demo database and workspace, evaluates the demo run with the rule annotator through
// the engine workflow (stored in the workspace, as the Review tab does), writes a JSON report with
// every case's results, findings with spans and risk, the review report as HTML beside it, and
// prints a one-line JSON summary.
#include <filesystem>

#include <nlohmann/json.hpp>

#include "app/cli/command.h"
#include "engine/core/output_file.h"
#include "engine/db/database.h"
#include "engine/db/value_json.h"
#include "engine/eval/report_json.h"
#include "engine/eval/result_compare.h"
#include "engine/report/report_load.h"
#include "engine/report/report_render.h"
#include "engine/workflow/evaluate_run.h"
#include "engine/workspace/demo.h"
#include "engine/workspace/workspace.h"

namespace fs = std::filesystem;

namespace hs::cli {
namespace {

constexpr std::size_t kPreviewRows = 5;

struct SideResult {
  nlohmann::json json;
  std::optional<db::QueryResult> result;
};

SideResult runSide(db::Database& database, const std::optional<std::string>& sql) {
  SideResult side;
  if (!sql) {
    side.json = {{"ok", false}, {"error", {{"message", "no SQL"}, {"code", "missing"}}}};
    return side;
  }
  db::Limits limits;
  limits.timeoutMs = 5000;
  limits.maxRows = 20000;
  auto r = database.query(*sql, limits);
  if (!r) {
    nlohmann::json err = {{"message", r.error().message}, {"code", r.error().code}};
    err["offset"] = r.error().offset ? nlohmann::json(*r.error().offset) : nlohmann::json(nullptr);
    side.json = {{"ok", false}, {"error", err}};
    return side;
  }
  nlohmann::json preview = nlohmann::json::array();
  for (std::size_t i = 0; i < r->rows.size() && i < kPreviewRows; ++i)
    preview.push_back(db::toJson(r->rows[i]));
  side.json = {{"ok", true},
               {"columns", r->columns},
               {"row_count", r->rows.size()},
               {"truncated", r->truncated},
               {"elapsed_ms", r->elapsedMs},
               {"rows_preview", preview},
               {"error", nullptr}};
  side.result = std::move(r.value());
  return side;
}

int runDemo(const Args& args) {
  auto out = args.require("out");
  if (!out) return fail(out.error());
  const std::string dir = args.getOr("dir", ws::defaultDemoDir());
  auto info = ws::createDemo(dir);
  if (!info) return fail(info.error());
  workflow::EvaluateRunOptions evalOptions;
  evalOptions.dbRoot = dir;
  evalOptions.jobs = 1;
  auto evaluated = workflow::evaluateRun(info->workspacePath, info->runId, evalOptions);
  if (evaluated.error) return fail(*evaluated.error);
  auto workspace = ws::Workspace::open(info->workspacePath);
  if (!workspace) return fail(workspace.error());
  auto review = report::loadReport(*workspace, std::string(ws::kDemoRunName), report::Language::English);
  if (!review) return fail(review.error());
  auto cases = workspace->cases(info->runId);
  if (!cases) return fail(cases.error());
  auto database = db::Database::openReadOnly(info->databasePath);
  if (!database) return fail(database.error());

  nlohmann::json list = nlohmann::json::array();
  std::size_t matched = 0, mismatched = 0, failed = 0;
  for (std::size_t i = 0; i < cases->size(); ++i) {
    const hs::Case& c = (*cases)[i].kase;
    SideResult gold = runSide(*database.value(), c.goldSql);
    SideResult pred = runSide(*database.value(), c.predSql);
    nlohmann::json match = nullptr;
    if (gold.result && pred.result) {
      bool same = !gold.result->truncated && !pred.result->truncated &&
                  eval::bagEqual(gold.result->rows, pred.result->rows) &&
                  gold.result->columns.size() == pred.result->columns.size();
      match = same;
      (same ? matched : mismatched)++;
    } else {
      ++failed;
    }
    list.push_back({{"id", c.id},
                    {"db_id", c.dbId},
                    {"question", c.question},
                    {"difficulty", c.difficulty},
                    {"gold_sql", c.goldSql ? nlohmann::json(*c.goldSql) : nlohmann::json(nullptr)},
                    {"pred_sql", c.predSql ? nlohmann::json(*c.predSql) : nlohmann::json(nullptr)},
                    {"gold", gold.json},
                    {"pred", pred.json},
                    {"match", match}});
    // The evaluation as `evaluate` writes it: EX, Soft-F1, findings with spans, risk.
    if (i < review->cases.size() && review->cases[i].outcome) {
      nlohmann::json evaluatedCase = eval::caseToJson(c, *review->cases[i].outcome);
      for (const char* key : {"ex", "soft_f1", "findings", "risk", "diff"})
        if (evaluatedCase.contains(key)) list.back()[key] = evaluatedCase[key];
    }
  }
  // The EX figures of the evaluated run under their names, as the report gives them (set, bag,
  // ordered: correct of scored); "matched" is this command's own bag comparison of the two results.
  std::vector<hs::Case> evaluatedCases;
  eval::RunSummary runSummary;
  for (std::size_t i = 0; i < review->cases.size() && i < cases->size(); ++i)
    if (review->cases[i].outcome) {
      evaluatedCases.push_back((*cases)[i].kase);
      runSummary.add((*cases)[i].kase, *review->cases[i].outcome);
    }
  const nlohmann::json ex = runSummary.finish(evaluatedCases, eval::SummaryContext{})["ex"];
  nlohmann::json summary = {{"cases", list.size()}, {"ex_set", ex["set"]},
                            {"ex_bag", ex["bag"]},  {"ex_ordered", ex["ordered"]},
                            {"matched", matched},   {"mismatched", mismatched},
                            {"errors", failed}};
  nlohmann::json report = {{"workspace", info->workspacePath},
                           {"database", info->databasePath},
                           {"reused", info->reused},
                           {"run", ws::kDemoRunName},
                           {"comparison", "multiset of rows (bag); null when a side failed to execute"},
                           {"summary", summary},
                           {"cases", list}};
  std::string html = args.getOr("html", fs::path(*out).replace_extension(".html").string());
  report["html"] = html;
  // --html may be left out: its name comes from --out's, so it is checked here, not with the options.
  if (auto s =
          checkOutputTarget(html, {{*out, "--out"}, {info->workspacePath, "the demo workspace"}}, "--html");
      !s)
    return fail(s.error());
  const auto page = report::renderHtml(*review);  // before any file is written
  if (!page) return fail(page.error());
  const std::string json = report.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  if (auto s = writeOutputFile(*out, json, "the report"); !s) return fail(s.error());
  if (auto s = writeOutputFile(html, *page, "the HTML report"); !s) return fail(s.error());
  nlohmann::json line = summary;
  line["out"] = *out;
  line["html"] = html;
  line["workspace"] = info->workspacePath;
  line["reused"] = info->reused;
  print(line);
  return kOk;
}

const CommandRegistration kDemo{
    {"demo",
     "demo [--dir DIR] --out OUT.json [--html OUT.html]   create/reuse the demo workspace, evaluate its run, "
     "write the JSON and HTML reports",
     {},
     runDemo,
     {"hallusql-cli demo --out demo.json",
      "hallusql-cli demo --dir /tmp/demo --out demo.json --html demo.html"}}};

}  // namespace
}  // namespace hs::cli
