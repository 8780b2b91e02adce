// libFuzzer target: lexer, parser, printer, clone/equals and the round trip on arbitrary bytes.
// Invariants checked: no crash, no sanitizer report, error offsets inside the input, and a tree
// that parses cleanly prints to SQL that parses again to an equal tree.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "engine/sql/ast_json.h"
#include "engine/sql/parser.h"
#include "engine/sql/printer.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view sql(reinterpret_cast<const char*>(data), size);
  hs::sql::ParseResult r = hs::sql::parse(sql);
  if (r.error && r.error->offset > size) std::abort();
  (void)hs::sql::classify(sql);
  for (const auto& st : r.statements) {
    if (st.span.end > size) std::abort();
    if (!st.select) continue;
    (void)hs::sql::toJson(*st.select);
    std::string printed = hs::sql::print(*st.select);
    auto copy = hs::sql::clone(*st.select);
    if (!hs::sql::equals(*copy, *st.select)) std::abort();
    if (r.ok()) {
      auto again = hs::sql::parseSelect(printed);
      // The printer may add parentheses the input did not have, which can cross the depth limit.
      if (!again.ok() && again.error().code == "depth") continue;
      if (!again.ok() || !hs::sql::equals(**again, *st.select)) std::abort();
    }
  }
  return 0;
}
