#pragma once
// `generate --abstain` (single and --cases): the small hook the generate command calls. Before
// generation it runs the feasibility check (no LLM call when it abstains); after generation it
// adds the risk-score decision. Output fields: `abstained`, `abstain_reason`, `abstain` (details).
#include <map>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "app/cli/command.h"
#include "engine/abstain/abstain.h"

namespace hs::cli {

class AbstainHook {
 public:
  // Enabled by --abstain; thresholds from --infeasible-threshold and --risk-threshold.
  AbstainHook(const Args& args, std::string dbRoot);
  bool enabled() const { return enabled_; }
  // Case mode: the case's database is <dbRoot>/<db_id>. Single mode: pass the database path as
  // db_id with an empty root. Returns the abstention when the question is infeasible.
  std::optional<abstain::AbstainDecision> before(const Case& c);
  // Adds `abstained`, `abstain_reason` and `abstain` to an output line (no-op when disabled).
  void after(const Case& c, nlohmann::json& line);
  static void write(const abstain::AbstainDecision& d, nlohmann::json& line);

 private:
  bool enabled_ = false;
  std::string root_;
  abstain::AbstainOptions options_;
  std::map<std::string, std::unique_ptr<db::Database>> dbs_;
};

// Value-less options of the hook ("abstain").
inline const char* abstainFlag() {
  return "abstain";
}

}  // namespace hs::cli
