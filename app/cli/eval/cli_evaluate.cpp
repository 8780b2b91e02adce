// hallusql-cli evaluate: import a benchmark run, execute gold and predicted SQL read-only, score
// (EX set/bag/ordered, Soft-F1), annotate (hook; none yet), write JSONL per case and a summary.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <mutex>

#include <nlohmann/json.hpp>

#include "app/cli/command.h"
#include "engine/annotate/check_registry.h"
#include "engine/annotate/eval_annotator.h"
#include "engine/annotate/learned_types.h"
#include "engine/annotate/risk.h"
#include "engine/core/output_file.h"
#include "engine/eval/not_scored.h"
#include "engine/eval/report_json.h"
#include "engine/eval/runner.h"
#include "engine/workflow/evaluate_run.h"
#include "engine/workflow/import_run.h"
#include "engine/workspace/import/import.h"
#include "engine/workspace/results_store.h"

namespace hs::cli {
namespace {

namespace imp = hs::ws::import;

constexpr long long kDayMs = 24LL * 3600 * 1000;  // --timeout-ms at most

Error usage(std::string message) {
  return makeError(ErrorKind::BadInput, "usage", std::move(message));
}

// "--csv-map question=NLQ,pred=PREDICTED SQL,gold=GOLD SQL,db=DATABASE"
Status applyCsvMap(const std::string& spec, imp::CsvMapping& m) {
  std::size_t pos = 0;
  while (pos <= spec.size()) {
    std::size_t comma = spec.find(',', pos);
    std::string item = spec.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    std::size_t eq = item.find('=');
    if (eq == std::string::npos) return usage("--csv-map expects key=COLUMN pairs, got '" + item + "'");
    std::string key = item.substr(0, eq), col = item.substr(eq + 1);
    if (key == "question")
      m.question = col;
    else if (key == "pred")
      m.predSql = col;
    else if (key == "gold")
      m.goldSql = col;
    else if (key == "db")
      m.dbId = col;
    else if (key == "id")
      m.id = col;
    else if (key == "evidence")
      m.evidence = col;
    else if (key == "difficulty")
      m.difficulty = col;
    else if (key == "model")
      m.model = col;
    else
      return usage("--csv-map: unknown key '" + key +
                   "' (question, pred, gold, db, id, evidence, difficulty, model)");
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  return ok();
}

// --disable-check NAME[,NAME]: gold-free categories switched off (an unknown name lists the valid ones).
Result<hs::annotate::CheckNames> disabledChecks(const Args& args) {
  const auto list = args.get("disable-check");
  if (!list) return hs::annotate::CheckNames{};
  auto names = hs::annotate::parseCheckNames(*list);
  if (!names) return usage("--disable-check: " + names.error().message);
  return names;
}

// --learned-types / --rule-types: whose C1..C10 labels (nullopt: neither said). The learned ones are
// the default since they agree better with people (tests/fit/README.md); the rules' own stay one
// flag away, for comparing and for the blind set's protocol.
Result<std::optional<bool>> learnedTypes(const Args& args) {
  const bool learned = args.has("learned-types"), rules = args.has("rule-types");
  if (learned && rules) return usage("--learned-types and --rule-types exclude each other");
  if (learned || rules) return std::optional<bool>(learned);
  return std::optional<bool>();
}

// A run is named after its predictions file (or its cases file) and its model.
std::string runNameFor(const imp::ImportOptions& options) {
  std::string stem = std::filesystem::path(options.predPath.value_or(options.casesPath)).stem().string();
  return options.model.empty() ? stem : stem + " (" + options.model + ")";
}

// evaluate --workspace W --run ID: the engine's evaluate-a-run workflow (in batches, each saved in
// one transaction), the same one the Review tab runs.
int runEvaluateWorkspaceRun(const Args& args) {
  auto runId = args.getInt("run", 0);
  if (!runId) return fail(runId.error());
  if (*runId < 1)
    return fail(usage("evaluate --workspace W needs --run ID (a run id of `workspace --info`)"));
  workflow::EvaluateRunOptions options;
  options.dbRoot = args.getOr("db-root", "");
  auto jobs = args.getInt("jobs", 2);
  if (!jobs) return fail(jobs.error());
  if (*jobs < 1 || *jobs > 256) return fail(usage("--jobs must be between 1 and 256"));
  options.jobs = static_cast<int>(*jobs);
  auto batch = args.getInt("batch", 100);
  if (!batch) return fail(batch.error());
  if (*batch < 1) return fail(usage("--batch must be positive"));
  options.batchSize = static_cast<int>(*batch);
  auto timeoutMs = args.getInt("timeout-ms", 30000);
  if (!timeoutMs) return fail(timeoutMs.error());
  if (*timeoutMs < 1 || *timeoutMs > kDayMs)
    return fail(usage("--timeout-ms must be between 1 and 86400000 (a day)"));
  options.timeoutMs = static_cast<int>(*timeoutMs);
  auto disabled = disabledChecks(args);
  if (!disabled) return fail(disabled.error());
  options.disabledChecks = std::move(*disabled);
  auto learned = learnedTypes(args);
  if (!learned) return fail(learned.error());
  options.learnedTypes = *learned;  // nullopt: the run's "learned_types" setting
  const bool quiet = args.has("quiet");
  auto progress = [quiet, m = std::make_shared<std::mutex>()](const workflow::Progress& p) {
    if (quiet) return;
    std::lock_guard<std::mutex> lock(*m);
    std::fprintf(stderr, "\revaluate: %zu/%zu cases", p.done, p.total);
    if (p.done == p.total) std::fprintf(stderr, "\n");
    std::fflush(stderr);
  };
  const auto r = workflow::evaluateRun(*args.get("workspace"), *runId, options, progress);
  if (r.error) return fail(*r.error);  // batches saved before it stay saved
  nlohmann::json out{{"workspace", *args.get("workspace")},
                     {"run", r.runId},
                     {"db_root", r.dbRoot},
                     {"total", r.total},
                     {"saved", r.saved},
                     {"time_limited", r.timeLimited},
                     {"cancelled", r.cancelled},
                     {"elapsed_ms", r.elapsedMs}};
  // RS(c) of the stored run when it was generated with abstention (null otherwise), as the Review
  // tab shows it.
  out["reliability"] = nullptr;
  if (auto workspace = ws::Workspace::open(*args.get("workspace")))
    if (auto rows = ws::caseSummaries(*workspace, r.runId)) out["reliability"] = ws::runReliability(*rows);
  print(out);
  return kOk;
}

int runEvaluate(const Args& args) {
  if (args.has("workspace") && !args.has("cases")) return runEvaluateWorkspaceRun(args);
  auto casesPath = args.require("cases");
  if (!casesPath) return fail(casesPath.error());
  auto outPath = args.require("out");
  if (!outPath) return fail(outPath.error());
  auto jobs = args.getInt("jobs", 1);
  if (!jobs) return fail(jobs.error());
  if (*jobs < 1 || *jobs > 256) return fail(usage("--jobs must be between 1 and 256"));
  auto timeoutMs = args.getInt("timeout-ms", 30000);
  if (!timeoutMs) return fail(timeoutMs.error());
  if (*timeoutMs < 1 || *timeoutMs > kDayMs)
    return fail(usage("--timeout-ms must be between 1 and 86400000 (a day)"));

  imp::ImportOptions options;
  options.casesPath = *casesPath;
  options.predPath = args.get("pred");
  options.model = args.getOr("model", "");
  auto format = imp::formatFromString(args.getOr("format", "auto"));
  if (!format) return fail(usage("--format must be auto, jsonl, spider, bird, csv, drilldown or mrsqlgen"));
  options.format = *format;
  if (auto spec = args.get("csv-map")) {
    if (auto st = applyCsvMap(*spec, options.csv); !st) return fail(st.error());
  }

  const auto start = std::chrono::steady_clock::now();
  imp::ImportReport report = imp::importCases(options);
  if (report.cases.empty() && !report.errors.empty()) return fail(report.errors.front());

  auto outFile = OutputFile::create(*outPath);
  if (!outFile) return fail(outFile.error());
  std::ostream& out = outFile->stream();

  eval::EvalOptions eo;
  eo.dbRoot = args.getOr("db-root", ".");
  eo.jobs = static_cast<int>(*jobs);
  eo.timeoutMs = static_cast<int>(*timeoutMs);
  eo.keepRows = args.has("workspace");  // the workspace keeps a sample of rows for the case view
  eo.ignoreColumnOrder = args.has("ignore-column-order");
  const std::string annotate = args.getOr("annotate", "rules");
  if (annotate != "rules" && annotate != "none") return fail(usage("--annotate must be rules or none"));
  auto disabled = disabledChecks(args);
  if (!disabled) return fail(disabled.error());
  hs::annotate::RuleAnnotator rules(std::move(*disabled));
  // The learned C1..C10 labels' inputs per case, by name (tests/fit/fit_types.py reads them).
  const bool typeFeatures = args.has("type-features");
  rules.keepTypeFeatures(typeFeatures);
  auto learned = learnedTypes(args);
  if (!learned) return fail(learned.error());
  rules.learnedTypes(learned->value_or(true));
  if (annotate == "rules") eo.annotator = &rules;  // none: findings [] and risk null
  const bool quiet = args.has("quiet");
  std::mutex progressMutex;
  auto lastPrint = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  const std::size_t total = report.cases.size();
  std::size_t offset = 0;  // cases of the chunks before the one running
  eo.progress = [&](std::size_t done, std::size_t) {
    if (quiet) return;
    std::lock_guard<std::mutex> lock(progressMutex);
    auto now = std::chrono::steady_clock::now();
    done += offset;
    if (done != total && now - lastPrint < std::chrono::milliseconds(200)) return;
    lastPrint = now;
    std::fprintf(stderr, "\revaluate: %zu/%zu cases", done, total);
    if (done == total) std::fprintf(stderr, "\n");
    std::fflush(stderr);
  };
  // Cases are evaluated a chunk at a time and each chunk's outcomes written and summed up before the
  // next, so memory holds the cases and one chunk, not a million outcomes; the workspace stores
  // every outcome, so --workspace keeps them all.
  constexpr std::size_t kChunk = 4096;
  const bool keepAll = args.has("workspace");
  const bool riskFeatures = args.has("risk-features");  // the risk model's inputs per case, by name
  eval::RunSummary runSummary;
  std::vector<eval::CaseOutcome> outcomes;
  for (offset = 0; offset < total; offset += kChunk) {
    const auto first = report.cases.begin() + static_cast<std::ptrdiff_t>(offset);
    const std::vector<Case> chunk(first,
                                  first + static_cast<std::ptrdiff_t>(std::min(kChunk, total - offset)));
    std::vector<eval::CaseOutcome> chunkOutcomes = eval::evaluateCases(chunk, eo);
    for (std::size_t i = 0; i < chunk.size(); ++i) {
      nlohmann::json j = eval::caseToJson(chunk[i], chunkOutcomes[i]);
      if (riskFeatures && chunkOutcomes[i].risk) {  // tests/fit/fit_risk.py reads them
        const std::vector<std::string>& names = hs::annotate::riskFeatureNames();
        nlohmann::json f = nlohmann::json::object();
        for (std::size_t k = 0; k < names.size() && k < chunkOutcomes[i].risk->features.size(); ++k)
          f[names[k]] = chunkOutcomes[i].risk->features[k];
        j["risk"]["features"] = std::move(f);
      }
      // In typeFeatureNames() order (the summary lists the names); absent when the rules gave no C-type.
      if (typeFeatures && !chunkOutcomes[i].typeFeatures.empty())
        j["type_features"] = chunkOutcomes[i].typeFeatures;
      out << j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
      runSummary.add(chunk[i], chunkOutcomes[i]);
    }
    if (keepAll) std::move(chunkOutcomes.begin(), chunkOutcomes.end(), std::back_inserter(outcomes));
  }
  if (auto st = outFile->commit(); !st) return fail(st.error());

  eval::SummaryContext ctx;
  ctx.format = imp::toString(report.format);
  ctx.importWarnings = report.warnings;
  ctx.importErrors = report.errors;
  ctx.omittedWarnings = report.omittedWarnings;
  ctx.omittedErrors = report.omittedErrors;
  ctx.jobs = eo.jobs;
  ctx.elapsedMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  nlohmann::json summary = runSummary.finish(report.cases, ctx);
  // Said once for the run, with the reason and the databases: before, only each case's result
  // held it ("62 cases" were a count with no why).
  summary["not_scored"] = eval::toJson(eval::notScoredCases(report.cases, eo.dbRoot));
  if (typeFeatures) summary["type_feature_names"] = hs::annotate::typeFeatureNames();
  if (auto wsPath = args.get("workspace")) {
    ws::RunInfo info;
    info.name = args.getOr("run-name", runNameFor(options));
    info.model = options.model;
    info.sourceFile = options.predPath.value_or(options.casesPath);
    // Stored absolute: a relative --db-root means the shell's folder of this call, which the GUI or a
    // later `evaluate --workspace` started elsewhere does not share.
    std::error_code ec;
    const auto absRoot = std::filesystem::absolute(eo.dbRoot, ec).lexically_normal();
    const std::string storedRoot = ec ? eo.dbRoot : absRoot.string();
    nlohmann::json settings{{"db_root", storedRoot}, {"format", ctx.format}};
    // Stored with the run so that Evaluate in the Review tab labels it the same way again.
    settings["learned_types"] = learned->value_or(true);
    info.settingsJson = settings.dump();
    auto stored = workflow::importRun(*wsPath, info, report.cases, &outcomes);
    if (!stored) return fail(stored.error());
    summary["workspace"] = {
        {"path", *wsPath}, {"run", info.name}, {"run_id", stored->runId}, {"cases", stored->cases}};
  }
  if (auto summaryPath = args.get("summary")) {
    const std::string text = summary.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
    if (auto st = writeOutputFile(*summaryPath, text, "the summary file"); !st) return fail(st.error());
  }
  print(summary);
  // Rejected records are not silent: one JSON line on stderr with their count (the summary also
  // lists them); --strict turns them into exit 2.
  if (std::size_t rejected = report.errorCount(); rejected > 0) {
    nlohmann::json w = {{"code", "rejected_records"},
                        {"message", std::to_string(rejected) + " record(s) of " + *casesPath +
                                        " could not be read and were not evaluated"},
                        {"count", rejected},
                        {"where", *casesPath}};
    std::cerr << nlohmann::json{{"warning", w}}.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
              << "\n";
    if (args.has("strict")) return kBadInput;
  }
  return kOk;
}

const CommandRegistration kEvaluate{Command{
    "evaluate",
    "evaluate --cases F [--format auto|jsonl|spider|bird|csv|drilldown|mrsqlgen] [--pred P] [--db-root DIR] "
    "[--jobs N] --out OUT.jsonl [--summary S.json] [--timeout-ms N (per case)] [--csv-map "
    "question=..,pred=..,gold=..,db=..] "
    "[--model M] [--annotate rules|none] [--disable-check NAME[,NAME]] [--risk-features] [--type-features] "
    "[--learned-types | --rule-types] "
    "[--ignore-column-order] [--quiet] [--strict] "
    "[--workspace W "
    "[--run-name "
    "NAME]]\n"
    "  | evaluate --workspace W --run ID [--db-root DIR] [--jobs N] [--batch N] [--timeout-ms N (per case)] "
    "[--disable-check NAME[,NAME]] [--learned-types | --rule-types] [--quiet]",
    {"quiet", "ignore-column-order", "strict", "risk-features", "type-features", "learned-types",
     "rule-types"},
    runEvaluate,
    {"hallusql-cli evaluate --cases dev.json --format spider --pred pred.txt --db-root spider/database --out "
     "eval.jsonl --summary summary.json",
     "hallusql-cli evaluate --cases run.jsonl --db-root spider/database --out eval.jsonl --workspace "
     "review.hallusql --run-name \"gpt-4 dev\"",
     "hallusql-cli evaluate --workspace review.hallusql --run 2 --jobs 2"}}};

}  // namespace
}  // namespace hs::cli
