#pragma once
// One SQLite value as HalluSQL sees it (no Qt): NULL, INTEGER, REAL, TEXT (UTF-8 bytes) or BLOB.
#include <cstdint>
#include <string>
#include <vector>

namespace hs::db {

struct Value {
  enum class Type { Null, Integer, Real, Text, Blob };

  Type type = Type::Null;
  std::int64_t i = 0;  // Integer
  double r = 0.0;      // Real
  std::string bytes;   // Text (UTF-8 as stored; may be invalid) or Blob

  static Value null() { return Value{}; }
  static Value integer(std::int64_t v);
  static Value real(double v);
  static Value text(std::string v);
  static Value blob(std::string v);

  bool isNull() const { return type == Type::Null; }
  // Text for a grid or a log: NULL -> "NULL", reals in shortest round-trip form, blobs as x'hex'.
  std::string display() const;
  // Bytes this value holds in memory (used by the result memory cap).
  std::size_t footprint() const { return sizeof(Value) + bytes.size(); }

  // Exact comparison: same type and same value (1 != 1.0; NaN never occurs in SQLite results).
  bool operator==(const Value& other) const;
  bool operator!=(const Value& other) const { return !(*this == other); }
};

using Row = std::vector<Value>;

const char* toString(Value::Type type);  // "null", "integer", "real", "text", "blob"

}  // namespace hs::db
