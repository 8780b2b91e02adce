#include "app/cli/abstain/abstain_hook.h"

#include <filesystem>

#include "engine/eval/runner.h"

namespace hs::cli {

AbstainHook::AbstainHook(const Args& args, std::string dbRoot)
    : enabled_(args.has("abstain")), root_(std::move(dbRoot)) {
  if (auto t = args.getDouble("infeasible-threshold", options_.infeasibleThreshold))
    options_.infeasibleThreshold = *t;
  if (auto t = args.getDouble("risk-threshold", options_.riskThreshold)) options_.riskThreshold = *t;
}

std::optional<abstain::AbstainDecision> AbstainHook::before(const Case& c) {
  if (!enabled_) return std::nullopt;
  auto it = dbs_.find(c.dbId);
  if (it == dbs_.end()) {
    std::unique_ptr<db::Database> d;
    std::optional<std::string> path =
        root_.empty() ? std::optional<std::string>(c.dbId) : eval::resolveDatabase(root_, c.dbId);
    if (path)
      if (auto opened = db::Database::openReadOnly(*path)) d = std::move(opened.value());
    it = dbs_.emplace(c.dbId, std::move(d)).first;
  }
  if (!it->second) return std::nullopt;
  abstain::AbstainDecision d = abstain::beforeGeneration(c.question, *it->second, options_);
  if (!d.abstained) return std::nullopt;
  return d;
}

void AbstainHook::after(const Case& c, nlohmann::json& line) {
  if (!enabled_ || line.contains("abstained")) return;
  Case item = c;
  std::string root = root_;
  if (root.empty()) {  // single mode: <dir>/<name>.sqlite
    std::filesystem::path p(c.dbId);
    root = p.parent_path().string();
    item.dbId = p.stem().string();
  }
  write(abstain::afterGeneration(item, root, options_), line);
}

void AbstainHook::write(const abstain::AbstainDecision& d, nlohmann::json& line) {
  line["abstained"] = d.abstained;
  line["abstain_reason"] = d.abstained ? nlohmann::json(d.reason) : nlohmann::json(nullptr);
  line["abstain"] = abstain::decisionToJson(d);
}

}  // namespace hs::cli
