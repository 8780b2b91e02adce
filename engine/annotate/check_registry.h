#pragma once
// The registry of gold-free checks: the one list of gold-free category names (in the risk model's
// feature order) and the table of checks that emit them (in the order they run), each declaring
// what it needs and running through one signature.
#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "engine/annotate/checks.h"
#include "engine/core/error.h"

namespace hs::annotate {

// One gold-free category (Finding::category with taxonomy "goldfree").
struct CategorySpec {
  constexpr CategorySpec(std::string_view n, std::string_view f, bool feature = true,
                         std::string_view as = {})
      : name(n), family(f), riskFeature(feature), riskAs(as) {}
  std::string_view name;
  std::string_view family;  // the finding table's family (core/finding_categories.cpp)
  // A feature of the risk model (resources/risk/weights.json): risk features are the registry's
  // categories with this flag, in registry order. A category that is no feature may count as
  // another one (`riskAs`) or not at all ("").
  bool riskFeature;
  std::string_view riskAs;
};

// The gold-free categories. The order is the risk model's feature order, so it only changes with a
// refit (tests/fit/fit_risk.py); `.ci/house-rules` reads the names from these rows and refuses
// them as string literals elsewhere in engine/ and widgets/ (except each one's rule file).
inline constexpr CategorySpec kGoldFreeCategorySpecs[] = {
    {"unresolved_name", "names"},
    {"ambiguous_name", "names"},
    {"quoted_identifier", "names"},
    {"value_absent", "values"},
    {"value_case", "values"},
    {"cartesian_join", "structure"},
    {"integer_division", "structure"},
    {"like_without_wildcard", "values"},
    {"execution_error", "result"},
    {"empty_result", "result"},
    {"all_null_result", "result"},
    {"cue_superlative", "cues"},
    {"cue_count", "cues"},
    {"cue_group", "cues"},
    {"cue_distinct", "cues"},
    {"cue_number", "cues"},
    {"cue_value", "cues"},
    {"cue_unasked", "cues"},
    {"join_off_key", "structure"},
    {"cue_column_order", "cues"},
    {"cue_column_unnamed", "cues"},
    {"cue_average", "cues"},
    {"cue_table_unnamed", "cues"},
    {"cue_answer_shape", "cues"},
    {"bare_column", "structure"},
    {"limit_tie", "result"},
    {"limit_null_key", "result"},
    {"cue_key_for_name", "cues"},
    {"group_key_unselected", "structure"},
    {"cue_column_missing", "cues"},
    {"cue_table_missing", "cues"},
    {"cue_name_value", "cues"},
    {"cue_negation", "cues"},
    {"cue_column_unread", "cues"},
    {"group_by_shared_name", "result"},
    // Emitted around the checks (annotate.cpp: the parser's error; eval_annotator.cpp: a wrong
    // result no C-type explains). A syntax error counts where the model was fitted: as an
    // unreadable, unresolved name.
    {"syntax_error", "names", false, "unresolved_name"},
    {"result_difference", "result", false},
};

// `name` when it is a registered category; a compile error otherwise (consteval).
consteval std::string_view goldFreeCategory(std::string_view name) {
  for (const CategorySpec& c : kGoldFreeCategorySpecs)
    if (c.name == name) return c.name;
  throw "not a registered gold-free category (engine/annotate/check_registry.h)";
}

// The categories other code names (the rest is named only by its check).
inline constexpr std::string_view kUnresolvedName = goldFreeCategory("unresolved_name");
inline constexpr std::string_view kExecutionError = goldFreeCategory("execution_error");
inline constexpr std::string_view kEmptyResult = goldFreeCategory("empty_result");
inline constexpr std::string_view kSyntaxError = goldFreeCategory("syntax_error");
inline constexpr std::string_view kResultDifference = goldFreeCategory("result_difference");

// What a check reads besides the predicted query (a bit set of CheckNeeds).
enum CheckNeeds : std::uint8_t {
  kNeedsNothing = 0,
  kNeedsSchema = 1,
  // A question cue: reads the question's English words, so it runs only on a question read as
  // English (questionReadsLatin).
  kNeedsQuestion = 2,
  kNeedsLookup = 4,  // value look-ups in the case's database (none without them)
  kNeedsResult = 8,  // the executed result's summary (nothing without it)
  // Probe queries on the case's database: run only when probes are possible and the prediction ran
  // and returned rows.
  kNeedsProbes = 16,
};

// Everything a check may read.
struct CheckContext {
  const SqlView& pred;
  const db::Schema& schema;
  std::string_view question;
  const ValueLookup& lookup;                   // may be empty
  const QueryRows& probeRows;                  // may be empty
  const std::optional<ResultSummary>& result;  // the executed prediction, when it ran
};

using CheckRun = void (*)(const CheckContext& context, std::vector<Finding>& out);

// One check: its id (the category it emits, or the name of its group of categories), the
// categories it emits, what it needs, and how it runs (appending its findings).
struct CheckSpec {
  std::string_view id;
  std::vector<std::string_view> emits;
  unsigned needs = kNeedsNothing;
  CheckRun run = nullptr;
};

// The checks in the order they run (which is the order of their findings).
const std::vector<CheckSpec>& goldFreeChecks();

// Names of categories to switch off (their checks do not run when every category they emit is off).
using CheckNames = std::set<std::string, std::less<>>;

// Every registered gold-free category name, in registry order.
const std::vector<std::string>& goldFreeCategoryNames();
// The registry entry of `name`, or null.
const CategorySpec* findGoldFreeCategory(std::string_view name);
// The names as given, checked: an unknown one is a BadInput error ("unknown_check") that lists the
// valid names. `list` is comma-separated ("cue_count,limit_tie"); blanks around names are ignored.
Result<CheckNames> parseCheckNames(std::string_view list);
Status validateCheckNames(const CheckNames& names);

// Runs the registered checks in order on one predicted query, appending their findings to `out`;
// skips a check whose categories are all switched off and drops the findings of switched-off
// categories.
void runGoldFreeChecks(const CheckContext& context, std::vector<Finding>& out,
                       const CheckNames* disabled = nullptr);

}  // namespace hs::annotate
