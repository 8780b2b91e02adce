#include "engine/workflow/annotate_query.h"

namespace hs::workflow {

Result<annotate::DatabaseAnnotation> annotateQuery(db::Database& database, const QueryToAnnotate& query,
                                                   const CancelToken& cancel) {
  if (cancel.cancelled()) return makeError(ErrorKind::Cancelled, "cancelled", "cancelled");
  auto interrupter = database.interrupter();
  auto hook = cancel.onCancel([interrupter] { interrupter->interrupt(); });
  std::optional<std::string_view> gold;
  if (query.goldSql) gold = *query.goldSql;
  if (auto st = annotate::validateCheckNames(query.disabledChecks); !st) return st.error();
  return annotate::annotateWithDatabase(database, query.question, query.sql, gold, {10000, 1000, 64 << 20},
                                        &query.disabledChecks);
}

Result<annotate::DatabaseAnnotation> annotateQuery(const std::string& dbPath, const QueryToAnnotate& query,
                                                   const CancelToken& cancel) {
  auto opened = db::Database::openReadOnly(dbPath);
  if (!opened) return opened.error();
  return annotateQuery(*opened.value(), query, cancel);
}

}  // namespace hs::workflow
