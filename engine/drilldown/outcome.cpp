// JSON of drill-down run rows (`drilldown run` output, `drilldown stats` input).
#include "engine/drilldown/outcome.h"

#include <fstream>

#include "engine/core/file_input.h"
#include "engine/core/json_input.h"
#include "engine/eval/report_json.h"

namespace hs::drilldown {

namespace {

using json = nlohmann::json;

template <class T>
json orNull(const std::optional<T>& v) {
  return v ? json(*v) : json(nullptr);
}

}  // namespace

json outcomeJson(const StepOutcome& o) {
  json j{{"id", o.caseId},
         {"db_id", o.dbId},
         {"model", o.model},
         {"history", o.history},
         {"step", o.step},
         {"final", o.final},
         {"question", o.question},
         {"original_question", o.originalQuestion},
         {"evidence", o.evidence},
         {"difficulty", o.difficulty},
         {"gold_sql", o.goldSql},
         {"pred_sql", orNull(o.predSql)},
         {"ex", orNull(o.ex)},
         {"soft_f1", orNull(o.softF1)},
         {"findings", eval::findingsToJson(o.findings)}};
  if (!o.error.empty()) j["error"] = o.error;
  return j;
}

Result<StepOutcome> outcomeFromJson(const json& j) {
  auto bad = [](const std::string& field) {
    return makeError(ErrorKind::BadInput, "bad_row", "a drill-down run row needs '" + field + "'");
  };
  if (!j.is_object()) return bad("an object");
  StepOutcome o;
  try {
    if (!j.contains("id") || !j.contains("step")) return bad(j.contains("id") ? "step" : "id");
    o.caseId = j["id"].is_string() ? j["id"].get<std::string>() : j["id"].dump();
    o.dbId = j.value("db_id", "");
    o.model = j.value("model", "");
    o.history = j.value("history", "off");
    o.step = j["step"].get<std::size_t>();
    o.final = j.value("final", false);
    o.question = j.value("question", "");
    o.originalQuestion = j.value("original_question", "");
    o.evidence = j.value("evidence", "");
    o.difficulty = j.value("difficulty", "");
    o.goldSql = j.value("gold_sql", "");
    if (j.contains("pred_sql") && j["pred_sql"].is_string()) o.predSql = j["pred_sql"].get<std::string>();
    if (j.contains("ex") && j["ex"].is_boolean()) o.ex = j["ex"].get<bool>();
    if (j.contains("soft_f1") && j["soft_f1"].is_number()) o.softF1 = j["soft_f1"].get<double>();
    if (j.contains("findings")) o.findings = eval::findingsFromJson(j["findings"]);
    o.error = j.value("error", "");
  } catch (const json::exception& e) {
    return makeError(ErrorKind::BadInput, "bad_row", std::string("a field has the wrong type: ") + e.what());
  }
  return o;
}

Result<std::vector<StepOutcome>> readOutcomes(const std::string& path) {
  // Regular files only (engine/core/file_input.h): a FIFO or directory is refused, never waited on.
  if (auto st = checkRegularFile(path); !st) return st.error();
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    Error e = makeError(ErrorKind::BadInput, "io", "cannot read the run file");
    e.where = path;
    return e;
  }
  std::vector<StepOutcome> out;
  std::string line;
  std::size_t n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    json j = hs::parseJsonOrDiscarded(line);
    Result<StepOutcome> o = j.is_discarded()
                                ? Result<StepOutcome>(makeError(ErrorKind::BadInput, "bad_json", "not JSON"))
                                : outcomeFromJson(j);
    if (!o) {
      Error e = o.error();
      e.where = path;
      e.line = n;
      return e;
    }
    out.push_back(std::move(o.value()));
  }
  return out;
}

}  // namespace hs::drilldown
