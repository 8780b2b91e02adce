#pragma once
// Executing gold and predicted SQL of many cases read-only, in parallel, and scoring them.
#include <atomic>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/case.h"
#include "engine/eval/annotator.h"
#include "engine/eval/case_budget.h"
#include "engine/eval/exec_error.h"
#include "engine/eval/result_compare.h"

namespace hs::eval {

struct SideRun {
  bool ran = false;  // an SQL was there and the database was found
  bool ok = false;
  std::optional<ExecError> error;
  std::vector<std::string> columns;
  std::vector<Row> rows;
  bool truncated = false;
  double elapsedMs = 0.0;
};

struct CaseOutcome {
  std::string dbPath;  // "" when the database was not found
  SideRun gold;
  SideRun pred;
  // Each null when it cannot be decided (no gold, gold failed, no database); false when the
  // prediction failed or is missing while the gold ran. `ordered` is null unless the gold orders.
  std::optional<bool> exSet;
  std::optional<bool> exBag;
  std::optional<bool> exOrdered;
  // EX set after reordering the predicted columns (EvalOptions::ignoreColumnOrder; null otherwise).
  std::optional<bool> exSetAnyColumnOrder;
  std::optional<double> softF1;
  std::optional<ResultDiff> diff;  // when both ran
  std::vector<Finding> findings;
  std::optional<Risk> risk;
  // The learned C1..C10 labels' inputs (annotate::typeFeatureNames()), when the annotator was asked
  // for them (evaluate --type-features) and the rules gave a C-type; empty otherwise.
  std::vector<double> typeFeatures;
  // Set when the case's time limit (EvalOptions::timeoutMs) stopped or skipped some of its work.
  std::optional<TimeLimitReached> timeLimit;
};

struct EvalOptions {
  std::string dbRoot;
  int jobs = 1;
  // Per case: one deadline for every statement the case runs (gold, prediction, the annotator's
  // look-ups, probes and repairs); what is left when it passes is skipped (CaseOutcome::timeLimit).
  // BIRD's evaluator gives each statement 30 s.
  int timeoutMs = 30000;
  std::size_t maxRows = 1000000;
  bool keepRows = false;
  bool ignoreColumnOrder = false;  // also score EX set ignoring the order of the output columns  // keep
                                   // result rows in the outcome (the GUI wants them; the CLI does not)
  const Annotator* annotator = nullptr;                               // nullptr = NullAnnotator
  std::function<void(std::size_t done, std::size_t total)> progress;  // called from worker threads
  const std::atomic<bool>* cancel = nullptr;
};

// <dbRoot>/<dbId>/<dbId>.sqlite (Spider layout) or <dbRoot>/<dbId>.sqlite; nullopt when neither exists.
std::optional<std::string> resolveDatabase(const std::string& dbRoot, const std::string& dbId);

// Scores one case from already executed results (used by evaluateCases and by tests).
void scoreOutcome(const Case& c, CaseOutcome& outcome, bool ignoreColumnOrder = false);

// Outcomes in the order of `cases`. Each worker keeps one read-only connection per database.
std::vector<CaseOutcome> evaluateCases(const std::vector<Case>& cases, const EvalOptions& options);

}  // namespace hs::eval
