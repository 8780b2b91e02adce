#pragma once
// CSV cells per RFC 4180, with text that a spreadsheet would run as a formula neutralised (OWASP).
#include <string>
#include <string_view>

namespace hs {

// What a cell holds: text from data or users, or a number the program itself wrote.
enum class CsvCell { Text, Number };

// One CSV field. Quoted (quotes doubled) when it holds a comma, a quote, CR or LF. A Text cell that
// starts with = + - @ tab or CR, which spreadsheets read as a formula ("=HYPERLINK(...)",
// "+cmd|...", "@SUM(...)"), gets a leading single quote and is always quoted: "'=HYPERLINK(...)".
// A Number cell is never prefixed, so "-0.5" stays a number.
std::string csvField(std::string_view value, CsvCell kind = CsvCell::Text);

// Whether csvField prefixes this text cell with a single quote.
bool csvNeedsNeutralising(std::string_view text);

}  // namespace hs
