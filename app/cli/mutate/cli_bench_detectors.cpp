// hallusql-cli bench-detectors: every detector (gold-free risk score, LLM verifier, metamorphic
// pipeline, combinations) measured the same way on one labelled set (a mutation set, or a real
// run labelled by EX): AUROC, AUPRC with bootstrap CIs, fixed-recall/precision points, the seed
// 003 D.4 threshold and the RS(c)-maximising threshold, per rule / difficulty / category.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "app/cli/cases_input.h"
#include "app/cli/command.h"
#include "app/cli/llm/llm_options.h"
#include "app/cli/mr/detect_cases.h"
#include "engine/bench/bench.h"
#include "engine/core/file_input.h"
#include "engine/core/json_input.h"
#include "engine/core/output_file.h"
#include "engine/llm/client.h"

namespace hs::cli {
namespace {

Error usage(std::string message) {
  return makeError(ErrorKind::BadInput, "usage", std::move(message));
}

// The `mutation` and `expected` fields of a mutate output file, by case id (empty for other files).
std::map<std::string, bench::MutationInfo> readMutations(const std::string& path) {
  std::map<std::string, bench::MutationInfo> out;
  if (!checkRegularFile(path)) return out;  // the cases reader reports what the path is
  std::ifstream in(path, std::ios::binary);
  std::string line;
  while (std::getline(in, line)) {
    auto j = parseJsonOrDiscarded(line);
    if (j.is_discarded() || !j.is_object() || !j.contains("mutation") || !j["mutation"].is_object()) continue;
    auto text = [](const nlohmann::json& o, const char* k) {
      auto it = o.find(k);
      return it != o.end() && it->is_string() ? it->get<std::string>() : std::string();
    };
    bench::MutationInfo m;
    m.rule = text(j["mutation"], "rule");
    m.sourceId = text(j["mutation"], "source_id");
    if (j.contains("expected") && j["expected"].is_object()) {
      m.tasql = text(j["expected"], "tasql");
      m.ctype = text(j["expected"], "ctype");
    }
    if (auto sp = j["mutation"].find("span"); sp != j["mutation"].end() && sp->is_object()) {
      auto b = sp->find("begin"), e = sp->find("end");
      if (b != sp->end() && e != sp->end() && b->is_number_unsigned() && e->is_number_unsigned()) {
        m.hasSpan = true;
        m.spanBegin = b->get<std::size_t>();
        m.spanEnd = e->get<std::size_t>();
      }
    }
    std::string id = text(j, "id");
    if (!id.empty() && !m.rule.empty()) out[id] = m;
  }
  return out;
}

int runBenchDetectors(const Args& args) {
  auto outPath = args.require("out");
  if (!outPath) return fail(outPath.error());
  auto dbRoot = args.require("db-root");
  if (!dbRoot) return fail(dbRoot.error());
  auto jobs = args.getInt("jobs", 1);
  if (!jobs) return fail(jobs.error());
  auto samples = args.getInt("bootstrap", 1000);
  if (!samples) return fail(samples.error());
  auto seed = args.getInt("seed", 1);
  if (!seed) return fail(seed.error());
  auto target = args.getDouble("precision-target", 0.9);
  if (!target) return fail(target.error());
  auto limit = args.getInt("limit", 0);
  if (!limit) return fail(limit.error());
  if (*jobs < 1 || *jobs > 256) return fail(usage("--jobs must be between 1 and 256"));
  if (*samples < 0 || *seed < 0 || *limit < 0)
    return fail(usage("--bootstrap, --seed and --limit must not be negative"));
  if (*target <= 0.0 || *target > 1.0) return fail(usage("--precision-target must be in (0, 1]"));

  bench::BenchOptions o;
  o.dbRoot = *dbRoot;
  o.jobs = static_cast<int>(*jobs);
  o.bootstrap = static_cast<std::size_t>(*samples);
  o.seed = static_cast<std::uint64_t>(*seed);
  o.precisionTarget = *target;
  const bool withLlm = args.has("base-url") || args.has("model");
  o.detectors = withLlm ? std::vector<std::string>{"risk", "verifier", "risk+verifier"}
                        : std::vector<std::string>{"risk"};
  if (auto list = args.get("detectors")) {
    auto d = bench::parseDetectorList(*list);
    if (!d) return fail(d.error());
    o.detectors = *d;
  }

  std::unique_ptr<llm::Client> client;
  if (withLlm) {
    auto setup = parseLlmOptions(args);
    if (!setup) return fail(setup.error());
    auto mrOptions = detectOptionsFromArgs(args, *setup);
    if (!mrOptions) return fail(mrOptions.error());
    o.mrOptions = *mrOptions;
    o.params = setup->params;
    auto c = llm::Client::create(setup->options);
    if (!c) return fail(c.error());
    client = std::move(c.value());
    o.client = client.get();
  }

  auto report = importCasesOption(args, "");
  if (!report) return fail(report.error());
  std::vector<Case> cases = std::move(report->cases);
  auto mutations = readMutations(args.getOr("cases", ""));
  if (*limit > 0 && cases.size() > static_cast<std::size_t>(*limit))
    cases.resize(static_cast<std::size_t>(*limit));

  const bool quiet = args.has("quiet");
  auto last = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  o.progress = [&](const std::string& stage, std::size_t done, std::size_t total) {
    if (quiet) return;
    auto now = std::chrono::steady_clock::now();
    if (done != total && now - last < std::chrono::milliseconds(300)) return;
    last = now;
    std::fprintf(stderr, "\rbench-detectors %s: %zu/%zu   ", stage.c_str(), done, total);
    if (done == total) std::fprintf(stderr, "\n");
    std::fflush(stderr);
  };
  const auto start = std::chrono::steady_clock::now();
  auto result = bench::runBench(cases, mutations, o);
  if (!result) return fail(result.error());
  nlohmann::json summary = bench::benchToJson(*result, o);
  summary["elapsed_ms"] =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (client) summary["llm"] = {{"model", client->profile().model}, {"base_url", client->profile().baseUrl}};

  auto outFile = OutputFile::create(*outPath);
  if (!outFile) return fail(outFile.error());
  std::ostream& out = outFile->stream();
  out << summary.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  if (auto st = outFile->commit(); !st) return fail(st.error());
  if (auto perCase = args.get("scores-out")) {
    auto pcFile = OutputFile::create(*perCase, "--scores-out");
    if (!pcFile) return fail(pcFile.error());
    for (std::size_t i = 0; i < result->cases.size(); ++i) {
      nlohmann::json j = {{"id", result->cases[i].item.id},
                          {"wrong", result->cases[i].wrong},
                          {"rule", result->cases[i].rule}};
      for (const auto& d : result->detectors) j["scores"][d.name] = d.scores[i];
      pcFile->stream() << j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    }
    if (auto st = pcFile->commit(); !st) return fail(st.error());
  }
  print(summary);
  return kOk;
}

std::vector<std::string> flags() {
  std::vector<std::string> f = llmFlags();
  f.push_back("quiet");
  return f;
}

const CommandRegistration kBenchDetectors{
    Command{"bench-detectors",
            "bench-detectors --cases F [--format ...] [--pred P] --db-root DIR --out S.json "
            "[--detectors risk,verifier,mr,risk+verifier] [--jobs N] [--bootstrap N] [--seed N] "
            "[--precision-target P] "
            "[--limit N] [--scores-out F.jsonl] [--quiet] [--mrs LIST] [--early-stop K] " +
                llmUsage(),
            flags(),
            runBenchDetectors,
            {"hallusql-cli bench-detectors --cases dev.json --format spider --db-root spider/database --out "
             "bench.json --detectors risk"}}};

}  // namespace
}  // namespace hs::cli
