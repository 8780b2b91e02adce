// The table of gold-free checks: each one's id, categories, needs and entry point, in run order.
#include "engine/annotate/check_registry.h"

#include <algorithm>

namespace hs::annotate {

// Entry points written in the registry's own signature (their rule files hold them).
void checkNames(const CheckContext& context, std::vector<Finding>& out);              // goldfree.cpp
void checkQuotedIdentifiers(const CheckContext& context, std::vector<Finding>& out);  // goldfree.cpp
void checkValuesAndJoins(const CheckContext& context, std::vector<Finding>& out);     // goldfree.cpp
void checkIntegerDivision(const CheckContext& context, std::vector<Finding>& out);    // goldfree.cpp
void checkExecutionError(const CheckContext& context, std::vector<Finding>& out);     // goldfree.cpp
void checkEmptyResult(const CheckContext& context, std::vector<Finding>& out);        // goldfree.cpp
void checkAllNullResult(const CheckContext& context, std::vector<Finding>& out);      // goldfree.cpp
void checkCueSuperlative(const CheckContext& context, std::vector<Finding>& out);     // goldfree_cues.cpp
void checkCueCount(const CheckContext& context, std::vector<Finding>& out);           // goldfree_cues.cpp
void checkCueAverage(const CheckContext& context, std::vector<Finding>& out);         // goldfree_cues.cpp
void checkCueGroup(const CheckContext& context, std::vector<Finding>& out);           // goldfree_cues.cpp
void checkCueDistinct(const CheckContext& context, std::vector<Finding>& out);        // goldfree_cues.cpp
void checkCueUnasked(const CheckContext& context, std::vector<Finding>& out);         // goldfree_cues.cpp
void checkCueNumber(const CheckContext& context, std::vector<Finding>& out);          // goldfree_cues.cpp
void checkCueValue(const CheckContext& context, std::vector<Finding>& out);           // goldfree_cues.cpp
void checkGroupKeyUnselected(const CheckContext& context,
                             std::vector<Finding>& out);  // goldfree_grouping.cpp

namespace {

void append(std::vector<Finding>& out, std::vector<Finding>&& found) {
  for (Finding& f : found) out.push_back(std::move(f));
}

}  // namespace

const std::vector<CheckSpec>& goldFreeChecks() {
  // The run order is the order of the findings: keep it when adding a check (new ones go last).
  using C = const CheckContext&;
  using Out = std::vector<Finding>&;
  static const std::vector<CheckSpec> checks = {
      {"names",
       {goldFreeCategory("unresolved_name"), goldFreeCategory("ambiguous_name")},
       kNeedsSchema,
       checkNames},
      {"quoted_identifier", {goldFreeCategory("quoted_identifier")}, kNeedsSchema, checkQuotedIdentifiers},
      // One check: its look-ups share one bound, and its findings come block by block.
      {"values_and_joins",
       {goldFreeCategory("like_without_wildcard"), goldFreeCategory("value_absent"),
        goldFreeCategory("value_case"), goldFreeCategory("cartesian_join")},
       kNeedsSchema | kNeedsLookup,
       checkValuesAndJoins},
      {"join_off_key",
       {goldFreeCategory("join_off_key")},
       kNeedsSchema,
       [](C c, Out out) { append(out, schemaShapeFindings(c.pred, c.schema)); }},
      {"bare_column",
       {goldFreeCategory("bare_column")},
       kNeedsSchema,
       [](C c, Out out) { append(out, bareColumnFindings(c.pred)); }},
      {"group_key_unselected",
       {goldFreeCategory("group_key_unselected")},
       kNeedsSchema,
       checkGroupKeyUnselected},
      // Reads the question only to weigh its finding, so it runs on any question.
      {"integer_division", {goldFreeCategory("integer_division")}, kNeedsSchema, checkIntegerDivision},
      {"execution_error", {goldFreeCategory("execution_error")}, kNeedsResult, checkExecutionError},
      {"empty_result", {goldFreeCategory("empty_result")}, kNeedsResult, checkEmptyResult},
      {"all_null_result", {goldFreeCategory("all_null_result")}, kNeedsResult, checkAllNullResult},
      {"cue_superlative", {goldFreeCategory("cue_superlative")}, kNeedsQuestion, checkCueSuperlative},
      {"cue_count", {goldFreeCategory("cue_count")}, kNeedsQuestion, checkCueCount},
      {"cue_average", {goldFreeCategory("cue_average")}, kNeedsQuestion, checkCueAverage},
      {"cue_group", {goldFreeCategory("cue_group")}, kNeedsQuestion, checkCueGroup},
      {"cue_distinct", {goldFreeCategory("cue_distinct")}, kNeedsQuestion, checkCueDistinct},
      {"cue_unasked", {goldFreeCategory("cue_unasked")}, kNeedsQuestion, checkCueUnasked},
      {"cue_number", {goldFreeCategory("cue_number")}, kNeedsQuestion, checkCueNumber},
      {"cue_value", {goldFreeCategory("cue_value")}, kNeedsQuestion, checkCueValue},
      {"cue_column_order",
       {goldFreeCategory("cue_column_order")},
       kNeedsQuestion,
       [](C c, Out out) { append(out, columnOrderFindings(c.pred, c.question)); }},
      {"cue_column_unnamed",
       {goldFreeCategory("cue_column_unnamed")},
       kNeedsQuestion,
       [](C c, Out out) { append(out, columnUnnamedFindings(c.pred, c.question)); }},
      {"cue_table_unnamed",
       {goldFreeCategory("cue_table_unnamed")},
       kNeedsQuestion,
       [](C c, Out out) { append(out, tableUnnamedFindings(c.pred, c.question)); }},
      {"cue_answer_shape",
       {goldFreeCategory("cue_answer_shape")},
       kNeedsQuestion,
       [](C c, Out out) { append(out, answerShapeFindings(c.pred, c.question)); }},
      {"cue_key_for_name",
       {goldFreeCategory("cue_key_for_name")},
       kNeedsQuestion | kNeedsSchema,
       [](C c, Out out) { append(out, keyForNameFindings(c.pred, c.schema, c.question)); }},
      {"cue_column_missing",
       {goldFreeCategory("cue_column_missing")},
       kNeedsQuestion,
       [](C c, Out out) { append(out, columnMissingFindings(c.pred, c.question)); }},
      {"cue_table_missing",
       {goldFreeCategory("cue_table_missing")},
       kNeedsQuestion | kNeedsSchema,
       [](C c, Out out) { append(out, tableMissingFindings(c.pred, c.schema, c.question)); }},
      {"cue_name_value",
       {goldFreeCategory("cue_name_value")},
       kNeedsQuestion | kNeedsSchema,
       [](C c, Out out) { append(out, nameValueFindings(c.pred, c.schema, c.question)); }},
      {"cue_negation",
       {goldFreeCategory("cue_negation")},
       kNeedsQuestion,
       [](C c, Out out) { append(out, negationFindings(c.pred, c.question)); }},
      {"cue_column_unread",
       {goldFreeCategory("cue_column_unread")},
       kNeedsQuestion | kNeedsSchema,
       [](C c, Out out) { append(out, columnUnreadFindings(c.pred, c.schema, c.question)); }},
      {"limit_tie",
       {goldFreeCategory("limit_tie"), goldFreeCategory("limit_null_key")},
       kNeedsProbes,
       [](C c, Out out) { append(out, limitTieFindings(c.pred, c.probeRows)); }},
      {"group_by_shared_name",
       {goldFreeCategory("group_by_shared_name")},
       kNeedsSchema | kNeedsProbes,
       [](C c, Out out) { append(out, groupNameFindings(c.pred, c.schema, c.probeRows)); }},
  };
  return checks;
}

const std::vector<std::string>& goldFreeCategoryNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (const CategorySpec& c : kGoldFreeCategorySpecs) n.emplace_back(c.name);
    return n;
  }();
  return names;
}

