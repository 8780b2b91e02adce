#pragma once
// Comparing two query results the way the benchmarks do. Values compare with Python's semantics
// on sqlite3 results (BIRD's and Spider's evaluators hold rows as Python tuples): an INTEGER equals
// a REAL of the same value (1 == 1.0), NULL equals NULL (None == None), TEXT never equals BLOB or a
// number ('1' != 1).
#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "engine/db/value.h"

namespace hs::eval {

using db::Row;
using db::Value;

// Python equality of two values as sqlite3 returns them.
bool pyEqual(const Value& a, const Value& b);
// Total order consistent with pyEqual (NULL < numbers < text < blob); used for sorting and sets.
int compareValues(const Value& a, const Value& b);
int compareRows(const Row& a, const Row& b);

// EX under three semantics (all false when the column counts differ).
bool setEqual(const std::vector<Row>& gold, const std::vector<Row>& pred);  // BIRD: set(pred) == set(gold)
bool bagEqual(const std::vector<Row>& gold, const std::vector<Row>& pred);  // multisets of rows
bool orderedEqual(const std::vector<Row>& gold, const std::vector<Row>& pred);  // lists of rows

// Soft-F1 exactly as BIRD mini-dev's evaluation/evaluation_f1.py (calculate_f1_score and
// calculate_row_match, bird-bench/mini_dev): duplicate rows dropped keeping the first occurrence,
// rows paired by position, per row matches / pred-only / truth-only counted by value membership
// and divided by the gold row's width; unpaired gold rows count as truth-only (1 each), unpaired
// predicted rows as pred-only (1 each); F1 of the summed precision and recall. Both empty -> 1.0.
double softF1(const std::vector<Row>& gold, const std::vector<Row>& pred);

// Whether the statement orders its final output: a top-level ORDER BY (outside parentheses,
// strings, quoted names and comments), read with the SQL lexer of engine/sql.
bool hasTopLevelOrderBy(std::string_view sql);

struct RowCount {
  Row row;
  std::size_t count = 0;  // how many more times the row is on this side
};

struct ResultDiff {
  std::size_t goldColumns = 0;
  std::size_t predColumns = 0;
  bool columnCountMismatch = false;
  // When the predicted columns are a reordering of the gold columns that makes the row bags equal:
  // permutation[j] = the predicted column holding gold column j.
  std::optional<std::vector<std::size_t>> columnPermutation;
  std::vector<RowCount> missing;  // gold rows absent from (or fewer times in) the prediction
  std::vector<RowCount> extra;    // predicted rows absent from (or more times than in) the gold
  std::size_t missingTotal = 0;   // sum of counts (missing may be capped at maxListed entries)
  std::size_t extraTotal = 0;
};

// EX set ignoring column order: set(pred) == set(gold) after some reordering of the predicted
// columns (the widths must agree). Rows are de-duplicated first, so the search of diffResults for a
// column permutation decides it.
bool setEqualIgnoringColumnOrder(const std::vector<Row>& gold, std::size_t goldColumns,
                                 const std::vector<Row>& pred, std::size_t predColumns);

ResultDiff diffResults(const std::vector<Row>& gold, std::size_t goldColumns, const std::vector<Row>& pred,
                       std::size_t predColumns, std::size_t maxListed = 50);

}  // namespace hs::eval
