// libFuzzer target: finding the SQL in a model's reply (fences, prefixes, <think> blocks, prose)
// and parsing what was found. Invariants: the span lies inside the reply and equals `sql`; the
// extracted SQL goes through the parser and its walkers without a crash.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "engine/llm/sql_extract.h"
#include "engine/sql/ast_json.h"
#include "engine/sql/parser.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view raw(reinterpret_cast<const char*>(data), size);
  auto found = hs::llm::extractSql(raw);
  if (!found) return 0;
  if (found->begin > found->end || found->end > size) std::abort();
  if (found->sql != raw.substr(found->begin, found->end - found->begin)) std::abort();
  (void)hs::sql::classify(found->sql);
  auto tree = hs::sql::parseSelect(found->sql);
  if (tree) (void)hs::sql::toJson(**tree).dump();
  return 0;
}
