// generate --cases: every case of a benchmark file through the engine's generate workflow
// (engine/workflow/generate.h), with a progress line on stderr; writes JSONL that `evaluate`
// reads as predictions. This file only parses options and writes lines.
#include "app/cli/llm/generate_cases.h"

#include <chrono>
#include <fstream>
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/abstain/abstain_hook.h"
#include "app/cli/cases_input.h"
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
  std::ofstream out(outPath.value(), std::ios::binary | std::ios::trunc);
  if (!out) {
    Error e = makeError(ErrorKind::BadInput, "io", "cannot write the output file");
    e.where = outPath.value();
    return fail(e);
  }
  auto client = llm::Client::create(setup.options);
  if (!client) return fail(client.error());

  // generate --abstain: infeasible questions are written at once and never reach the model.
  AbstainHook abstain(args, dbRoot.value());
  std::vector<Case> cases;
  std::size_t abstainedBefore = 0, abstainedAfter = 0;
  for (const Case& c : report.cases) {
    if (auto no = abstain.before(c)) {
      nlohmann::json line = baseLine(c);
      AbstainHook::write(*no, line);
      out << line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
      ++abstainedBefore;
    } else {
      cases.push_back(c);
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
    if (abstain.enabled()) {  // after generation: the risk score of the SQL
      Case c = cases[i];
      if (line["pred_sql"].is_string()) c.predSql = line["pred_sql"].get<std::string>();
      abstain.after(c, line);
      abstainedAfter += line.value("abstained", false) ? 1 : 0;
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
  if (!out) {
    Error e = makeError(ErrorKind::BadInput, "io", "writing the output file failed");
    e.where = outPath.value();
    return fail(e);
  }
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
                                         : nlohmann::json(nullptr)}});
  return kOk;
}

}  // namespace hs::cli
