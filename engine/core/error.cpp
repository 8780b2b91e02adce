#include "engine/core/error.h"

namespace hs {

const char* toString(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::BadInput:
      return "bad_input";
    case ErrorKind::External:
      return "external";
    case ErrorKind::Timeout:
      return "timeout";
    case ErrorKind::Cancelled:
      return "cancelled";
    case ErrorKind::Internal:
      return "internal";
  }
  return "internal";
}

std::string Error::describe() const {
  std::string out;
  if (!where.empty()) {
    out += where;
    if (line) {
      out += ':';
      out += std::to_string(*line);
    }
    out += ": ";
  }
  out += message;
  if (offset) {
    // Appended piece by piece: GCC 12 at -O3 misreports chained operator+ (-Wrestrict, PR 105329).
    out += " (at byte ";
    out += std::to_string(*offset);
    out += ')';
  }
  return out;
}

Error makeError(ErrorKind kind, std::string code, std::string message) {
  Error e;
  e.kind = kind;
  e.code = std::move(code);
  e.message = std::move(message);
  return e;
}

}  // namespace hs
