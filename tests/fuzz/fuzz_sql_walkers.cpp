// libFuzzer target: every recursive walker over a parsed tree (resolver, plan, normaliser,
// canonical text, diff, JSON). The parser bounds the tree's depth (chains count, see ChainHeight
// in engine/sql/parser_impl.h); this target checks that no tree it accepts can exhaust the stack
// of a walker, and that parse errors carry offsets inside the input.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/db/schema.h"
#include "engine/sql/ast_json.h"
#include "engine/sql/diff.h"
#include "engine/sql/normalise.h"
#include "engine/sql/parser.h"
#include "engine/sql/plan.h"
#include "engine/sql/printer.h"
#include "engine/sql/resolver.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view sql(reinterpret_cast<const char*>(data), size);
  auto parsed = hs::sql::parseSelect(sql);
  if (!parsed) {
    if (parsed.error().offset && *parsed.error().offset > size) std::abort();
    return 0;
  }
  const hs::sql::SelectStmt& q = **parsed;
  static const hs::db::Schema kEmpty;
  hs::sql::Resolution res = hs::sql::resolve(q, kEmpty, sql);
  auto plan = hs::sql::buildPlan(q, &res);
  if (!plan) std::abort();
  (void)hs::sql::renderPlanText(*plan);
  (void)hs::sql::planToJson(*plan).dump();
  (void)hs::sql::toJson(q).dump();
  auto norm = hs::sql::normalise(q);
  if (norm) (void)hs::sql::print(*norm);
  (void)hs::sql::canonicalText(q);
  std::string printed = hs::sql::print(q);
  auto diff = hs::sql::diffSql(sql, printed);
  if (diff) (void)hs::sql::diffToJson(*diff).dump();
  return 0;
}
