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
#include "engine/db/database.h"

namespace hs::eval {

struct Span {
  std::string side;  // "pred" or "gold"
  std::size_t begin = 0;
  std::size_t end = 0;  // byte offsets into that side's SQL
};

struct Finding {
  std::string taxonomy;  // "tasql", "mrsqlgen", "goldfree"
  std::string category;
  std::string subcategory;
  std::string message;
  std::vector<Span> spans;
};

struct Risk {
  double score = 0.0;  // in [0, 1]
  std::vector<std::string> reasons;
};

struct CaseOutcome;  // runner.h

// What an annotator sees of one case: the case, its execution outcome, and the case's database
// (opened read-only; nullptr when it could not be resolved). The database belongs to the calling
// worker thread and must not be kept.
struct AnnotationInput {
  const Case& item;
  const CaseOutcome& outcome;
  db::Database* database = nullptr;
};

struct Annotation {
  std::vector<Finding> findings;
  std::optional<Risk> risk;
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
