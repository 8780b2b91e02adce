#include "engine/db/value.h"

#include <array>
#include <charconv>
#include <cmath>

namespace hs::db {

Value Value::integer(std::int64_t v) {
  Value out;
  out.type = Type::Integer;
  out.i = v;
  return out;
}

Value Value::real(double v) {
  Value out;
  out.type = Type::Real;
  out.r = v;
  return out;
}

Value Value::text(std::string v) {
  Value out;
  out.type = Type::Text;
  out.bytes = std::move(v);
  return out;
}

Value Value::blob(std::string v) {
  Value out;
  out.type = Type::Blob;
  out.bytes = std::move(v);
  return out;
}

std::string Value::display() const {
  switch (type) {
    case Type::Null:
      return "NULL";
    case Type::Integer:
      return std::to_string(i);
    case Type::Real: {
      if (std::isinf(r)) return r > 0 ? "Inf" : "-Inf";
      if (std::isnan(r)) return "NaN";
      std::array<char, 64> buf{};
      auto res = std::to_chars(buf.data(), buf.data() + buf.size(), r);
      std::string s(buf.data(), res.ptr);
      // Keep reals recognisable as reals: 3 -> "3.0" (as SQLite prints them).
      if (s.find_first_of(".eEn") == std::string::npos) s += ".0";
      return s;
    }
    case Type::Text:
      return bytes;
    case Type::Blob: {
      static const char* hex = "0123456789abcdef";
      std::string s = "x'";
      for (unsigned char c : bytes) {
        s += hex[c >> 4];
        s += hex[c & 15];
      }
      s += "'";
      return s;
    }
  }
  return {};
}

bool Value::operator==(const Value& other) const {
  if (type != other.type) return false;
  switch (type) {
    case Type::Null:
      return true;
    case Type::Integer:
      return i == other.i;
    case Type::Real:
      return r == other.r;
    case Type::Text:
    case Type::Blob:
      return bytes == other.bytes;
  }
  return false;
}

const char* toString(Value::Type type) {
  switch (type) {
    case Value::Type::Null:
      return "null";
    case Value::Type::Integer:
      return "integer";
    case Value::Type::Real:
      return "real";
    case Value::Type::Text:
      return "text";
    case Value::Type::Blob:
      return "blob";
  }
  return "null";
}

}  // namespace hs::db
