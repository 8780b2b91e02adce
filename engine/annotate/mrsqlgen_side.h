#pragma once
// Internal to the MRSQLGen comparison (mrsqlgen*.cpp): one side of the
// comparison, the finding emitter and the condition alignment.
#include <string>
#include <string_view>
#include <vector>

#include "engine/annotate/canonical_parts.h"
#include "engine/annotate/finding.h"
#include "engine/annotate/sql_view.h"
#include "engine/core/finding_messages.h"

namespace hs::annotate::mr {

struct Side {
  const SqlView& v;
  NormContext c;
  const SelectBlock& main;
  const SelectBlock* order = nullptr;  // block holding the ORDER BY/LIMIT (main, else a derived one)
  bool isPred = false;
};

struct Emitter {
  std::vector<Finding>& out;
  void operator()(const std::string& type, const std::string& sub, const std::string& msg,
                  std::vector<FindingSpan> spans) const {
    Finding f;
    f.taxonomy = "mrsqlgen";
    f.category = type;
    f.subcategory = sub;
    f.message = msg;
    f.spans = std::move(spans);
    out.push_back(std::move(f));
  }
};

inline FindingSpan ps(std::size_t b, std::size_t e) {
  return {"pred", b, e};
}
inline FindingSpan gs(std::size_t b, std::size_t e) {
  return {"gold", b, e};
}

// The aggregate function a normalised expression starts with ("count", "sum", ...), else "".
std::string aggregateOf(const std::string& norm);
// The expression with every aggregate function name replaced by one placeholder.
std::string withoutAggregates(std::string t);
// Whether the question words a bound inclusively or exclusively in so many words ("at least", ...).
bool boundPhrase(std::string_view question);
// WHERE/HAVING conditions of all blocks aligned (C1, C4, C5, C6, C7), `skip` left out; `bounds`:
// the question words a bound.
void compareConditions(const Side& P, const Side& G, const std::vector<const Predicate*>& skip,
                       const Emitter& emit, bool bounds);
// [NOT] IN / [NOT] EXISTS subquery links of the other polarity (C1).
void compareSubqueryLinks(const Side& P, const Side& G, const Emitter& emit);

}  // namespace hs::annotate::mr
