#pragma once
// The statements of a text and the token under a byte, read with the SQL lexer: what an editor
// needs to run "the statement under the cursor" and to mark an error's token.
#include <cstddef>
#include <string_view>
#include <vector>

#include "engine/sql/ast_node.h"

namespace hs::sql {

// Every statement's byte range, split at ';' tokens (never inside quotes, quoted names or comments),
// blanks trimmed from both ends, blank statements dropped; comments stay in the range. A lexical
// error does not stop the split: the lexer resumes after the bad token, and an unterminated quote
// runs to the end of the text (`SELECT 'a; b` is one statement, as SQLite would read it).
std::vector<Span> statementRanges(std::string_view text);
// The statement containing `pos` (or touching it); between statements the last one ending before
// it, else the first. Empty when the text has no statement.
Span statementAt(std::string_view text, std::size_t pos);
// The end of the token starting at `pos` (a name, number, string or quoted name; a bad or
// unterminated one to where the lexer stops); pos + 1 where no token starts, text.size() at the end.
std::size_t tokenEndAt(std::string_view text, std::size_t pos);

}  // namespace hs::sql
