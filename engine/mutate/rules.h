#pragma once
// Seed 003 (HeroSQL) Appendix D.2: the four AST-level transformation rules that turn a correct
// query into a plausible wrong one. Candidates are found on the engine's AST (hs::sql) and applied
// as a splice of one byte range, so the rest of the query keeps its spelling and the mutated span
// in the new text is exact.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/rng.h"
#include "engine/db/database.h"
#include "engine/sql/ast.h"

namespace hs::mutate {

enum class Rule : std::uint8_t {
  OperatorInversion,
  IdentifierSubstitution,
  ConstantReplacement,
  AggregationMutation,
  SubSql,  // seed 003's sub-SQL augmentation from the drill-down decomposition (sub_sql.h)
  // Slips the gold-free checks look for, for the risk fit (slip_rules.h).
  JoinConditionRemoval,
  WildcardRemoval,
  ValueCaseChange,
  IdentifierQuoting,
  FloatToInteger,
  GroupKeyDrop
};
constexpr std::size_t kRuleCount = 11;
// "operator_inversion", "identifier_substitution", "constant_replacement", "aggregation_mutation",
// "sub_sql", "join_condition_removal", "wildcard_removal", "value_case_change",
// "identifier_quoting", "float_to_integer", "group_key_drop".
const char* toString(Rule rule);
std::optional<Rule> ruleFromString(std::string_view name);
// The four AST rules of seed 003 D.2: the default of `mutate`.
const std::vector<Rule>& allRules();
// All sources: the four rules, sub_sql and the three slips (asked for by name: --rules ...,sub_sql).
const std::vector<Rule>& knownRules();

using hs::Rng;  // engine/core/rng.h

// One candidate edit of the original text: replace [span.begin, span.end) with `replacement`.
struct Candidate {
  Rule rule = Rule::OperatorInversion;
  sql::Span span;           // in the original SQL
  std::string original;     // the replaced text
  std::string replacement;  // the new text
  std::string clause;       // "select", "where", "having", "group_by", "order_by", "join", "from"
  std::string detail;       // e.g. "> -> <=", "AND -> OR", "avg -> max"
};

// The mutated text and the span of the replacement in it.
struct Applied {
  std::string sql;
  sql::Span span;
};
Applied applyCandidate(std::string_view sql, const Candidate& candidate);
// A candidate replacing `span` of `sql` (its original text taken from there).
Candidate makeCandidate(std::string_view sql, Rule rule, sql::Span span, std::string replacement,
                        const char* clause, std::string detail);
// `value` as an SQL string literal ('it''s').
std::string sqlString(std::string_view value);

// All candidates of `rules` for one parsed query. `database` (read-only, may be null) supplies the
// other values of a column for constant replacement; without it that rule yields nothing. `rng`
// picks among equally valid replacements (a column, a value, an aggregate).
std::vector<Candidate> findCandidates(std::string_view sql, const sql::SelectStmt& query,
                                      const db::Schema& schema, db::Database* database,
                                      const std::vector<Rule>& rules, Rng& rng);

// Expected labels of a mutant: the TA-SQL category (seed 001) and the MRSQLGen C-type (seed 002).
struct ExpectedLabels {
  std::string tasql;
  std::string ctype;
};
ExpectedLabels expectedLabels(const Candidate& candidate);

}  // namespace hs::mutate
