#pragma once
// The one SQL identifier quoter of HalluSQL: every statement the engine builds from a schema name
// quotes it here.
#include <string>
#include <string_view>

namespace hs {

// `name` as a double-quoted SQLite identifier, embedded quotes doubled: my"tab -> "my""tab". Any
// bytes (UTF-8 included) pass through unchanged, and "" is the empty identifier, which SQLite
// accepts, so the result is always one identifier token whatever the name holds.
std::string quoteIdentifier(std::string_view name);

}  // namespace hs
