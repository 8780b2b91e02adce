#pragma once
// Classification of execution errors of gold and predicted SQL.
#include <string>

#include "engine/core/error.h"

namespace hs::eval {

enum class ExecErrorClass {
  Syntax,
  NoSuchTable,
  NoSuchColumn,
  Ambiguous,
  Timeout,
  Refused,
  NoDatabase,
  Other
};

const char* toString(ExecErrorClass c);  // "syntax", "no_such_table", ..., "no_database", "other"

struct ExecError {
  ExecErrorClass kind = ExecErrorClass::Other;
  std::string message;  // SQLite's or the database layer's message
};

ExecError classifyExecError(const Error& error);

}  // namespace hs::eval
