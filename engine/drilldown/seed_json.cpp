// Seed 001's evaluation JSON (Appendix A), both ways.
#include "engine/drilldown/seed_json.h"

#include <fstream>
#include <map>
#include <sstream>
#include <tuple>

#include "engine/core/file_input.h"
#include "engine/core/json_input.h"
#include "engine/drilldown/stats.h"

namespace hs::drilldown {

namespace {

using json = nlohmann::json;

json questionId(const std::string& id) {
  // "dev:12" or "12" -> 12 when the tail is a number, as the seed writes it.
  std::size_t colon = id.rfind(':');
  std::string tail = colon == std::string::npos ? id : id.substr(colon + 1);
  if (!tail.empty() && tail.size() < 18 && tail.find_first_not_of("0123456789") == std::string::npos)
    return std::stoll(tail);
  return id;
}

// Collects [label, description] pairs from the seed's (sometimes oddly nested) lists.
void collectPairs(const json& j, std::vector<std::pair<std::string, std::string>>& out) {
  if (!j.is_array()) return;
  if (!j.empty() && j[0].is_string()) {
    out.emplace_back(j[0].get<std::string>(),
                     j.size() > 1 && j[1].is_string() ? j[1].get<std::string>() : "");
    return;
  }
  for (const json& x : j) collectPairs(x, out);
}

}  // namespace

std::string seedLabel(const std::string& category) {
  static const std::map<std::string, std::string> kind = {{"Schema Contradiction", "Schema-Based"},
                                                          {"Attribute Overanalysis", "Schema-Based"},
                                                          {"Value Misrepresentation", "Schema-Based"},
                                                          {"Join Redundancy", "Logic-Based"},
                                                          {"Clause Abuse", "Logic-Based"},
                                                          {"Mathematical Delusion", "Logic-Based"}};
  auto it = kind.find(category);
  return it == kind.end() ? category : it->second + ": " + category;
}

json toSeedJson(const std::vector<StepOutcome>& rows) {
  std::map<std::tuple<std::string, std::string, std::string>, std::vector<const StepOutcome*>> paths;
  std::vector<std::tuple<std::string, std::string, std::string>> order;
  for (const StepOutcome& r : rows) {
    auto key = std::make_tuple(r.model, r.history, r.caseId);
    if (!paths.count(key)) order.push_back(key);
    paths[key].push_back(&r);
  }
  json out = json::array();
  for (const auto& key : order) {
    json steps = json::array();
    for (const StepOutcome* r : paths[key]) {
      json s{{"question_id", questionId(r->caseId)},
             {"db_id", r->dbId},
             {"question", r->question},
             {"SQL", r->goldSql},
             {"predicted_query", r->predSql ? json(*r->predSql) : json(nullptr)},
             {"evidence", r->evidence},
             {"correct", r->ex.value_or(false) ? 1 : 0},
             {"error", r->error.empty() ? json(nullptr) : json(r->error)},
             {"is_original", r->final}};
      if (!r->ex.value_or(false)) {
        json h = json::array();
        for (const Finding& f : r->findings)
          if (f.taxonomy == "tasql") h.push_back({seedLabel(f.category), f.message});
        if (!h.empty()) s["hallucination"] = std::move(h);
      }
      steps.push_back(std::move(s));
    }
    out.push_back({{"path", std::move(steps)}, {"model", std::get<0>(key)}, {"history", std::get<1>(key)}});
  }
  return out;
}

Result<std::vector<StepOutcome>> fromSeedJson(const json& j, const std::string& model,
                                              const std::string& history) {
  auto bad = [](const std::string& what) { return makeError(ErrorKind::BadInput, "bad_seed_json", what); };
  if (!j.is_array()) return bad("the drill-down JSON must be a list of {\"path\": [...]} objects");
  std::vector<StepOutcome> rows;
  for (std::size_t p = 0; p < j.size(); ++p) {
    const json& obj = j[p];
    if (!obj.is_object() || !obj.contains("path") || !obj["path"].is_array())
      return bad("entry " + std::to_string(p + 1) + " has no \"path\" list");
    const json& path = obj["path"];
    for (std::size_t s = 0; s < path.size(); ++s) {
      const json& st = path[s];
      if (!st.is_object())
        return bad("path " + std::to_string(p + 1) + ", step " + std::to_string(s + 1) + " is not an object");
      StepOutcome o;
      o.model = obj.value("model", model);
      o.history = obj.value("history", history);
      const json& qid = st.contains("question_id") ? st["question_id"] : json(p + 1);
      o.caseId = qid.is_string() ? qid.get<std::string>() : qid.dump();
      o.dbId = st.value("db_id", "");
      o.question =
          st.contains("question") && st["question"].is_string() ? st["question"].get<std::string>() : "";
      o.goldSql = st.contains("SQL") && st["SQL"].is_string() ? st["SQL"].get<std::string>() : "";
      if (st.contains("predicted_query") && st["predicted_query"].is_string())
        o.predSql = st["predicted_query"].get<std::string>();
      o.evidence =
          st.contains("evidence") && st["evidence"].is_string() ? st["evidence"].get<std::string>() : "";
      if (st.contains("correct") && st["correct"].is_number()) o.ex = st["correct"].get<double>() != 0.0;
      if (st.contains("error") && st["error"].is_string()) o.error = st["error"].get<std::string>();
      o.step = s + 1;
      o.final = st.contains("is_original") && st["is_original"].is_boolean() ? st["is_original"].get<bool>()
                                                                             : s + 1 == path.size();
      std::vector<std::pair<std::string, std::string>> pairs;
      if (st.contains("hallucination")) collectPairs(st["hallucination"], pairs);
      for (const auto& [label, desc] : pairs) {
        Finding f;
        f.taxonomy = "tasql";
        std::size_t colon = label.find(": ");
        f.category = colon == std::string::npos ? label : label.substr(colon + 2);
        if (f.category == "Attribute Over-analysis") f.category = "Attribute Overanalysis";
        f.message = desc;
        f.origin = "drilldown";
        o.findings.push_back(std::move(f));
      }
      rows.push_back(std::move(o));
    }
  }
  return rows;
}

Result<std::vector<StepOutcome>> readRunFile(const std::string& path, const std::string& model,
                                             const std::string& history) {
  // Regular files only (engine/core/file_input.h): a FIFO or directory is refused, never waited on.
  if (auto st = checkRegularFile(path); !st) return st.error();
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    Error e = makeError(ErrorKind::BadInput, "io", "cannot read the run file");
    e.where = path;
    return e;
  }
  char first = 0;
  while (in.get(first) && (first == ' ' || first == '\n' || first == '\r' || first == '\t')) {
  }
  if (first != '[') return readOutcomes(path);
  std::ostringstream text;
  text << first << in.rdbuf();
  json j = hs::parseJsonOrDiscarded(text.str());
  if (j.is_discarded()) {
    Error e = makeError(ErrorKind::BadInput, "bad_json", "the file is not valid JSON");
    e.where = path;
    return e;
  }
  auto rows = fromSeedJson(j, model, history);
  if (!rows) rows.error().where = path;
  return rows;
}

}  // namespace hs::drilldown
