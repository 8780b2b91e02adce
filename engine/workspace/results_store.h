#pragma once
// Evaluation results in a workspace: each case's executions (gold and predicted, with a capped
// sample of rows), findings, EX verdicts, Soft-F1, result diff and risk (table case_scores,
// migration 3). Saving a batch is one transaction (all or nothing) and replaces the previous
// results of those cases. The case list reads one compact summary row per case in one query.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "engine/core/error.h"
#include "engine/eval/runner.h"
#include "engine/workspace/workspace.h"

namespace hs::ws {

// Rows kept per side when an outcome is saved (row_count keeps the full count; truncated is set).
inline constexpr std::size_t kStoredRowsPerSide = 500;

struct StoredOutcome {
  std::int64_t caseId = 0;
  const eval::CaseOutcome* outcome = nullptr;
};

// Saves the outcomes in one transaction, replacing earlier executions, findings and scores of the
// same cases. On any error nothing of the batch is kept and the earlier results stay.
Status saveOutcomes(Workspace& ws, const std::vector<StoredOutcome>& batch,
                    std::size_t maxRowsPerSide = kStoredRowsPerSide);

// Removes all evaluation results of the cases of a run (executions, findings, scores).
Status clearOutcomes(Workspace& ws, std::int64_t runId);

// The stored outcome of one case (rows as stored, at most maxRowsPerSide per side), or nullopt
// when the case has not been evaluated.
Result<std::optional<eval::CaseOutcome>> loadOutcome(const Workspace& ws, std::int64_t caseId);

// One line of the case list.
struct CaseSummary {
  std::int64_t caseId = 0;
  std::int64_t position = 0;
  std::string caseKey;  // hs::Case::id
  std::string dbId;
  std::string question;
  std::string goldSql;  // "" when absent
  std::string predSql;  // "" when absent
  std::string model;
  std::string difficulty;
  bool evaluated = false;
  std::optional<bool> exSet;
  std::optional<bool> exBag;
  std::optional<bool> exOrdered;
  std::optional<bool> exSetAnyOrder;  // set semantics ignoring column order (when the run asks for it)
  std::optional<double> softF1;
  std::optional<double> risk;
  std::string predError;                 // exec error class of the prediction ("" when it ran)
  std::vector<std::string> categories;   // distinct finding categories, in first-seen order
  bool hasGold = false;                  // goldSql is a query (it may be an empty text)
  std::optional<Abstention> abstention;  // when the run was generated with abstention
  std::string infeasibleType;            // hs::Case::infeasibleType
};

// All cases of a run in position order, with their scores when evaluated (one query).
Result<std::vector<CaseSummary>> caseSummaries(const Workspace& ws, std::int64_t runId);

// RS(c) of the rows (eval::runReliability with the thresholds recorded on them): null when no row
// carries an abstention record. An answered case not yet evaluated counts as wrong.
nlohmann::json runReliability(const std::vector<CaseSummary>& rows);

// Number of evaluated cases of a run.
Result<std::int64_t> evaluatedCount(const Workspace& ws, std::int64_t runId);

}  // namespace hs::ws
