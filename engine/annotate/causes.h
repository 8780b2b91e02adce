#pragma once
// Causes, not differences (issue 13): which C1..C10 differences between the predicted and the gold
// query explain the wrong result. For each difference, the gold's version of just that part is put
// into the prediction (replace, delete or insert at the clause it belongs to) and the repaired
// query is run; a difference whose repair moves the result to (or towards) the gold result is a
// cause, the rest are not. Without a database a conservative static rule set decides. Every kept
// finding says why in Finding::explanation.
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/annotate/checks.h"
#include "engine/annotate/finding.h"
#include "engine/annotate/sql_view.h"

namespace hs::annotate {

// What the caller knows about results (engine/eval provides it from hs::db, read-only).
struct CauseProbe {
  // Closeness in [0, 1] of the result of `sql` to the gold result (1: the same rows); nullopt when
  // the SQL did not run.
  std::function<std::optional<double>(const std::string& sql)> closeness;
  double baseline = 0.0;        // closeness of the prediction itself (0 when it failed)
  bool resultEqual = false;     // the prediction's rows equal the gold rows (as multisets)
  bool orderDiffers = false;    // same rows, but the gold orders them and the order differs
  bool sameRowCount = false;    // the prediction returns as many rows as the gold
  bool moreDuplicates = false;  // the gold's rows, some of them more times (duplicates the gold drops)
  int maxRepairs = 24;          // executions per case at most (single repairs, then pairs)
};

// The repaired prediction for one finding: the gold's version of the parts it names put into a copy
// of the predicted tree (replacing, deleting or inserting nodes) and printed; a part the tree has no
// node for (an OR alone, a span across nodes) is spliced into the text instead. nullopt when the
// finding cannot be repaired.
std::optional<std::string> repairFor(const Finding& f, const SqlView& pred, const SqlView& gold);
// The same for several findings repaired together (nullopt when their parts overlap).
std::optional<std::string> repairFor(const std::vector<const Finding*>& fs, const SqlView& pred,
                                     const SqlView& gold);

// Whether a C4 "literal value" finding compares the column with a value the data holds where the
// gold's value does not occur there (the gold is what is off, not the prediction).
bool valueBackedByData(const Finding& f, const SqlView& pred, const SqlView& gold, const ValueLookup& lookup);

// Keeps the C-type findings of `findings` (taxonomy "mrsqlgen") that are causes and fills their
// explanation; other findings pass through unchanged. `probe` may be null: static rules only;
// `lookup` may be empty: no value look-ups.
void judgeCauses(std::vector<Finding>& findings, const SqlView& pred, const SqlView& gold,
                 std::string_view question, const CauseProbe* probe, const ValueLookup& lookup = {});

}  // namespace hs::annotate
