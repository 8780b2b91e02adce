#pragma once
// Column keys ("table.column") made one where the query equates them: `ON T1.id = T2.singer_id`
// makes singer.id and concert.singer_id one column for the comparisons of two queries.
#include <map>
#include <string>

#include "engine/annotate/sql_view.h"

namespace hs::annotate {

class KeyMap {
 public:
  void unite(const std::string& a, const std::string& b);
  std::string rep(const std::string& key) const;
  void addEqualities(const SqlView& v);

 private:
  mutable std::map<std::string, std::string> parent_;
};

}  // namespace hs::annotate
