#pragma once
// Errors that users cause (bad SQL, bad files, unreachable endpoints) are values, not exceptions.
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace hs {

enum class ErrorKind {
  BadInput,   // the user's input was wrong: bad SQL, bad file, refused statement (CLI exit 2)
  External,   // an external service failed: LLM endpoint, network (CLI exit 3)
  Timeout,    // a time limit was reached
  Cancelled,  // the user or caller cancelled
  Internal,   // a bug or an unexpected state (CLI exit 1)
};

const char* toString(ErrorKind kind);

struct Error {
  ErrorKind kind = ErrorKind::BadInput;
  std::string message;
  std::string code;                   // short machine-readable tag, e.g. "refused", "syntax"
  std::string where;                  // file path, database path or endpoint, when known
  std::optional<std::size_t> line;    // 1-based line in `where`, when known
  std::optional<std::size_t> offset;  // byte offset of the problem in the input text
  std::optional<std::size_t> end;     // end of the offending byte range, when known

  // "where:line: message (at byte N)" for logs and terminals.
  std::string describe() const;
};

Error makeError(ErrorKind kind, std::string code, std::string message);

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : data_(std::move(value)) {}      // NOLINT(google-explicit-constructor)
  Result(Error error) : data_(std::move(error)) {}  // NOLINT(google-explicit-constructor)

  bool ok() const { return data_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & { return std::get<0>(data_); }
  const T& value() const& { return std::get<0>(data_); }
  T&& value() && { return std::get<0>(std::move(data_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

  const Error& error() const { return std::get<1>(data_); }
  Error& error() { return std::get<1>(data_); }

 private:
  std::variant<T, Error> data_;
};

// Result<void>: success carries nothing.
struct Ok {};
using Status = Result<Ok>;
inline Status ok() {
  return Ok{};
}

}  // namespace hs