const CategorySpec* findGoldFreeCategory(std::string_view name) {
  for (const CategorySpec& c : kGoldFreeCategorySpecs)
    if (c.name == name) return &c;
  return nullptr;
}

Status validateCheckNames(const CheckNames& names) {
  for (const std::string& name : names) {
    if (findGoldFreeCategory(name)) continue;
    std::string valid;
    for (const CategorySpec& c : kGoldFreeCategorySpecs)
      valid += (valid.empty() ? "" : ", ") + std::string(c.name);
    return makeError(ErrorKind::BadInput, "unknown_check",
                     "unknown check '" + name + "' (valid checks: " + valid + ")");
  }
  return ok();
}

Result<CheckNames> parseCheckNames(std::string_view list) {
  CheckNames names;
  std::size_t pos = 0;
  while (pos <= list.size()) {
    std::size_t comma = std::min(list.find(',', pos), list.size());
    std::string_view item = list.substr(pos, comma - pos);
    while (!item.empty() && (item.front() == ' ' || item.front() == '\t')) item.remove_prefix(1);
    while (!item.empty() && (item.back() == ' ' || item.back() == '\t')) item.remove_suffix(1);
    if (!item.empty()) names.emplace(item);
    pos = comma + 1;
  }
  if (auto st = validateCheckNames(names); !st) return st.error();
  return names;
}

void runGoldFreeChecks(const CheckContext& context, std::vector<Finding>& out, const CheckNames* disabled) {
  if (disabled && disabled->empty()) disabled = nullptr;
  const bool probes =
      context.probeRows && context.result && !context.result->failed && context.result->rows > 0;
  std::optional<bool> english;  // questionReadsLatin, read once and only when a cue asks
  for (const CheckSpec& check : goldFreeChecks()) {
    if ((check.needs & kNeedsProbes) && !probes) continue;
    if (check.needs & kNeedsQuestion) {
      if (!english) english = questionReadsLatin(context.question);
      if (!*english) continue;
    }
    if (!disabled) {
      check.run(context, out);
      continue;
    }
    const bool allOff = std::all_of(check.emits.begin(), check.emits.end(),
                                    [&](std::string_view c) { return disabled->contains(c); });
    if (allOff) continue;
    const std::size_t first = out.size();
    check.run(context, out);
    out.erase(std::remove_if(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
                             [&](const Finding& f) { return disabled->contains(f.category); }),
              out.end());
  }
}

}  // namespace hs::annotate
