#include "engine/eval/exec_error.h"

#include "engine/core/text.h"

namespace hs::eval {

const char* toString(ExecErrorClass c) {
  switch (c) {
    case ExecErrorClass::Syntax:
      return "syntax";
    case ExecErrorClass::NoSuchTable:
      return "no_such_table";
    case ExecErrorClass::NoSuchColumn:
      return "no_such_column";
    case ExecErrorClass::Ambiguous:
      return "ambiguous";
    case ExecErrorClass::Timeout:
      return "timeout";
    case ExecErrorClass::Refused:
      return "refused";
    case ExecErrorClass::NoDatabase:
      return "no_database";
    case ExecErrorClass::Other:
      return "other";
  }
  return "other";
}

ExecError classifyExecError(const Error& error) {
  ExecError out;
  out.message = error.message;
  const std::string m = asciiLower(error.message);
  auto has = [&](const char* s) { return m.find(s) != std::string::npos; };
  if (error.kind == ErrorKind::Timeout || error.code == "timeout" || error.code == "cancelled") {
    out.kind = ExecErrorClass::Timeout;
  } else if (error.code == "refused") {
    out.kind = ExecErrorClass::Refused;
  } else if (error.code == "no_database") {
    out.kind = ExecErrorClass::NoDatabase;
  } else if (has("no such table")) {
    out.kind = ExecErrorClass::NoSuchTable;
  } else if (has("no such column")) {
    out.kind = ExecErrorClass::NoSuchColumn;
  } else if (has("ambiguous column")) {
    out.kind = ExecErrorClass::Ambiguous;
  } else if (has("syntax error") || has("incomplete input") || has("unrecognized token") ||
             has("unterminated")) {
    out.kind = ExecErrorClass::Syntax;
  } else {
    out.kind = ExecErrorClass::Other;
  }
  return out;
}

}  // namespace hs::eval
