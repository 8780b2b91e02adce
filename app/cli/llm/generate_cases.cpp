// generate --cases: every case of a benchmark file through the engine's generate workflow
// (engine/workflow/generate.h), with a progress line on stderr; writes JSONL that `evaluate`
// reads as predictions. This file only parses options and writes lines.
#include "app/cli/llm/generate_cases.h"
#include "engine/core/output_file.h"

#include <chrono>
#include <fstream>
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/abstain/abstain_hook.h"
#include "app/cli/cases_input.h"
#include "engine/eval/reliability.h"
#include "engine/workflow/generate.h"
#include "engine/workflow/generate_json.h"

namespace hs::cli {

namespace {

nlohmann::json errorJson(const Error& e) {
  return {{"kind", toString(e.kind)}, {"code", e.code}, {"message", e.message}};
}

nlohmann::json baseLine(const Case& c) {
  nlohmann::json j;
  j["id"] = c.id;
  j["db_id"] = c.dbId;
  j["question"] = c.question;
  j["evidence"] = c.evidence;
  j["gold_sql"] = c.goldSql ? nlohmann::json(*c.goldSql) : nlohmann::json(nullptr);
  j["difficulty"] = c.difficulty;
  j["source"] = c.source;
  // An infeasible question (no gold SQL exists) keeps its type, so that evaluating the output
  // scores an abstention on it as correct.
  if (!c.infeasibleType.empty()) j["infeasible_type"] = c.infeasibleType;
  j["pred_sql"] = nullptr;
  return j;
}

struct Totals {
  std::size_t failed = 0, cached = 0, noSql = 0, submitted = 0;
  std::int64_t promptTokens = 0, completionTokens = 0;
  double cost = 0.0;
};

}  // namespace

int runGenerateCases(const Args& args, LlmSetup setup) {
  auto dbRoot = args.require("db-root");
  if (!dbRoot) return fail(dbRoot.error());
  auto outPath = args.require("out");
  if (!outPath) return fail(outPath.error());
  auto imported = importCasesOption(args, setup.options.profile.model);
  if (!imported) return fail(imported.error());
  const ws::import::ImportReport& report = imported.value();
  auto outFile = OutputFile::create(outPath.value());
  if (!outFile) return fail(outFile.error());
  std::ostream& out = outFile->stream();
  AbstainHook abstain(args, dbRoot.value());
  if (abstain.error()) return fail(*abstain.error());
  auto client = llm::Client::create(setup.options);
  if (!client) return fail(client.error());
  abstain.setClient(client.value().get());

  // generate --abstain: infeasible questions are written at once and never reach the model.
  std::vector<Case> cases;
  std::vector<workflow::AbstainVerdict> verdicts;
  std::vector<bool> abstainedAll(report.cases.size(), false);
  std::vector<Case> answered = report.cases;  // with the generated SQL, for RS(c) in the summary
  std::vector<std::size_t> position;          // index in report.cases of each generated case
  std::size_t abstainedBefore = 0, abstainedAfter = 0;
  for (std::size_t k = 0; k < report.cases.size(); ++k) {
    const Case& c = report.cases[k];
    workflow::AbstainVerdict v = abstain.before(c);
    if (v.abstained) {
      nlohmann::json line = baseLine(c);
      workflow::writeAbstainJson(v, line);
      out << line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
      ++abstainedBefore;
      abstainedAll[k] = true;
    } else {
      cases.push_back(c);
      verdicts.push_back(std::move(v));
      position.push_back(k);
    }
  }
  workflow::GenerateOptions options;
  options.params = setup.params;
  Totals t;
  auto onResult = [&](std::size_t i, workflow::GenerateOutcome outcome) {
    nlohmann::json line = baseLine(cases[i]);
    if (outcome.request) ++t.submitted;
    if (outcome.generation) {
      const llm::ChatResponse& r = outcome.generation->response;
      nlohmann::json gen = workflow::generationJson(outcome);
      line["pred_sql"] = gen["sql"];
      line["model"] = gen["model"];
      line["generation"] = std::move(gen);
      t.cached += r.cached ? 1 : 0;
      t.noSql += outcome.generation->extraction.ok() ? 0 : 1;
      t.promptTokens += r.usage.promptTokens;
      t.completionTokens += r.usage.completionTokens;
      t.cost += r.cost;
    } else {
      line["model"] = setup.options.profile.model;
      line["error"] = errorJson(outcome.error);
      ++t.failed;
    }
    if (abstain.enabled()) {  // after generation: the risk score of the SQL, then the verifier
      answered[position[i]].predSql.reset();
      if (line["pred_sql"].is_string()) answered[position[i]].predSql = line["pred_sql"].get<std::string>();
      abstain.after(verdicts[i], cases[i], outcome, line);
      if (verdicts[i].abstained) {
        ++abstainedAfter;
        abstainedAll[position[i]] = true;
      }
    }
    out << line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    out.flush();
  };
  const auto start = std::chrono::steady_clock::now();
  auto progress = [&](const workflow::Progress& p) {
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cerr << "\rgenerate: " << p.done << "/" << p.total << " done, " << t.failed << " failed, "
              << t.cached << " cached, " << (secs > 0 ? static_cast<double>(p.done) / secs : 0.0)
              << " cases/s   " << std::flush;
  };
  workflow::generateCases(*client.value(), cases, dbRoot.value(), options, onResult, progress);
  std::cerr << "\n";
  client.value().reset();  // joins the worker
  double elapsedMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (auto st = outFile->commit(); !st) return fail(st.error());
  print({{"out", outPath.value()},
         {"format", ws::import::toString(report.format)},
         {"total", report.cases.size()},
         {"submitted", t.submitted},
         {"ok", cases.size() - t.failed},
         {"failed", t.failed},
         {"no_sql", t.noSql},
         {"cached", t.cached},
         {"prompt_tokens", t.promptTokens},
         {"completion_tokens", t.completionTokens},
         {"cost", t.cost},
         {"elapsed_ms", elapsedMs},
         {"import_warnings", report.warnings.size()},
         {"import_errors", report.errors.size()},
         {"abstained", abstain.enabled() ? nlohmann::json{{"before_generation", abstainedBefore},
                                                          {"total", abstainedBefore + abstainedAfter}}
                                         : nlohmann::json(nullptr)},
         {"reliability", abstain.enabled()
                             ? eval::generatedRunReliability(answered, abstainedAll, dbRoot.value(),
                                                             abstain.thresholdsJson())
                             : nlohmann::json(nullptr)}});
  return kOk;
}

}  // namespace hs::cli
