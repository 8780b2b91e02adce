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
    if (line) out += ":" + std::to_string(*line);
    out += ": ";
  }
  out += message;
  if (offset) out += " (at byte " + std::to_string(*offset) + ")";
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
