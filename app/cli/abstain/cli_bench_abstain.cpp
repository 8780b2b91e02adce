// hallusql-cli bench-abstain: infeasible questions mixed with an evaluated run (feasible
// questions, their answers' EX and risk): AUROC of the feasibility check and RS(0), RS(10),
// RS(N) with abstention on, against answering everything and abstaining from everything.
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "app/cli/command.h"
#include "engine/abstain/abstain_bench.h"
#include "engine/core/file_input.h"
#include "engine/core/json_input.h"
#include "engine/core/output_file.h"

namespace hs::cli {
namespace {

Result<std::vector<nlohmann::json>> readJsonl(const std::string& path) {
  if (auto st = checkRegularFile(path); !st) return st.error();  // never wait on a FIFO
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    Error e = makeError(ErrorKind::BadInput, "io", "cannot read the file");
    e.where = path;
    return e;
  }
  std::vector<nlohmann::json> out;
  std::string line;
  std::size_t n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    auto j = parseJsonOrDiscarded(line);
    if (j.is_discarded() || !j.is_object()) {
      Error e = makeError(ErrorKind::BadInput, "json", "not a JSON object");
      e.where = path;
      e.line = n;
      return e;
    }
    out.push_back(std::move(j));
  }
  return out;
}

std::string text(const nlohmann::json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

int runBenchAbstain(const Args& args) {
  auto runPath = args.require("run");
  if (!runPath) return fail(runPath.error());
  auto infPath = args.require("infeasible");
  if (!infPath) return fail(infPath.error());
  auto dbRoot = args.require("db-root");
  if (!dbRoot) return fail(dbRoot.error());
  abstain::AbstainOptions o;
  auto t1 = args.getDouble("infeasible-threshold", o.infeasibleThreshold);
  if (!t1) return fail(t1.error());
  auto t2 = args.getDouble("risk-threshold", o.riskThreshold);
  if (!t2) return fail(t2.error());
  o.infeasibleThreshold = *t1;
  o.riskThreshold = *t2;
  o.feasibility.lookUpValues = !args.has("no-values");

  auto run = readJsonl(*runPath);
  if (!run) return fail(run.error());
  auto inf = readJsonl(*infPath);
  if (!inf) return fail(inf.error());
  std::vector<abstain::AbstainItem> items;
  for (const auto& j : *run) {
    abstain::AbstainItem it;
    it.id = text(j, "id");
    it.dbId = text(j, "db_id");
    it.question = text(j, "question");
    it.feasible = true;
    if (j.contains("ex") && j["ex"].is_object() && j["ex"].value("set", nlohmann::json()).is_boolean())
      it.correct = j["ex"]["set"].get<bool>();
    if (j.contains("risk") && j["risk"].is_object() && j["risk"].value("score", nlohmann::json()).is_number())
      it.risk = j["risk"]["score"].get<double>();
    items.push_back(std::move(it));
  }
  for (const auto& j : *inf) {
    abstain::AbstainItem it;
    it.id = text(j, "id");
    it.dbId = text(j, "db_id");
    it.question = text(j, "question");
    it.feasible = false;
    it.type = text(j, "type");
    items.push_back(std::move(it));
  }
  nlohmann::json summary = abstain::benchAbstention(items, *dbRoot, o);
  if (auto out = args.get("out")) {
    auto f = OutputFile::create(*out);
    if (!f) return fail(f.error());
    for (const auto& it : items)
      f->stream()
          << nlohmann::json{{"id", it.id},     {"db_id", it.dbId},  {"feasible", it.feasible},
                            {"type", it.type}, {"score", it.score}, {"predicted_type", it.predictedType}}
                 .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
          << "\n";
    if (auto st = f->commit(); !st) return fail(st.error());
  }
  print(summary);
  return kOk;
}

const CommandRegistration kBenchAbstain{Command{
    "bench-abstain",
    "bench-abstain --run EVALUATED.jsonl --infeasible QUESTIONS.jsonl --db-root DIR [--out SCORES.jsonl] "
    "[--infeasible-threshold T] [--risk-threshold T] [--no-values]",
    {"no-values"},
    runBenchAbstain,
    {"hallusql-cli bench-abstain --run evaluated.jsonl --infeasible infeasible.jsonl --db-root "
     "spider/database"}}};

}  // namespace
}  // namespace hs::cli
