#pragma once
// Internal text helpers of engine/db: URI escaping of paths, statement tails, locating names in SQL.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace hs::db::detail {

// "file:<percent-encoded path>?mode=ro" for sqlite3_open_v2 with SQLITE_OPEN_URI.
std::string readOnlyUri(std::string_view path);

// Offset of the first byte that is not whitespace, a comment or ';' at or after `from`, or nullopt
// when only such filler remains (used to check that a statement has no second statement after it).
std::optional<std::size_t> firstCode(std::string_view sql, std::size_t from = 0);

// The first word of the statement (letters only, upper-cased), e.g. "DELETE"; "" when none.
std::string firstKeyword(std::string_view sql);

// The statement's leading keywords, upper-cased, e.g. "CREATE TEMP TABLE", "ANALYZE"; "the statement"
// when it starts with something else.
std::string statementHead(std::string_view sql);

// Byte range [begin, end) of the last token of `sql` (comments and blanks skipped).
std::optional<std::pair<std::size_t, std::size_t>> lastToken(std::string_view sql);

// Byte range [begin, end) of the first occurrence of `name` in `sql` as an identifier (bare,
// "double-quoted", `backticked` or [bracketed]), outside string literals and comments, compared
// ASCII case-insensitively. A qualified name "a.b" matches the sequence a . b.
std::optional<std::pair<std::size_t, std::size_t>> findIdentifier(std::string_view sql,
                                                                  std::string_view name);

}  // namespace hs::db::detail
