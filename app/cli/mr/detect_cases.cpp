#include "app/cli/mr/detect_cases.h"

#include <chrono>
#include <fstream>
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/cases_input.h"
#include "engine/core/file_input.h"
#include "engine/core/json_input.h"
#include "engine/core/output_file.h"
#include "engine/db/database.h"
#include "engine/eval/result_compare.h"
#include "engine/eval/runner.h"
#include "engine/llm/client.h"
#include "engine/mr/detect_json.h"
#include "engine/mr/detect_metrics.h"

namespace hs::cli {
namespace {

struct Label {
  std::optional<bool> ex;  // null: the gold SQL is missing or failed
  std::string error;
};

// EX (set semantics) of the detected case's source SQL against the gold SQL.
Label labelOf(const std::string& dbPath, const std::optional<std::string>& gold, const std::string& sql) {
  Label l;
  if (!gold) {
    l.error = "no gold SQL";
    return l;
  }
  auto database = db::Database::openReadOnly(dbPath);
  if (!database) {
    l.error = database.error().message;
    return l;
  }
  auto g = database.value()->query(*gold);
  if (!g) {
    l.error = "gold SQL failed: " + g.error().message;
    return l;
  }
  auto p = sql.empty() ? Result<db::QueryResult>(makeError(ErrorKind::BadInput, "no_sql", "no SQL"))
                       : database.value()->query(sql);
  l.ex = p.ok() && eval::setEqual(g->rows, p->rows);
  return l;
}

Status writeJson(const std::string& path, const nlohmann::json& j) {
  return writeOutputFile(path, j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n",
                         "the summary file");
}

// The early-stopping order from an earlier labelled run's summary: per MR, the hallucinations it
// caught (hdn) over the cases it decided.
Result<std::vector<std::string>> orderFromSummary(const std::string& path) {
  auto bytes = readRegularFile(path);
  if (!bytes) return bytes.error();
  auto parsed = parseJsonBounded(*bytes);
  if (!parsed) {
    Error e = parsed.error();
    e.where = path;
    return e;
  }
  const nlohmann::json& j = *parsed;
  if (!j.is_object() || !j.contains("per_mr") || !j["per_mr"].is_array()) {
    Error e = makeError(ErrorKind::BadInput, "usage", "--order-from needs a detect --summary file (per_mr)");
    e.where = path;
    return e;
  }
  std::vector<mr::MrRate> rates;
  for (const auto& m : j["per_mr"]) {
    rates.push_back(
        mr::MrRate{m.value("name", ""), m.value("decided", std::size_t{0}), m.value("hdn", std::size_t{0})});
  }
  return mr::orderByRate(rates);
}

}  // namespace

Result<mr::DetectOptions> detectOptionsFromArgs(const Args& args, const LlmSetup& setup) {
  mr::DetectOptions options;
  options.params = setup.params;
  if (auto list = args.get("mrs")) {
    auto mrs = mr::parseMrList(*list);
    if (!mrs) return mrs.error();
    options.mrs = std::move(mrs.value());
  }
  auto k = args.getInt("early-stop", 0);
  if (!k) return k.error();
  if (k.value() < 0 || k.value() > 17) {
    return makeError(ErrorKind::BadInput, "usage", "--early-stop must be in 0..17");
  }
  options.earlyStopK = static_cast<int>(k.value());
  auto vote = args.getDouble("vote-threshold", 0.0);
  if (!vote) return vote.error();
  if (vote.value() < 0.0 || vote.value() > 1.0) {
    return makeError(ErrorKind::BadInput, "usage", "--vote-threshold must be in [0, 1]");
  }
  options.voteThreshold = vote.value();
  if (auto from = args.get("order-from")) {
    auto order = orderFromSummary(*from);
    if (!order) return order.error();
    options.order = std::move(order.value());
  }
  return options;
}

int runDetectCases(const Args& args, const LlmSetup& setup, const mr::DetectOptions& options) {
  auto dbRoot = args.require("db-root");
  if (!dbRoot) return fail(dbRoot.error());
  auto outPath = args.require("out");
  if (!outPath) return fail(outPath.error());
  auto limit = args.getInt("limit", 0);
  if (!limit) return fail(limit.error());
  auto imported = importCasesOption(args, setup.options.profile.model);
  if (!imported) return fail(imported.error());
  const ws::import::ImportReport& report = imported.value();
  auto outFile = OutputFile::create(outPath.value());
  if (!outFile) return fail(outFile.error());
  std::ostream& out = outFile->stream();
  auto client = llm::Client::create(setup.options);
  if (!client) return fail(client.error());
  std::size_t n = report.cases.size();
  if (limit.value() > 0) n = std::min(n, static_cast<std::size_t>(limit.value()));
  std::vector<mr::DetectOutcome> outcomes;
  std::size_t failed = 0, unlabelled = 0;
  const auto start = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < n; ++i) {
    const Case& c = report.cases[i];
    nlohmann::json line{{"id", c.id},
                        {"db_id", c.dbId},
                        {"gold_sql", c.goldSql ? nlohmann::json(*c.goldSql) : nlohmann::json(nullptr)}};
    auto path = eval::resolveDatabase(dbRoot.value(), c.dbId);
    if (!path) {
      line["question"] = c.question;
      line["error"] = {{"code", "no_database"},
                       {"message", "database '" + c.dbId + "' not found under the db root"}};
      ++failed;
    } else {
      mr::DetectInput input{*path, c.question, c.evidence, c.predSql};
      auto result = mr::detect(input, *client.value(), options);
      if (!result) {
        line["question"] = c.question;
        line["error"] = {{"code", result.error().code}, {"message", result.error().message}};
        ++failed;
      } else {
        line.update(mr::detectJson(result.value()));
        Label label = labelOf(*path, c.goldSql, result->sql);
        line["ex"] = label.ex ? nlohmann::json(*label.ex) : nlohmann::json(nullptr);
        line["hallucination"] = label.ex ? nlohmann::json(!*label.ex) : nlohmann::json(nullptr);
        if (!label.error.empty()) line["label_error"] = label.error;
        if (label.ex) {
          outcomes.push_back(mr::outcomeOf(result.value(), !*label.ex));
        } else {
          ++unlabelled;
        }
      }
    }
    out << line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    std::cerr << "\rdetect: " << (i + 1) << "/" << n << " done, " << failed << " failed   " << std::flush;
  }
  std::cerr << "\n";
  if (auto st = outFile->commit(); !st) return fail(st.error());
  auto metrics = mr::metricsJson(mr::computeDetectMetrics(outcomes));
  metrics["out"] = outPath.value();
  metrics["total"] = n;
  metrics["failed"] = failed;
  metrics["unlabelled"] = unlabelled;
  metrics["early_stop_k"] = options.earlyStopK;
  metrics["elapsed_ms"] =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (auto s = args.get("summary")) {
    if (auto w = writeJson(*s, metrics); !w) return fail(w.error());
  }
  print(metrics);
  return kOk;
}

}  // namespace hs::cli
