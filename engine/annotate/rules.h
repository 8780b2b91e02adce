#pragma once
// The rule sets of the annotators; annotate.h combines them into annotateCase().
#include <string_view>
#include <vector>

#include "engine/annotate/finding.h"
#include "engine/annotate/sql_view.h"

namespace hs::annotate {

// The subcategory of a C1 finding on the ORDER BY alone (the ordering key computed with another
// arithmetic operator): it orders the rows, as C2 and C9 do, so causes.cpp keeps it where only the
// row order differs.
inline constexpr std::string_view kOrderArithmetic = "arithmetic operator in ORDER BY";

// MRSQLGen C1..C10 from the clause-aligned comparison of pred with gold (seed 002); the question
// only tells bound phrasing ("at least 3": >= 3, the same as > 2).
std::vector<Finding> mrsqlgenFindings(const SqlView& pred, const SqlView& gold, const db::Schema& schema,
                                      std::string_view question = {});
// TA-SQL's six categories with the subcategories of seed 001 Appendix D. Without gold, only the
// schema and structure rules (Schema Contradiction, Mathematical Delusion) apply.
std::vector<Finding> tasqlFindings(const SqlView& pred, const SqlView* gold, const db::Schema& schema);

}  // namespace hs::annotate
