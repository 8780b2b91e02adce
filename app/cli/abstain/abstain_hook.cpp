#include "app/cli/abstain/abstain_hook.h"

#include "engine/eval/reliability.h"
#include "engine/eval/runner.h"

namespace hs::cli {

AbstainHook::AbstainHook(const Args& args, std::string dbRoot)
    : enabled_(args.has("abstain")), root_(std::move(dbRoot)) {
  auto read = [&](const char* name, double& into) {
    auto t = args.getDouble(name, into);
    if (!t) {
      if (!error_) error_ = t.error();
      return;
    }
    into = *t;
  };
  read("infeasible-threshold", settings_.options.infeasibleThreshold);
  read("risk-threshold", settings_.options.riskThreshold);
  read("classifier-threshold", settings_.classifierThreshold);
  read("verifier-threshold", settings_.verifierThreshold);
  settings_.llmClassifier = args.has("llm-classifier");
  settings_.llmVerifier = args.has("llm-verifier");
  if (!enabled_ && !error_ && (settings_.llmClassifier || settings_.llmVerifier))
    error_ = makeError(ErrorKind::BadInput, "usage", "--llm-classifier and --llm-verifier need --abstain");
}

db::Database* AbstainHook::database(const std::string& dbId) {
  auto it = dbs_.find(dbId);
  if (it == dbs_.end()) {
    std::unique_ptr<db::Database> d;
    std::optional<std::string> path =
        root_.empty() ? std::optional<std::string>(dbId) : eval::resolveDatabase(root_, dbId);
    if (path)
      if (auto opened = db::Database::openReadOnly(*path)) d = std::move(opened.value());
    it = dbs_.emplace(dbId, std::move(d)).first;
  }
  return it->second.get();
}

workflow::AbstainVerdict AbstainHook::before(const Case& c) {
  if (!enabled_) return {};
  db::Database* d = database(c.dbId);
  if (!d) return {};
  return workflow::checkBeforeGeneration(client_, *d, {c.question, c.evidence}, settings_);
}

void AbstainHook::after(workflow::AbstainVerdict& verdict, const Case& c,
                        const workflow::GenerateOutcome& outcome, nlohmann::json& line) {
  if (!enabled_) return;
  db::Database* d = database(c.dbId);
  if (d && outcome.generation && outcome.generation->extraction && outcome.annotation &&
      outcome.annotation->ok())
    workflow::checkAfterGeneration(verdict, client_, *d, {c.question, c.evidence},
                                   outcome.generation->extraction->sql,
                                   outcome.annotation->value().annotation.risk, settings_);
  workflow::writeAbstainJson(verdict, line);
}

nlohmann::json AbstainHook::thresholdsJson() const {
  // Named as evaluate names the thresholds it reads back from the output's check records.
  nlohmann::json t = {{eval::thresholdKey("schema_linking"), settings_.options.infeasibleThreshold},
                      {eval::thresholdKey("risk"), settings_.options.riskThreshold}};
  if (settings_.llmClassifier) t[eval::thresholdKey("llm_classifier")] = settings_.classifierThreshold;
  if (settings_.llmVerifier) t[eval::thresholdKey("llm_verifier")] = settings_.verifierThreshold;
  return t;
}

}  // namespace hs::cli
