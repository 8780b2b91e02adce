#include "engine/db/authorizer_policy.h"

#include <sqlite3.h>

#include "engine/core/text.h"

namespace hs::db::detail {

bool isSchemaTable(const std::string& name) {
  return iequals(name, "sqlite_master") || iequals(name, "sqlite_temp_master") ||
         iequals(name, "sqlite_schema") || iequals(name, "sqlite_temp_schema");
}

// Functions an LLM-written query must never call.
bool deniedFunction(const std::string& name) {
  static const char* denied[] = {"load_extension", "fts3_tokenizer", "readfile", "writefile",     "edit",
                                 "sqlite_dbpage",  "zipfile",        "fts5",     "sqlar_compress"};
  for (const char* d : denied) {
    if (iequals(name, d)) return true;
  }
  return false;
}

// PRAGMAs that only report. The first group may take an argument (a table or index name); the
// second only runs without one (with one, they would change a setting).
bool allowedPragma(const std::string& name, bool hasArg) {
  static const char* withArg[] = {"table_info",      "table_xinfo", "table_list",       "index_list",
                                  "index_info",      "index_xinfo", "foreign_key_list", "foreign_key_check",
                                  "integrity_check", "quick_check"};
  static const char* noArg[] = {"database_list",  "collation_list",  "function_list", "module_list",
                                "pragma_list",    "compile_options", "page_count",    "page_size",
                                "freelist_count", "schema_version",  "user_version",  "application_id",
                                "encoding",       "foreign_keys",    "data_version",  "max_page_count",
                                "cache_size",     "query_only",      "auto_vacuum",   "busy_timeout"};
  for (const char* p : withArg) {
    if (iequals(name, p)) return true;
  }
  if (hasArg) return false;
  for (const char* p : noArg) {
    if (iequals(name, p)) return true;
  }
  return false;
}

namespace {

std::string actionName(int action) {
  switch (action) {
    case SQLITE_CREATE_INDEX:
      return "CREATE INDEX";
    case SQLITE_CREATE_TABLE:
      return "CREATE TABLE";
    case SQLITE_CREATE_TEMP_INDEX:
      return "CREATE TEMP INDEX";
    case SQLITE_CREATE_TEMP_TABLE:
      return "CREATE TEMP TABLE";
    case SQLITE_CREATE_TEMP_TRIGGER:
      return "CREATE TEMP TRIGGER";
    case SQLITE_CREATE_TEMP_VIEW:
      return "CREATE TEMP VIEW";
    case SQLITE_CREATE_TRIGGER:
      return "CREATE TRIGGER";
    case SQLITE_CREATE_VIEW:
      return "CREATE VIEW";
    case SQLITE_DELETE:
      return "DELETE";
    case SQLITE_DROP_INDEX:
      return "DROP INDEX";
    case SQLITE_DROP_TABLE:
      return "DROP TABLE";
    case SQLITE_DROP_TEMP_INDEX:
      return "DROP TEMP INDEX";
    case SQLITE_DROP_TEMP_TABLE:
      return "DROP TEMP TABLE";
    case SQLITE_DROP_TEMP_TRIGGER:
      return "DROP TEMP TRIGGER";
    case SQLITE_DROP_TEMP_VIEW:
      return "DROP TEMP VIEW";
    case SQLITE_DROP_TRIGGER:
      return "DROP TRIGGER";
    case SQLITE_DROP_VIEW:
      return "DROP VIEW";
    case SQLITE_INSERT:
      return "INSERT";
    case SQLITE_PRAGMA:
      return "PRAGMA";
    case SQLITE_TRANSACTION:
      return "transaction control";
    case SQLITE_UPDATE:
      return "UPDATE";
    case SQLITE_ATTACH:
      return "ATTACH";
    case SQLITE_DETACH:
      return "DETACH";
    case SQLITE_ALTER_TABLE:
      return "ALTER TABLE";
    case SQLITE_REINDEX:
      return "REINDEX";
    case SQLITE_ANALYZE:
      return "ANALYZE";
    case SQLITE_CREATE_VTABLE:
      return "CREATE VIRTUAL TABLE";
    case SQLITE_DROP_VTABLE:
      return "DROP VIRTUAL TABLE";
    case SQLITE_SAVEPOINT:
      return "SAVEPOINT";
    default:
      return "action " + std::to_string(action);
  }
}

}  // namespace

std::string describeRefusal(int action, const std::string& a1, const std::string& a2) {
  switch (action) {
    case SQLITE_DELETE:
    case SQLITE_INSERT:
    case SQLITE_UPDATE:
    case SQLITE_CREATE_TABLE:
    case SQLITE_CREATE_TEMP_TABLE:
    case SQLITE_DROP_TABLE:
    case SQLITE_DROP_TEMP_TABLE:
    case SQLITE_ANALYZE:
    case SQLITE_CREATE_VTABLE:
    case SQLITE_DROP_VTABLE:
      return actionName(action) + " on table \"" + a1 + "\"";
    case SQLITE_CREATE_VIEW:
    case SQLITE_CREATE_TEMP_VIEW:
    case SQLITE_DROP_VIEW:
    case SQLITE_DROP_TEMP_VIEW:
    case SQLITE_CREATE_INDEX:
    case SQLITE_CREATE_TEMP_INDEX:
    case SQLITE_DROP_INDEX:
    case SQLITE_DROP_TEMP_INDEX:
    case SQLITE_CREATE_TRIGGER:
    case SQLITE_CREATE_TEMP_TRIGGER:
    case SQLITE_DROP_TRIGGER:
    case SQLITE_DROP_TEMP_TRIGGER:
      return actionName(action) + " \"" + a1 + "\"";
    case SQLITE_ALTER_TABLE:
      return "ALTER TABLE \"" + a2 + "\"";
    case SQLITE_ATTACH:
      return "ATTACH of \"" + a1 + "\"";
    case SQLITE_DETACH:
      return "DETACH of \"" + a1 + "\"";
    case SQLITE_TRANSACTION:
      return "transaction control (" + a1 + ")";
    case SQLITE_SAVEPOINT:
      if (iequals(a1, "RELEASE")) return "RELEASE SAVEPOINT " + a2;
      if (iequals(a1, "ROLLBACK")) return "ROLLBACK TO SAVEPOINT " + a2;
      return "SAVEPOINT " + a2;
    case SQLITE_REINDEX:
      return "REINDEX" + (a1.empty() ? "" : " \"" + a1 + "\"");
    case SQLITE_PRAGMA:
      return "PRAGMA " + a1 + (a2.empty() ? "" : " = " + a2) + " (only read-only PRAGMAs run)";
    case SQLITE_FUNCTION:
      return "the function " + a2 + "()";
    default:
      return actionName(action);
  }
}

}  // namespace hs::db::detail
