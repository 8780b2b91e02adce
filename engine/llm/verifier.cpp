#include "engine/llm/verifier.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include <nlohmann/json.hpp>

#include "engine/core/json_input.h"
#include "engine/llm/template.h"

namespace hs::llm {
namespace {

// Candidate spans tried before giving up: a hostile answer of many braces would otherwise cost
// (braces^2) parses of the whole answer.
constexpr int kMaxJsonTries = 64;

// The first parseable JSON object in a model's answer (code fences and prose around it are common),
// read through the bounded JSON reader (nesting depth, engine/core/json_input.h).
std::optional<nlohmann::json> firstObject(std::string_view text) {
  int tries = 0;
  for (std::size_t open = text.find('{'); open != std::string_view::npos; open = text.find('{', open + 1)) {
    for (std::size_t close = text.rfind('}'); close != std::string_view::npos && close > open;
         close = close == 0 ? std::string_view::npos : text.rfind('}', close - 1)) {
      if (++tries > kMaxJsonTries) return std::nullopt;
      auto j = parseJsonBounded(text.substr(open, close - open + 1));
      if (j && j->is_object()) return std::move(j.value());
    }
  }
  return std::nullopt;
}

std::string lower(std::string_view s) {
  std::string r(s);
  for (char& ch : r) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return r;
}

double confidenceOf(const nlohmann::json& j) {
  auto it = j.find("confidence");
  if (it == j.end()) return 0.5;
  double c = 0.5;
  if (it->is_number()) c = it->get<double>();
  if (it->is_string()) {
    try {
      c = std::stod(it->get<std::string>());
    } catch (...) {
      return 0.5;
    }
  }
  if (c > 1.0 && c <= 100.0) c /= 100.0;  // "85" meaning 85 %
  return std::clamp(c, 0.0, 1.0);
}

Result<ChatRequest> fromTemplate(const char* name, const TemplateVars& vars, const SamplingParams& params) {
  auto t = builtinTemplate(name);
  if (!t) return t.error();
  return requestFromTemplate(*t, vars, params);
}

}  // namespace

Result<ChatRequest> verifierRequest(const VerifierInput& in, const SamplingParams& params) {
  return fromTemplate(
      "sql_verifier",
      {{"schema", in.schema}, {"question", in.question}, {"evidence", in.evidence}, {"sql", in.sql}}, params);
}

Result<VerifierVerdict> parseVerifierAnswer(std::string_view answer) {
  VerifierVerdict v;
  std::optional<bool> wrong;
  if (auto j = firstObject(answer); j && j->contains("verdict") && (*j)["verdict"].is_string()) {
    std::string verdict = lower((*j)["verdict"].get<std::string>());
    if (verdict.find("wrong") != std::string::npos || verdict.find("incorrect") != std::string::npos ||
        verdict == "reject")
      wrong = true;
    else if (verdict.find("correct") != std::string::npos || verdict == "approve")
      wrong = false;
    v.confidence = confidenceOf(*j);
  }
  if (!wrong) {
    std::string t = lower(answer);
    bool saysWrong = t.find("wrong") != std::string::npos || t.find("incorrect") != std::string::npos ||
                     t.find("reject") != std::string::npos;
    bool saysRight = t.find("correct") != std::string::npos || t.find("approve") != std::string::npos;
    if (saysWrong)
      wrong = true;  // "incorrect" contains "correct": wrong wins
    else if (saysRight)
      wrong = false;
  }
  if (!wrong)
    return makeError(ErrorKind::BadInput, "verifier_answer", "the verifier's answer names no verdict");
  v.wrong = *wrong;
  v.score = v.wrong ? 0.5 + v.confidence / 2.0 : 0.5 - v.confidence / 2.0;
  return v;
}

Result<ChatRequest> feasibilityRequest(const FeasibilityInput& in, const SamplingParams& params) {
  return fromTemplate("infeasible_check",
                      {{"schema", in.schema}, {"question", in.question}, {"evidence", in.evidence}}, params);
}

Result<FeasibilityVerdict> parseFeasibilityAnswer(std::string_view answer) {
  auto j = firstObject(answer);
  if (!j || !j->contains("feasible") || !(*j)["feasible"].is_boolean())
    return makeError(ErrorKind::BadInput, "feasibility_answer",
                     "the classifier's answer has no JSON object with a boolean \"feasible\"");
  FeasibilityVerdict v;
  v.feasible = (*j)["feasible"].get<bool>();
  auto text = [&](const char* key, std::string fallback) {
    auto it = j->find(key);
    return it != j->end() && it->is_string() ? it->get<std::string>() : fallback;
  };
  v.type = text("type", v.feasible ? "feasible" : "infeasible");
  v.reason = text("reason", "");
  v.confidence = confidenceOf(*j);
  v.score = v.feasible ? 0.5 - v.confidence / 2.0 : 0.5 + v.confidence / 2.0;
  return v;
}

}  // namespace hs::llm
