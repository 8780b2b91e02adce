#pragma once
// The hook through which annotation (TA-SQL, MRSQLGen C1..C10, gold-free checks, risk score) plugs
// into an evaluation run. The default annotator returns no findings and no risk; engine/annotate
// provides the real one. An Annotator is shared by all worker threads: annotate() must be safe to
// call concurrently.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/case.h"
#include "engine/core/finding.h"
#include "engine/db/database.h"
#include "engine/eval/case_budget.h"

namespace hs::eval {

struct CaseOutcome;  // runner.h

// What an annotator sees of one case: the case, its execution outcome, and the case's database
// (opened read-only; nullptr when it could not be resolved). The database belongs to the calling
// worker thread and must not be kept. Statements run on it count against the case's time limit
// (`budget`, null: none): bound their limits with it, skip them once it is spent, and record the
// step it stopped.
struct AnnotationInput {
  const Case& item;
  const CaseOutcome& outcome;
  db::Database* database = nullptr;
  CaseBudget* budget = nullptr;
};

struct Annotation {
  std::vector<Finding> findings;
  std::optional<Risk> risk;
  std::vector<double> typeFeatures;  // the learned C1..C10 labels' inputs, when asked for (may be empty)
};

class Annotator {
 public:
  virtual ~Annotator() = default;
  virtual Annotation annotate(const AnnotationInput& input) const = 0;
};

// Returns no findings and no risk.
class NullAnnotator final : public Annotator {
 public:
  Annotation annotate(const AnnotationInput&) const override { return {}; }
};

}  // namespace hs::eval
