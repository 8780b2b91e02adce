#include "engine/mr/stage_synthesis.h"

#include "engine/llm/sql_extract.h"
#include "engine/llm/template.h"
#include "engine/mr/stage_linking.h"

namespace hs::mr {

Result<llm::ChatRequest> synthesisRequest(const std::string& schemaText, const std::string& question,
                                          const std::set<std::string>& linking, const std::string& evidence,
                                          const llm::SamplingParams& params) {
  auto tmpl = llm::builtinTemplate("logical_synthesis");
  if (!tmpl) return tmpl.error();
  auto r = llm::requestFromTemplate(tmpl.value(),
                                    {{"schema", schemaText},
                                     {"question", question},
                                     {"linking", joinLinking(linking)},
                                     {"evidence", evidence},
                                     {"sql_dialect", "SQLite"}},
                                    params);
  if (r) r->label = "logical synthesis: " + question;
  return r;
}

ExecutedSql runSql(db::Database& database, const std::string& sql, const db::Limits& limits) {
  ExecutedSql out;
  out.sql = sql;
  out.result = database.query(sql, limits);
  return out;
}

ExecutedSql runAnswer(db::Database& database, const std::string& answer, const db::Limits& limits) {
  auto extracted = llm::extractSql(answer);
  if (!extracted) {
    ExecutedSql out;
    out.result = extracted.error();
    return out;
  }
  return runSql(database, extracted->sql, limits);
}

db::QueryResult firstRows(const db::QueryResult& result, std::size_t keep) {
  db::QueryResult out;
  out.columns = result.columns;
  out.truncated = result.truncated;
  out.elapsedMs = result.elapsedMs;
  const std::size_t n = std::min(keep, result.rows.size());
  out.rows.assign(result.rows.begin(), result.rows.begin() + static_cast<std::ptrdiff_t>(n));
  return out;
}

}  // namespace hs::mr
