// hallusql-cli mutate: seed 003 D.2 mutation negatives of a benchmark's gold SQL, kept by the
// execution filter; JSON Lines in the `evaluate` input shape, a summary on stdout.
#include <chrono>
#include <cstdio>
#include <fstream>

#include <nlohmann/json.hpp>

#include "app/cli/cases_input.h"
#include "app/cli/command.h"
#include "engine/core/output_file.h"
#include "engine/mutate/mutate.h"

namespace hs::cli {
namespace {

Error usage(std::string message) {
  return makeError(ErrorKind::BadInput, "usage", std::move(message));
}

Result<std::vector<mutate::Rule>> parseRules(const std::string& list) {
  std::vector<mutate::Rule> rules;
  std::size_t pos = 0;
  while (pos <= list.size()) {
    std::size_t comma = list.find(',', pos);
    std::string name = list.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    auto rule = mutate::ruleFromString(name);
    if (!rule)
      return usage(
          "--rules: unknown rule '" + name +
          "' (operator_inversion, identifier_substitution, constant_replacement, aggregation_mutation, "
          "sub_sql, join_condition_removal, wildcard_removal, value_case_change, identifier_quoting, "
          "float_to_integer, group_key_drop)");
    rules.push_back(*rule);
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  return rules;
}

int runMutate(const Args& args) {
  auto outPath = args.require("out");
  if (!outPath) return fail(outPath.error());
  auto dbRoot = args.require("db-root");
  if (!dbRoot) return fail(dbRoot.error());
  auto seed = args.getInt("seed", 1);
  if (!seed) return fail(seed.error());
  auto perQuery = args.getInt("per-query", 4);
  if (!perQuery) return fail(perQuery.error());
  auto perRule = args.getInt("per-rule", 1);
  if (!perRule) return fail(perRule.error());
  auto timeoutMs = args.getInt("timeout-ms", 60000);
  if (!timeoutMs) return fail(timeoutMs.error());
  auto maxSteps = args.getInt("max-steps", 100000000);
  if (!maxSteps) return fail(maxSteps.error());
  if (*maxSteps < 0) return fail(usage("--max-steps must not be negative (0: no work limit)"));
  if (*seed < 0) return fail(usage("--seed must not be negative"));
  if (*perQuery < 1 || *perRule < 1) return fail(usage("--per-query and --per-rule must be at least 1"));
  if (*timeoutMs < 1) return fail(usage("--timeout-ms must be positive"));

  mutate::MutateOptions o;
  o.dbRoot = *dbRoot;
  o.seed = static_cast<std::uint64_t>(*seed);
  o.perQuery = static_cast<std::size_t>(*perQuery);
  o.perRule = static_cast<std::size_t>(*perRule);
  o.timeoutMs = static_cast<int>(*timeoutMs);
  o.maxSteps = static_cast<std::int64_t>(*maxSteps);
  if (auto list = args.get("rules")) {
    auto rules = parseRules(*list);
    if (!rules) return fail(rules.error());
    o.rules = *rules;
  }
  auto report = importCasesOption(args, "");
  if (!report) return fail(report.error());

  auto outFile = OutputFile::create(*outPath);
  if (!outFile) return fail(outFile.error());
  std::ostream& out = outFile->stream();
  const bool quiet = args.has("quiet");
  auto last = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  o.progress = [&](std::size_t done, std::size_t total) {
    if (quiet) return;
    auto now = std::chrono::steady_clock::now();
    if (done != total && now - last < std::chrono::milliseconds(200)) return;
    last = now;
    std::fprintf(stderr, "\rmutate: %zu/%zu cases", done, total);
    if (done == total) std::fprintf(stderr, "\n");
    std::fflush(stderr);
  };
  const auto start = std::chrono::steady_clock::now();
  mutate::MutateReport result = mutate::mutateCases(report->cases, o);
  for (const auto& m : result.mutants)
    out << mutate::mutantToJson(m).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  if (auto st = outFile->commit(); !st) return fail(st.error());
  nlohmann::json summary = mutate::reportToJson(result, o);
  summary["elapsed_ms"] =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  summary["out"] = *outPath;
  print(summary);
  return kOk;
}

const CommandRegistration kMutate{Command{
    "mutate",
    "mutate --cases F [--format ...] --db-root DIR --out OUT.jsonl [--seed N] [--per-query N] [--per-rule N] "
    "[--rules operator_inversion,identifier_substitution,constant_replacement,aggregation_mutation,sub_sql,"
    "join_condition_removal,wildcard_removal,value_case_change,identifier_quoting,float_to_integer,group_key_"
    "drop] "
    "[--max-steps N (SQLite VM instructions per statement, default 100000000)] [--timeout-ms N] [--quiet]",
    {"quiet"},
    runMutate,
    {"hallusql-cli mutate --cases dev.json --format spider --db-root spider/database --out mutants.jsonl "
     "--seed 1 --per-query 5"}}};

}  // namespace
}  // namespace hs::cli
