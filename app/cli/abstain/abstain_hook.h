#pragma once
// `generate --abstain` (single and --cases): options and database handles around the engine's
// abstention workflow (engine/workflow/abstain_generate.h), which holds every step. Output fields:
// `abstained`, `abstain_reason`, `abstain` (details, one entry per check in `abstain.checks`).
#include <map>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "app/cli/command.h"
#include "engine/workflow/abstain_generate.h"

namespace hs::cli {

class AbstainHook {
 public:
  // Enabled by --abstain; thresholds from --infeasible-threshold, --risk-threshold,
  // --classifier-threshold, --verifier-threshold; --llm-classifier and --llm-verifier add the
  // two LLM checks. A bad value is in error().
  AbstainHook(const Args& args, std::string dbRoot);
  bool enabled() const { return enabled_; }
  const std::optional<Error>& error() const { return error_; }
  const workflow::AbstainSettings& settings() const { return settings_; }
  void setClient(llm::Client* client) { client_ = client; }

  // Case mode: the case's database is <dbRoot>/<db_id>. Single mode: the database path as db_id
  // with an empty root. Not abstained when disabled or when the database cannot be opened.
  workflow::AbstainVerdict before(const Case& c);
  // After generation: the risk of the generated SQL's checks, then the verifier; writes the fields.
  void after(workflow::AbstainVerdict& verdict, const Case& c, const workflow::GenerateOutcome& outcome,
             nlohmann::json& line);
  // The thresholds as the summaries show them.
  nlohmann::json thresholdsJson() const;

 private:
  db::Database* database(const std::string& dbId);

  bool enabled_ = false;
  std::optional<Error> error_;
  std::string root_;
  workflow::AbstainSettings settings_;
  llm::Client* client_ = nullptr;
  std::map<std::string, std::unique_ptr<db::Database>> dbs_;
};

// Value-less options of the hook.
inline std::vector<std::string> abstainFlags() {
  return {"abstain", "llm-classifier", "llm-verifier"};
}
inline const char* abstainUsage() {
  return "[--abstain [--infeasible-threshold T] [--risk-threshold T] [--llm-classifier "
         "[--classifier-threshold T]] [--llm-verifier [--verifier-threshold T]]]";
}

}  // namespace hs::cli
