#pragma once
// Annotate one query, written once: run it read-only on its database (capped) and apply the
// checks (gold-free; with a gold query also TA-SQL and MRSQLGen C1..C10). Used by the generate
// workflow and by any front end that checks a query a user wrote or picked.
#include <optional>
#include <string>

#include "engine/annotate/database_checks.h"
#include "engine/db/database.h"
#include "engine/workflow/control.h"

namespace hs::workflow {

struct QueryToAnnotate {
  std::string question;
  std::string sql;
  std::optional<std::string> goldSql;
  annotate::CheckNames disabledChecks;  // gold-free categories switched off (check_registry.h)
};

// On an open database; cancel interrupts the running statement.
Result<annotate::DatabaseAnnotation> annotateQuery(db::Database& database, const QueryToAnnotate& query,
                                                   const CancelToken& cancel = {});
// Opens `dbPath` read-only first.
Result<annotate::DatabaseAnnotation> annotateQuery(const std::string& dbPath, const QueryToAnnotate& query,
                                                   const CancelToken& cancel = {});

}  // namespace hs::workflow
