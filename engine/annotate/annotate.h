#pragma once
// Annotation of one case: TA-SQL (seed 001, Appendix D) and MRSQLGen C1..C10 (seed 002) findings
// when a gold query is given, gold-free checks always, and the gold-free risk score with reasons.
#include <optional>
#include <string_view>

#include "engine/annotate/causes.h"
#include "engine/annotate/check_registry.h"
#include "engine/annotate/checks.h"
#include "engine/annotate/finding.h"
#include "engine/annotate/learned_types.h"
#include "engine/annotate/risk.h"
#include "engine/db/schema.h"

namespace hs::annotate {

struct CaseInput {
  std::string_view predSql;
  std::optional<std::string_view> goldSql;
  std::string_view question;
  const db::Schema* schema = nullptr;       // may be null: then nothing resolves and no name is "unknown"
  ValueLookup lookup;                       // may be empty: no value checks
  std::optional<ResultSummary> predResult;  // the executed predicted query, when run
  QueryRows probeRows;                      // may be empty: no probe queries (limit_tie)
  const CauseProbe* probe = nullptr;        // runs repaired predictions (causes.h); null: static rules
  // The prediction's rows equal the gold's (as multisets, in the gold's order when it orders: EX
  // correct). Then no difference from the gold is a cause, so the gold-based findings (TA-SQL's
  // comparisons, C1..C10) are not kept, and an empty result is the gold's own answer. The risk
  // score stays gold-free: it is computed before these are dropped.
  bool resultEqualsGold = false;
  // Gold-free categories switched off by name (check_registry.h; validated there); null: none.
  const CheckNames* disabledChecks = nullptr;
  // The C1..C10 labels learned from people (learned_types.h, defaultTypeModel()) applied to the
  // rules' ones; null: the rules' labels as they are. RuleAnnotator, and so `evaluate`, the case
  // view and the reports, passes the embedded model unless asked for the rules' own labels.
  const TypeModel* typeModel = nullptr;
  // Annotation::typeFeatures filled whenever the rules give a C-type (evaluate --type-features).
  bool keepTypeFeatures = false;
};

Annotation annotateCase(const CaseInput& in, const RiskModel& model = defaultRiskModel());

}  // namespace hs::annotate
