#include "engine/llm/generate.h"

#include "engine/sql/parser.h"

namespace hs::llm {

Result<ChatRequest> textToSqlRequest(const PromptTemplate& tmpl, const TextToSqlInput& input,
                                     const SamplingParams& params) {
  TemplateVars vars{{"schema", input.schema},
                    {"question", input.question},
                    {"evidence", input.evidence},
                    {"sql_dialect", input.dialect}};
  auto r = requestFromTemplate(tmpl, vars, params);
  if (r) r->label = input.question;
  return r;
}

Generation interpretResponse(ChatResponse response) {
  Generation g;
  g.extraction = extractSql(response.text());
  g.response = std::move(response);
  return g;
}

nlohmann::json generationJson(const Generation& g, const ChatRequest& request) {
  const ChatResponse& r = g.response;
  nlohmann::json j;
  if (g.extraction) {
    const auto& x = g.extraction.value();
    j["sql"] = x.sql;
    j["sql_span"] = {{"begin", x.begin}, {"end", x.end}};
    j["extraction"] = {{"method", x.method}, {"note", x.note}, {"statements", x.statements}};
    // A "WITH ... DELETE" answer starts like a query; say what it really is.
    auto kinds = sql::classify(x.sql);
    sql::StatementKind kind = kinds.empty() ? sql::StatementKind::Unknown : kinds.front();
    j["sql_kind"] = sql::toString(kind);
    if (kind != sql::StatementKind::Select) {
      j["warning"] = std::string("the answer is a ") + sql::toString(kind) +
                     " statement, not a query: it will be refused when run";
    }
  } else {
    j["sql"] = nullptr;
    j["sql_span"] = nullptr;
    j["extraction"] = {{"error", g.extraction.error().message}, {"code", g.extraction.error().code}};
  }
  j["raw_text"] = r.choices.empty() ? std::string() : r.text();
  j["finish_reason"] = r.choices.empty() ? std::string() : r.choices.front().finishReason;
  j["usage"] = {{"prompt_tokens", r.usage.promptTokens}, {"completion_tokens", r.usage.completionTokens}};
  j["latency_ms"] = r.latencyMs;
  j["cached"] = r.cached;
  j["attempts"] = r.attempts;
  j["cost"] = r.cost;
  j["model"] = r.model;
  j["template"] = request.templateName;
  j["template_version"] = request.templateVersion;
  j["cache_key"] = r.cacheKey;
  return j;
}

}  // namespace hs::llm
