// The table of finding categories and their styles.
#include "engine/core/finding_categories.h"

// Marks the texts the GUI translates in the context "hs::FindingCategories"; their translations are
// the engine's finding texts (translations/finding_texts_<lang>.json, engine/core/finding_texts.h).
#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(context, text) text
#endif

namespace hs {

namespace {

// Tableau-10-like colours, distinguishable and readable on white.
constexpr std::uint32_t kRed = 0xd62728, kOrange = 0xf28e2b, kBlue = 0x1f77b4, kPurple = 0x9467bd,
                        kGreen = 0x2ca02c, kBrown = 0x8c564b, kTeal = 0x179c9c, kGrey = 0x7f7f7f;

}  // namespace

const std::vector<FindingStyleInfo>& findingStyles() {
  using S = StyleShape;
  static const std::vector<FindingStyleInfo> styles = {
      // TA-SQL (seed 001): filled boxes, one colour per category.
      {"tasql-schema", QT_TRANSLATE_NOOP("hs::FindingCategories", "TA-SQL: Schema Contradiction"), S::Box,
       kRed, 70, 0},
      {"tasql-attribute", QT_TRANSLATE_NOOP("hs::FindingCategories", "TA-SQL: Attribute Overanalysis"),
       S::Box, kOrange, 70, 1},
      {"tasql-value", QT_TRANSLATE_NOOP("hs::FindingCategories", "TA-SQL: Value Misrepresentation"), S::Box,
       kBlue, 70, 2},
      {"tasql-join", QT_TRANSLATE_NOOP("hs::FindingCategories", "TA-SQL: Join Redundancy"), S::Box, kPurple,
       70, 3},
      {"tasql-clause", QT_TRANSLATE_NOOP("hs::FindingCategories", "TA-SQL: Clause Abuse"), S::Box, kGreen, 70,
       4},
      {"tasql-math", QT_TRANSLATE_NOOP("hs::FindingCategories", "TA-SQL: Mathematical Delusion"), S::Box,
       kBrown, 70, 5},
      // MRSQLGen C1..C10 (seed 002): thick underlines by family.
      {"mr-values", QT_TRANSLATE_NOOP("hs::FindingCategories", "MRSQLGen: C1/C4 operators, values"),
       S::Underline, kBlue, 255, 10},
      {"mr-tables", QT_TRANSLATE_NOOP("hs::FindingCategories", "MRSQLGen: C3 tables, joins"), S::Underline,
       kPurple, 255, 11},
      {"mr-columns", QT_TRANSLATE_NOOP("hs::FindingCategories", "MRSQLGen: C5/C7/C8 columns, aggregates"),
       S::Underline, kRed, 255, 12},
      {"mr-conditions", QT_TRANSLATE_NOOP("hs::FindingCategories", "MRSQLGen: C6 conditions"), S::Underline,
       kTeal, 255, 13},
      {"mr-order", QT_TRANSLATE_NOOP("hs::FindingCategories", "MRSQLGen: C2/C9/C10 limit, order, group"),
       S::Underline, kOrange, 255, 14},
      // Gold-free checks: dotted boxes by family.
      {"gf-names", QT_TRANSLATE_NOOP("hs::FindingCategories", "Gold-free: names"), S::DottedBox, kRed, 90,
       20},
      {"gf-values", QT_TRANSLATE_NOOP("hs::FindingCategories", "Gold-free: values"), S::DottedBox, kBlue, 90,
       21},
      {"gf-structure",
       QT_TRANSLATE_NOOP("hs::FindingCategories", "Gold-free: joins, grouping and arithmetic"), S::DottedBox,
       kPurple, 90, 22},
      {"gf-result", QT_TRANSLATE_NOOP("hs::FindingCategories", "Gold-free: result"), S::DottedBox, kGrey, 90,
       23},
      {"gf-cues", QT_TRANSLATE_NOOP("hs::FindingCategories", "Gold-free: question cues"), S::DottedBox,
       kGreen, 90, 24},
      // Metamorphic testing.
      {"mr", QT_TRANSLATE_NOOP("hs::FindingCategories", "Metamorphic relation violated"), S::Squiggle,
       kOrange, 0, 25},
      {"other", QT_TRANSLATE_NOOP("hs::FindingCategories", "Other findings"), S::Box, kGrey, 50, 30},
  };
  return styles;
}

const std::vector<FindingCategoryInfo>& findingCategories() {
#define HS_L(text) QT_TRANSLATE_NOOP("hs::FindingCategories", text)
  static const std::vector<FindingCategoryInfo> table = {
      // TA-SQL, seed 001 Appendix D.
      {"tasql", "Schema Contradiction", "schema", HS_L("Schema Contradiction"),
       HS_L("Unknown tables or columns, alias errors, backticks, a column whose table is not in FROM."),
       "tasql-schema"},
      {"tasql", "Attribute Overanalysis", "schema", HS_L("Attribute Overanalysis"),
       HS_L("Valid but unneeded columns or tables that the ground truth does not use."), "tasql-attribute"},
      {"tasql", "Value Misrepresentation", "values", HS_L("Value Misrepresentation"),
       HS_L("Altered literal values, unneeded or missing casts."), "tasql-value"},
      {"tasql", "Join Redundancy", "joins", HS_L("Join Redundancy"),
       HS_L("More joins than the ground truth."), "tasql-join"},
      {"tasql", "Clause Abuse", "clauses", HS_L("Clause Abuse"),
       HS_L("Clauses or logical operators the ground truth does not have."), "tasql-clause"},
      {"tasql", "Mathematical Delusion", "arithmetic", HS_L("Mathematical Delusion"),
       HS_L("Integer division, % as a percentage, BETWEEN misuse, malformed operators."), "tasql-math"},
      // MRSQLGen C1..C10, seed 002.
      {"mrsqlgen", "C1", "values", HS_L("C1 Operator misuse"),
       HS_L("A comparison, arithmetic, logical or set operator (UNION/INTERSECT/EXCEPT, IN/NOT IN) that "
            "changes the meaning."),
       "mr-values"},
      {"mrsqlgen", "C2", "order", HS_L("C2 Limit error"),
       HS_L("A missing, extra or wrong LIMIT, or LIMIT 1 where ties must be kept."), "mr-order"},
      {"mrsqlgen", "C3", "tables", HS_L("C3 Join logic"),
       HS_L("Wrong tables, join conditions or join types."), "mr-tables"},
      {"mrsqlgen", "C4", "values", HS_L("C4 Value specification"),
       HS_L("A literal value that does not say what the question says."), "mr-values"},
      {"mrsqlgen", "C5", "columns", HS_L("C5 Column selection"),
       HS_L("A wrong or missing output column, or a condition on the wrong column."), "mr-columns"},
      {"mrsqlgen", "C6", "conditions", HS_L("C6 Condition logic"),
       HS_L("A missing or extra condition, a wrong AND/OR structure, or a set operation added or dropped."),
       "mr-conditions"},
      {"mrsqlgen", "C7", "columns", HS_L("C7 Aggregation"),
       HS_L("A wrong, missing or extra aggregate function, or COUNT(DISTINCT x) where COUNT(x) is meant (or "
            "the reverse)."),
       "mr-columns"},
      {"mrsqlgen", "C8", "columns", HS_L("C8 Distinct"),
       HS_L("DISTINCT missing or extra on the output rows: duplicate rows kept or dropped."), "mr-columns"},
      {"mrsqlgen", "C9", "order", HS_L("C9 Order by"),
       HS_L("A wrong ordering key or direction where the order matters."), "mr-order"},
      {"mrsqlgen", "C10", "order", HS_L("C10 Group by"),
       HS_L("Wrong grouping keys, or a missing or extra GROUP BY."), "mr-order"},
      // Gold-free checks: the names and families of engine/annotate/check_registry.h (tst_check_registry
      // asserts these rows are exactly the registry's), with their display texts.
      {"goldfree", "unresolved_name", "names", HS_L("Unresolved name"),
       HS_L("A table or column that does not exist, or whose table is not in FROM."), "gf-names"},
      {"goldfree", "ambiguous_name", "names", HS_L("Ambiguous name"),
       HS_L("A column name that several tables of FROM have."), "gf-names"},
      {"goldfree", "quoted_identifier", "names", HS_L("Quoted identifier"),
       HS_L("A column written as a string literal, or MySQL backticks."), "gf-names"},
      {"goldfree", "syntax_error", "names", HS_L("Syntax error"),
       HS_L("The SQL does not parse; the finding sits where the parser stopped."), "gf-names"},
      {"goldfree", "value_absent", "values", HS_L("Value absent"),
       HS_L("No row has this value in the compared column."), "gf-values"},
      {"goldfree", "value_case", "values", HS_L("Value spelled otherwise"),
       HS_L("The value occurs in the column only with another letter case or other blanks around it."),
       "gf-values"},
      {"goldfree", "like_without_wildcard", "values", HS_L("LIKE without wildcard"),
       HS_L("LIKE without % or _ is an equality test."), "gf-values"},
      {"goldfree", "cartesian_join", "structure", HS_L("Cartesian join"),
       HS_L("A table joined without a join condition."), "gf-structure"},
      {"goldfree", "integer_division", "structure", HS_L("Integer division"),
       HS_L("Both operands of / are integers: the ratio is truncated."), "gf-structure"},
      {"goldfree", "join_off_key", "structure", HS_L("Join off the keys"),
       HS_L("The join equates columns that no foreign key, shared name or key naming links."),
       "gf-structure"},
      {"goldfree", "bare_column", "structure", HS_L("Bare column"),
       HS_L("A selected column is neither grouped nor aggregated: SQLite takes it from an arbitrary row."),
       "gf-structure"},
      {"goldfree", "group_key_unselected", "structure", HS_L("Group key not selected"),
       HS_L("Per-group aggregates are returned without the column that says which group each row is."),
       "gf-structure"},

      {"goldfree", "execution_error", "result", HS_L("Execution error"),
       HS_L("The predicted query fails to execute."), "gf-result"},
      {"goldfree", "empty_result", "result", HS_L("Empty result"),
       HS_L("The predicted query returns no rows."), "gf-result"},
      {"goldfree", "all_null_result", "result", HS_L("All-NULL result"),
       HS_L("Every value of the result is NULL."), "gf-result"},
      {"goldfree", "limit_tie", "result", HS_L("Tie at the LIMIT"),
       HS_L("The row after the LIMIT has the same ORDER BY key as the last row kept."), "gf-result"},
      {"goldfree", "group_by_shared_name", "result", HS_L("Grouped by a shared name"),
       HS_L("The SQL groups an entity table by its name column, and rows of that table share a name: the "
            "groups merge different entities."),
       "gf-result"},
      {"goldfree", "limit_null_key", "result", HS_L("NULL kept by the LIMIT"),
       HS_L("A row the LIMIT keeps has NULL as its ORDER BY key."), "gf-result"},
      {"goldfree", "result_difference", "result", HS_L("Result differs"),
       HS_L("How the predicted result differs from the gold result, when no rule names a cause."),
       "gf-result"},
      {"goldfree", "cue_superlative", "cues", HS_L("Superlative cue"),
       HS_L("The question says most/least/highest but the SQL neither orders nor takes MAX/MIN."), "gf-cues"},
      {"goldfree", "cue_count", "cues", HS_L("Count cue"),
       HS_L("The question asks how many but the SQL does not count."), "gf-cues"},
      {"goldfree", "cue_group", "cues", HS_L("Grouping cue"),
       HS_L("The question aggregates per item but the SQL has no GROUP BY."), "gf-cues"},
      {"goldfree", "cue_distinct", "cues", HS_L("Distinct cue"),
       HS_L("The question asks for different values but the SQL has no DISTINCT."), "gf-cues"},
      {"goldfree", "cue_number", "cues", HS_L("Number cue"),
       HS_L("A number of the question appears nowhere in the SQL."), "gf-cues"},
      {"goldfree", "cue_value", "cues", HS_L("Quoted value cue"),
       HS_L("A value quoted in the question matches no SQL literal."), "gf-cues"},
      {"goldfree", "cue_unasked", "cues", HS_L("Unasked LIMIT or COUNT"),
       HS_L("The SQL keeps only the first rows or counts, but the question asks for no top row or count."),
       "gf-cues"},
      {"goldfree", "cue_column_order", "cues", HS_L("Column order cue"),
       HS_L("The SQL returns its output columns in another order than the question names them."), "gf-cues"},
      {"goldfree", "cue_column_unnamed", "cues", HS_L("Column the question never names"),
       HS_L("The SQL returns, or filters on, a column the question never refers to."), "gf-cues"},
      {"goldfree", "cue_column_missing", "cues", HS_L("Column the question asks for is missing"),
       HS_L("The question asks for more output columns than the SQL returns."), "gf-cues"},
      {"goldfree", "cue_average", "cues", HS_L("Average cue"),
       HS_L("The question asks for an average but the SQL neither takes AVG nor divides."), "gf-cues"},
      {"goldfree", "cue_table_unnamed", "cues", HS_L("Table the question never names"),
       HS_L("The SQL joins a table only through its keys, and the question never refers to it."), "gf-cues"},
      {"goldfree", "cue_table_missing", "cues", HS_L("Table the question names is not read"),
       HS_L("The question names a table of the schema that the SQL never reads."), "gf-cues"},
      {"goldfree", "cue_name_value", "cues", HS_L("Value the question names is missing"),
       HS_L("The question names a value in capitals that no SQL literal or name holds: a filter may be "
            "missing or wrong."),
       "gf-cues"},
      {"goldfree", "cue_column_unread", "cues", HS_L("Column the question names is not used"),
       HS_L("The question names a column of a table the SQL reads, and the SQL never uses it: a condition, "
            "output or sort key may be missing."),
       "gf-cues"},
      {"goldfree", "cue_negation", "cues", HS_L("Negation the SQL ignores"),
       HS_L("The question asks for a negation (not, never, without, except) but the SQL has no NOT, <>, "
            "EXCEPT or IS NULL anywhere."),
       "gf-cues"},
      {"goldfree", "cue_answer_shape", "cues", HS_L("Answer shape cue"),
       HS_L("The SQL returns a list where the question asks for a count or for the top row."), "gf-cues"},
      {"goldfree", "cue_key_for_name", "cues", HS_L("Key for a name"),
       HS_L("The SQL returns a key where the question asks for the name it stands for."), "gf-cues"},
      // Metamorphic testing: one category per MR.
      {"mr", "*", "mr", HS_L("Metamorphic relation"),
       HS_L("A follow-up question whose answer contradicts the original one."), "mr"},
  };
#undef HS_L
  return table;
}

const FindingCategoryInfo* findCategory(std::string_view taxonomy, std::string_view id) {
  const FindingCategoryInfo* any = nullptr;
  for (const FindingCategoryInfo& c : findingCategories()) {
    if (c.taxonomy != taxonomy) continue;
    if (c.id == id) return &c;
    if (c.id == "*") any = &c;
  }
  return any;
}

const FindingStyleInfo* findStyle(std::string_view key) {
  for (const FindingStyleInfo& s : findingStyles())
    if (s.key == key) return &s;
  return nullptr;
}

const FindingStyleInfo& styleOf(std::string_view taxonomy, std::string_view id) {
  static const FindingStyleInfo* other = findStyle("other");
  const FindingCategoryInfo* c = findCategory(taxonomy, id);
  const FindingStyleInfo* s = c ? findStyle(c->style) : nullptr;
  return s ? *s : *other;
}

}  // namespace hs
