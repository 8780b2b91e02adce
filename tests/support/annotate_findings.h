// The findings of one category that the engine gives a predicted query (no gold, no database):
// the shared set-up of the gold-free cue tests.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/annotate/annotate.h"

namespace hs::test {

inline std::vector<hs::Finding> findingsOf(const hs::db::Schema& schema, const std::string& sql,
                                           const std::string& question, std::string_view category) {
  hs::annotate::CaseInput in;
  in.predSql = sql;
  in.question = question;
  in.schema = &schema;
  std::vector<hs::Finding> out;
  for (hs::Finding& f : hs::annotate::annotateCase(in).findings)
    if (f.category == category) out.push_back(std::move(f));
  return out;
}

}  // namespace hs::test
