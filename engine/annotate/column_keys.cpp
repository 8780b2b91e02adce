// Union-find over column keys (see column_keys.h).
#include "engine/annotate/column_keys.h"

namespace hs::annotate {

void KeyMap::unite(const std::string& a, const std::string& b) {
  std::string ra = rep(a), rb = rep(b);
  if (ra == rb) return;
  if (rb < ra) std::swap(ra, rb);
  parent_[rb] = ra;
}

std::string KeyMap::rep(const std::string& key) const {
  auto it = parent_.find(key);
  if (it == parent_.end() || it->second == key) return key;
  std::string r = rep(it->second);
  parent_[key] = r;
  return r;
}

void KeyMap::addEqualities(const SqlView& v) {
  for (const auto& [a, b] : v.joinEqualities) unite(a, b);
}

}  // namespace hs::annotate
