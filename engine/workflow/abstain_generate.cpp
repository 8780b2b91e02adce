#include "engine/workflow/abstain_generate.h"

#include <cstdio>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/llm/schema_prompt.h"
#include "engine/llm/verifier.h"

namespace hs::workflow {
namespace {

std::string percent(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

llm::SamplingParams checkParams(const AbstainSettings& s) {
  llm::SamplingParams p = s.params;
  if (!p.temperature) p.temperature = 0.0;
  if (!p.maxTokens) p.maxTokens = 256;
  return p;
}

// One blocking call; cancel aborts it.
llm::ChatResult ask(llm::Client& client, const llm::ChatRequest& request, const CancelToken& cancel) {
  const llm::BatchId batch = client.newBatch();
  auto hook = cancel.onCancel([&client, batch] { client.cancelBatch(batch); });
  return client.submitFuture(request, batch).get();
}

void decide(AbstainVerdict& v, const AbstainCheck& c) {
  v.checks.push_back(c);
  if (!v.abstained && c.abstained) {
    v.abstained = true;
    v.stage = c.stage;
    v.reason = c.reason;
  }
}

// The schema, a request made from it and one model call: the answer's text, or nullopt with
// `c.error` saying which step failed.
template <typename MakeRequest>
std::optional<std::string> askAbout(llm::Client& client, db::Database& database, MakeRequest makeRequest,
                                    const CancelToken& cancel, int& calls, AbstainCheck& c) {
  auto schema = llm::serialiseSchema(database);
  if (!schema) {
    c.error = schema.error().describe();
    return std::nullopt;
  }
  auto request = makeRequest(schema.value());
  if (!request) {
    c.error = request.error().describe();
    return std::nullopt;
  }
  ++calls;
  auto answer = ask(client, request.value(), cancel);
  if (!answer) {
    c.error = answer.error().describe();
    return std::nullopt;
  }
  return std::string(answer->text());
}

AbstainCheck classifierCheck(llm::Client& client, db::Database& database, const Question& q,
                             const AbstainSettings& s, const CancelToken& cancel, int& calls) {
  AbstainCheck c{"llm_classifier", "before_generation", false, false, 0.0, s.classifierThreshold, "", "", ""};
  auto text = askAbout(
      client, database,
      [&](const std::string& schema) {
        return llm::feasibilityRequest({schema, q.question, q.evidence}, checkParams(s));
      },
      cancel, calls, c);
  if (!text) return c;
  auto verdict = llm::parseFeasibilityAnswer(*text);
  if (!verdict) {
    c.error = verdict.error().describe();
    return c;
  }
  c.ran = true;
  c.score = verdict->score;
  c.type = verdict->type;
  c.abstained = !verdict->feasible && c.score >= c.threshold;
  if (c.abstained)
    c.reason = "the model judges the question infeasible (" + verdict->type + ")" +
               (verdict->reason.empty() ? std::string() : ": " + verdict->reason);
  return c;
}

AbstainCheck verifierCheck(llm::Client& client, db::Database& database, const Question& q,
                           const std::string& sql, const AbstainSettings& s, const CancelToken& cancel,
                           int& calls) {
  AbstainCheck c{"llm_verifier", "after_generation", false, false, 0.0, s.verifierThreshold, "", "", ""};
  auto text = askAbout(
      client, database,
      [&](const std::string& schema) {
        return llm::verifierRequest({schema, q.question, q.evidence, sql}, checkParams(s));
      },
      cancel, calls, c);
  if (!text) return c;
  auto verdict = llm::parseVerifierAnswer(*text);
  if (!verdict) {
    c.error = verdict.error().describe();
    return c;
  }
  c.ran = true;
  c.score = verdict->score;
  c.type = verdict->wrong ? "wrong" : "correct";
  c.abstained = verdict->wrong && c.score >= c.threshold;
  if (c.abstained) c.reason = "the model's verifier judges the SQL wrong (P(wrong) " + percent(c.score) + ")";
  return c;
}

}  // namespace

AbstainVerdict checkBeforeGeneration(llm::Client* client, db::Database& database, const Question& question,
                                     const AbstainSettings& settings, const CancelToken& cancel) {
  AbstainVerdict v;
  abstain::AbstainDecision d = abstain::beforeGeneration(question.question, database, settings.options);
  decide(v, {"schema_linking", d.stage, true, d.abstained, d.score, d.threshold, d.type, d.reason, ""});
  v.schemaLinking = std::move(d);
  if (!v.abstained && settings.llmClassifier && client && !cancel.cancelled())
    decide(v, classifierCheck(*client, database, question, settings, cancel, v.llmCalls));
  return v;
}

void checkAfterGeneration(AbstainVerdict& v, llm::Client* client, db::Database& database,
                          const Question& question, const std::string& sql, const Risk& risk,
                          const AbstainSettings& settings, const CancelToken& cancel) {
  if (v.abstained) return;
  abstain::AbstainDecision d = abstain::decideOnRisk(risk, settings.options);
  decide(v, {"risk", d.stage, true, d.abstained, d.score, d.threshold, d.type, d.reason, ""});
  if (!v.abstained && settings.llmVerifier && client && !cancel.cancelled())
    decide(v, verifierCheck(*client, database, question, sql, settings, cancel, v.llmCalls));
}

AbstainingGeneration generateWithAbstention(llm::Client& client, const std::string& dbPath,
                                            const Question& question, const GenerateOptions& options,
                                            const AbstainSettings& settings, const ProgressFn& progress,
                                            const CancelToken& cancel) {
  AbstainingGeneration out;
  auto opened = db::Database::openReadOnly(dbPath);
  if (!opened) {
    out.generation.failedAt = GenerateStep::Database;
    out.generation.error = opened.error();
    return out;
  }
  db::Database& database = *opened.value();
  report(progress, 0, 5, "Checking the question");
  out.verdict = checkBeforeGeneration(&client, database, question, settings, cancel);
  if (out.verdict.abstained || cancel.cancelled()) {
    report(progress, 5, 5, "Done");
    return out;
  }
  auto tmpl = promptTemplate(options);
  if (!tmpl) {
    out.generation.failedAt = GenerateStep::Prompt;
    out.generation.error = tmpl.error();
    return out;
  }
  report(progress, 1, 5, "Reading the schema");
  out.generation = prepareRequest(database, question, tmpl.value(), options);
  if (!out.generation.request) return out;
  report(progress, 2, 5, "Waiting for the model");
  llm::ChatResult answer = ask(client, *out.generation.request, cancel);
  if (answer && !cancel.cancelled()) report(progress, 3, 5, "Checking the SQL");
  finishGeneration(out.generation, answer, &database, question, options, cancel);
  if (out.generation.ok() && out.generation.annotation && out.generation.annotation->ok() &&
      !cancel.cancelled()) {
    report(progress, 4, 5, "Judging the answer");
    checkAfterGeneration(out.verdict, &client, database, question, out.generation.generation->extraction->sql,
                         out.generation.annotation->value().annotation.risk, settings, cancel);
  }
  report(progress, 5, 5, "Done");
  return out;
}

void writeAbstainJson(const AbstainVerdict& v, nlohmann::json& line) {
  line["abstained"] = v.abstained;
  line["abstain_reason"] = v.abstained ? nlohmann::json(v.reason) : nlohmann::json(nullptr);
  // The deciding check: the one that abstained, else the last one that ran.
  const AbstainCheck* main = nullptr;
  for (const AbstainCheck& c : v.checks)
    if (c.abstained && !main) main = &c;
  if (!main && !v.checks.empty()) main = &v.checks.back();
  nlohmann::json a = nlohmann::json::object();
  if (main)
    a = {{"stage", main->stage},
         {"check", main->name},
         {"score", main->score},
         {"threshold", main->threshold},
         {"type", main->type}};
  if (v.schemaLinking) {
    a["unmatched"] = v.schemaLinking->check.unmatched;
    a["cues"] = v.schemaLinking->check.cues;
  }
  nlohmann::json checks = nlohmann::json::array();
  for (const AbstainCheck& c : v.checks) {
    nlohmann::json j = {
        {"check", c.name},  {"stage", c.stage},         {"ran", c.ran},  {"abstained", c.abstained},
        {"score", c.score}, {"threshold", c.threshold}, {"type", c.type}};
    if (!c.reason.empty()) j["reason"] = c.reason;
    if (!c.error.empty()) j["error"] = c.error;
    checks.push_back(std::move(j));
  }
  a["checks"] = std::move(checks);
  a["llm_calls"] = v.llmCalls;
  line["abstain"] = std::move(a);
}

}  // namespace hs::workflow
