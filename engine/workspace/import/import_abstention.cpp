// What a run generated with abstention wrote on each JSONL record (`generate --abstain`:
// "abstained", "abstain_reason", "abstain" with its "checks"), and the infeasible-question marker
// ("infeasible_type"; the infeasible-question fixture's "type" on a record without gold SQL).
#include <functional>

#include "engine/workspace/import/import_internal.h"

namespace hs::ws::import::detail {

namespace {

std::string typeProblem(const std::string& field, const nlohmann::json& v, const char* expected) {
  return std::string("field \"") + field + "\" is a JSON " + v.type_name() + ", not " + expected;
}

// The checks of an "abstain" object: the threshold of each check that ran, by name.
void readChecks(const nlohmann::json& checks, Abstention& a, const std::function<void(std::string)>& warn) {
  if (checks.is_null()) return;
  if (!checks.is_array()) {
    warn(typeProblem("abstain.checks", checks, "an array") + "; no threshold read");
    return;
  }
  for (std::size_t k = 0; k < checks.size(); ++k) {
    const nlohmann::json& c = checks[k];
    const std::string where = "abstain.checks[" + std::to_string(k) + "]";
    if (!c.is_object()) {
      warn(typeProblem(where, c, "an object") + "; skipped");
      continue;
    }
    auto name = c.find("check");
    if (name == c.end()) name = c.find("name");
    if (name == c.end() || !name->is_string()) {
      warn(where + " has no check name (a string); skipped");
      continue;
    }
    auto ran = c.find("ran");
    if (ran != c.end() && !ran->is_boolean()) {
      warn(typeProblem(where + ".ran", *ran, "a boolean") + "; skipped");
      continue;
    }
    if (ran != c.end() && !ran->get<bool>()) continue;  // the check could not judge
    auto threshold = c.find("threshold");
    if (threshold == c.end() || threshold->is_null()) continue;
    if (!threshold->is_number()) {
      warn(typeProblem(where + ".threshold", *threshold, "a number") + "; skipped");
      continue;
    }
    a.thresholds[name->get<std::string>()] = threshold->get<double>();
  }
}

}  // namespace

void readAbstention(const nlohmann::json& rec, Case& c, const std::string& path, std::size_t line,
                    std::size_t offset, std::vector<Error>* warnings) {
  auto warn = [&](std::string message) {
    warnings->push_back(importIssue("field_type", std::move(message), path, line, offset));
  };
  // The infeasible marker.
  if (auto it = rec.find("infeasible_type"); it != rec.end()) {
    if (it->is_string()) {
      if (const std::string t = it->get<std::string>(); t != "feasible") c.infeasibleType = t;
    } else if (!it->is_null()) {
      warn(typeProblem("infeasible_type", *it, "a string") + "; the question is not marked infeasible");
    }
  } else if (!c.goldSql) {
    // tests/fixtures/infeasible/questions.jsonl names the type "type" (seed 004's types).
    if (auto t = rec.find("type"); t != rec.end() && t->is_string()) {
      if (const std::string type = t->get<std::string>(); type != "feasible") c.infeasibleType = type;
    }
  }

  auto flag = rec.find("abstained");
  if (flag == rec.end() || flag->is_null()) return;  // abstention was off
  if (!flag->is_boolean()) {
    warn(typeProblem("abstained", *flag, "a boolean") + "; the abstention is ignored");
    return;
  }
  Abstention a;
  a.abstained = flag->get<bool>();
  if (auto r = rec.find("abstain_reason"); r != rec.end() && !r->is_null()) {
    if (r->is_string())
      a.reason = r->get<std::string>();
    else
      warn(typeProblem("abstain_reason", *r, "a string") + "; no reason kept");
  }
  if (auto d = rec.find("abstain"); d != rec.end() && !d->is_null()) {
    if (!d->is_object()) {
      warn(typeProblem("abstain", *d, "an object") + "; no threshold read");
    } else {
      if (auto s = d->find("stage"); s != d->end() && s->is_string()) a.stage = s->get<std::string>();
      if (auto checks = d->find("checks"); checks != d->end()) readChecks(*checks, a, warn);
    }
  }
  c.abstention = std::move(a);
}

}  // namespace hs::ws::import::detail
