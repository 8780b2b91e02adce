#include "engine/eval/not_scored.h"

#include <map>
#include <set>

#include "engine/eval/runner.h"

namespace hs::eval {

NotScored notScoredCases(const std::vector<Case>& cases, const std::string& dbRoot) {
  NotScored out;
  std::map<std::string, bool> found;  // db_id -> its file exists
  std::set<std::string> missing;
  for (const Case& c : cases) {
    auto it = found.find(c.dbId);
    if (it == found.end()) it = found.emplace(c.dbId, resolveDatabase(dbRoot, c.dbId).has_value()).first;
    if (!it->second) {
      ++out.databaseMissing;
      missing.insert(c.dbId);
    } else if (!c.goldSql) {
      ++out.noGold;
    }
  }
  out.missingDatabases.assign(missing.begin(), missing.end());
  return out;
}

nlohmann::json toJson(const NotScored& n) {
  nlohmann::json names = nlohmann::json::array();
  for (const std::string& id : n.missingDatabases) names.push_back(id.empty() ? id : id + ".sqlite");
  return {{"cases", n.total()},
          {"database_missing", {{"cases", n.databaseMissing}, {"databases", names}}},
          {"no_gold", {{"cases", n.noGold}}}};
}

}  // namespace hs::eval
