// qmrSpans: where in the source SQL a violated QMR type points (see qmr.h).
#include <algorithm>
#include <set>

#include "engine/mr/hkb.h"
#include "engine/mr/qmr.h"
#include "engine/sql/diff.h"

namespace hs::mr {
namespace {

// The clauses (engine/sql/diff.h names) each C-type is about; empty: any clause.
std::set<std::string> clausesOf(int type) {
  switch (type) {
    case 2:
      return {"limit", "offset", "order_by"};
    case 3:
      return {"from", "join", "join_condition"};
    case 5:
      return {"select"};
    case 6:
      return {"where", "having"};
    case 8:
      return {"distinct"};
    case 9:
      return {"order_by", "limit"};
    case 10:
      return {"group_by", "having"};
    default:  // C1 operators, C4 values, C7 aggregates: wherever they stand
      return {};
  }
}

}  // namespace

std::vector<FindingSpan> qmrSpans(int type, const std::string& sourceSql,
                                  const std::vector<std::string>& followUps) {
  const std::set<std::string> wanted = clausesOf(type);
  std::set<std::pair<std::size_t, std::size_t>> typed;
  std::set<std::pair<std::size_t, std::size_t>> any;
  for (const std::string& followUp : followUps) {
    auto diff = sql::diffSql(sourceSql, followUp);  // source on the "gold" side
    if (!diff) continue;
    for (const sql::Edit& e : diff->edits) {
      if (!e.gold || e.gold->empty()) continue;
      any.emplace(e.gold->begin, e.gold->end);
      if (wanted.count(e.clause)) typed.emplace(e.gold->begin, e.gold->end);
    }
  }
  std::vector<FindingSpan> out;
  for (const auto& [b, e] : (typed.empty() ? any : typed)) out.push_back({"pred", b, e});
  return out;
}

}  // namespace hs::mr
