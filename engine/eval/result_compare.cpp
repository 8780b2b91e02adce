#include "engine/eval/result_compare.h"

#include <algorithm>
#include <cmath>

#include "engine/sql/lexer.h"

namespace hs::eval {

namespace {

// A REAL holding an integer that fits int64 compares as that integer (Python: 1.0 == 1).
Value canonical(const Value& v) {
  if (v.type == Value::Type::Real && std::isfinite(v.r) && v.r == std::trunc(v.r) &&
      v.r >= -9223372036854775808.0 && v.r < 9223372036854775808.0) {
    return Value::integer(static_cast<std::int64_t>(v.r));
  }
  return v;
}

int rank(Value::Type t) {
  switch (t) {
    case Value::Type::Null:
      return 0;
    case Value::Type::Integer:
    case Value::Type::Real:
      return 1;
    case Value::Type::Text:
      return 2;
    case Value::Type::Blob:
      return 3;
  }
  return 4;
}

int compareCanonical(const Value& a, const Value& b) {
  int ra = rank(a.type), rb = rank(b.type);
  if (ra != rb) return ra < rb ? -1 : 1;
  switch (a.type) {
    case Value::Type::Null:
      return 0;
    case Value::Type::Integer:
    case Value::Type::Real: {
      if (a.type == Value::Type::Integer && b.type == Value::Type::Integer)
        return a.i < b.i ? -1 : (a.i > b.i ? 1 : 0);
      if (a.type == Value::Type::Real && b.type == Value::Type::Real)
        return a.r < b.r ? -1 : (a.r > b.r ? 1 : 0);
      // Integer vs non-integral (or huge) real: never equal; order by value in long double.
      long double x = a.type == Value::Type::Integer ? static_cast<long double>(a.i) : a.r;
      long double y = b.type == Value::Type::Integer ? static_cast<long double>(b.i) : b.r;
      if (x < y) return -1;
      if (x > y) return 1;
      return a.type == Value::Type::Integer ? -1 : 1;
    }
    case Value::Type::Text:
    case Value::Type::Blob: {
      int c = a.bytes.compare(b.bytes);
      return c < 0 ? -1 : (c > 0 ? 1 : 0);
    }
  }
  return 0;
}

using CanonRows = std::vector<Row>;

CanonRows canonicalRows(const std::vector<Row>& rows) {
  CanonRows out;
  out.reserve(rows.size());
  for (const Row& r : rows) {
    Row c;
    c.reserve(r.size());
    for (const Value& v : r) c.push_back(canonical(v));
    out.push_back(std::move(c));
  }
  return out;
}

int compareCanonicalRows(const Row& a, const Row& b) {
  std::size_t n = std::min(a.size(), b.size());
  for (std::size_t i = 0; i < n; ++i) {
    int c = compareCanonical(a[i], b[i]);
    if (c != 0) return c;
  }
  return a.size() < b.size() ? -1 : (a.size() > b.size() ? 1 : 0);
}

bool lessRow(const Row& a, const Row& b) {
  return compareCanonicalRows(a, b) < 0;
}
bool sameRow(const Row& a, const Row& b) {
  return compareCanonicalRows(a, b) == 0;
}

CanonRows sortedBag(const std::vector<Row>& rows) {
  CanonRows c = canonicalRows(rows);
  std::sort(c.begin(), c.end(), lessRow);
  return c;
}

CanonRows sortedSet(const std::vector<Row>& rows) {
  CanonRows c = sortedBag(rows);
  c.erase(std::unique(c.begin(), c.end(), sameRow), c.end());
  return c;
}

bool equalRows(const CanonRows& a, const CanonRows& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!sameRow(a[i], b[i])) return false;
  return true;
}

// Python's `value in row` (a tuple): membership by ==.
bool contains(const Row& row, const Value& v) {
  for (const Value& x : row)
    if (compareCanonical(x, v) == 0) return true;
  return false;
}

// list(dict.fromkeys(rows)): duplicates removed, first occurrences kept in order.
CanonRows dedupKeepOrder(const std::vector<Row>& rows) {
  CanonRows c = canonicalRows(rows);
  std::vector<std::size_t> idx(c.size());
  for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = i;
  std::stable_sort(idx.begin(), idx.end(), [&](std::size_t x, std::size_t y) { return lessRow(c[x], c[y]); });
  std::vector<bool> keep(c.size(), false);
  for (std::size_t k = 0; k < idx.size(); ++k) {
    if (k == 0 || !sameRow(c[idx[k - 1]], c[idx[k]])) keep[idx[k]] = true;
  }
  CanonRows out;
  for (std::size_t i = 0; i < c.size(); ++i)
    if (keep[i]) out.push_back(std::move(c[i]));
  return out;
}

}  // namespace

bool pyEqual(const Value& a, const Value& b) {
  return compareCanonical(canonical(a), canonical(b)) == 0;
}

int compareValues(const Value& a, const Value& b) {
  return compareCanonical(canonical(a), canonical(b));
}

int compareRows(const Row& a, const Row& b) {
  return compareCanonicalRows(canonicalRows({a})[0], canonicalRows({b})[0]);
}

bool setEqual(const std::vector<Row>& gold, const std::vector<Row>& pred) {
  return equalRows(sortedSet(gold), sortedSet(pred));
}

bool bagEqual(const std::vector<Row>& gold, const std::vector<Row>& pred) {
  return gold.size() == pred.size() && equalRows(sortedBag(gold), sortedBag(pred));
}

bool orderedEqual(const std::vector<Row>& gold, const std::vector<Row>& pred) {
  return equalRows(canonicalRows(gold), canonicalRows(pred));
}

double softF1(const std::vector<Row>& goldRows, const std::vector<Row>& predRows) {
  if (goldRows.empty() && predRows.empty()) return 1.0;
  const CanonRows gold = dedupKeepOrder(goldRows);
  const CanonRows pred = dedupKeepOrder(predRows);
  double tp = 0, fp = 0, fn = 0;
  for (std::size_t i = 0; i < gold.size(); ++i) {
    if (i >= pred.size()) {
      fn += 1;
      continue;
    }
    const Row& g = gold[i];
    const Row& p = pred[i];
    const double width = static_cast<double>(g.size());
    if (g.empty()) continue;  // SQLite results always have a column; Python would raise here
    std::size_t matches = 0, predOnly = 0, truthOnly = 0;
    for (const Value& v : p) (contains(g, v) ? matches : predOnly) += 1;
    for (const Value& v : g)
      if (!contains(p, v)) ++truthOnly;
    tp += static_cast<double>(matches) / width;
    fp += static_cast<double>(predOnly) / width;
    fn += static_cast<double>(truthOnly) / width;
  }
  if (pred.size() > gold.size()) fp += static_cast<double>(pred.size() - gold.size());
  double precision = tp + fp > 0 ? tp / (tp + fp) : 0.0;
  double recall = tp + fn > 0 ? tp / (tp + fn) : 0.0;
  return precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0.0;
}

bool hasTopLevelOrderBy(std::string_view sql) {
  // Outside parentheses only: `SELECT * FROM (SELECT a FROM t ORDER BY a)` leaves its rows unordered.
  const sql::LexResult lexed = sql::tokenize(sql);
  int depth = 0;
  for (std::size_t i = 0; i + 1 < lexed.tokens.size(); ++i) {
    const sql::Token& t = lexed.tokens[i];
    if (t.tok == sql::Tok::LParen) ++depth;
    if (t.tok == sql::Tok::RParen && depth > 0) --depth;
    if (depth == 0 && t.kw == sql::Kw::kORDER && lexed.tokens[i + 1].kw == sql::Kw::kBY) return true;
  }
  return false;
}

namespace {

// Counts of each distinct row (sorted).
std::vector<RowCount> countRows(const std::vector<Row>& rows) {
  CanonRows c = sortedBag(rows);
  std::vector<RowCount> out;
  for (Row& r : c) {
    if (!out.empty() && sameRow(out.back().row, r)) {
      ++out.back().count;
    } else {
      out.push_back({std::move(r), 1});
    }
  }
  return out;
}

std::vector<Row> project(const std::vector<Row>& rows, const std::vector<std::size_t>& perm) {
  std::vector<Row> out;
  out.reserve(rows.size());
  for (const Row& r : rows) {
    Row p;
    p.reserve(perm.size());
    for (std::size_t j : perm) p.push_back(j < r.size() ? r[j] : Value::null());
    out.push_back(std::move(p));
  }
  return out;
}

bool searchPermutation(const std::vector<std::vector<std::size_t>>& candidates, std::size_t j,
                       std::vector<std::size_t>& perm, std::vector<bool>& used, const std::vector<Row>& gold,
                       const std::vector<Row>& pred, int& budget) {
  if (j == candidates.size()) return --budget >= 0 && bagEqual(gold, project(pred, perm));
  for (std::size_t i : candidates[j]) {
    if (used[i]) continue;
    used[i] = true;
    perm[j] = i;
    if (searchPermutation(candidates, j + 1, perm, used, gold, pred, budget)) return true;
    used[i] = false;
    if (budget < 0) return false;
  }
  return false;
}

}  // namespace

ResultDiff diffResults(const std::vector<Row>& gold, std::size_t goldColumns, const std::vector<Row>& pred,
                       std::size_t predColumns, std::size_t maxListed) {
  ResultDiff d;
  d.goldColumns = goldColumns;
  d.predColumns = predColumns;
  d.columnCountMismatch = goldColumns != predColumns;
  std::vector<RowCount> g = countRows(gold), p = countRows(pred);
  std::size_t a = 0, b = 0;
  auto addMissing = [&](const RowCount& rc, std::size_t count) {
    d.missingTotal += count;
    if (d.missing.size() < maxListed) d.missing.push_back({rc.row, count});
  };
  auto addExtra = [&](const RowCount& rc, std::size_t count) {
    d.extraTotal += count;
    if (d.extra.size() < maxListed) d.extra.push_back({rc.row, count});
  };
  while (a < g.size() || b < p.size()) {
    int c = a >= g.size() ? 1 : (b >= p.size() ? -1 : compareCanonicalRows(g[a].row, p[b].row));
    if (c < 0) {
      addMissing(g[a], g[a].count);
      ++a;
    } else if (c > 0) {
      addExtra(p[b], p[b].count);
      ++b;
    } else {
      if (g[a].count > p[b].count) addMissing(g[a], g[a].count - p[b].count);
      if (p[b].count > g[a].count) addExtra(p[b], p[b].count - g[a].count);
      ++a;
      ++b;
    }
  }
  // Column order: same width, rows differ, but some reordering of the predicted columns matches.
  if (!d.columnCountMismatch && goldColumns > 1 && (d.missingTotal > 0 || d.extraTotal > 0) &&
      gold.size() == pred.size()) {
    // Candidate predicted columns for each gold column: equal multisets of values.
    auto column = [](const std::vector<Row>& rows, std::size_t j) {
      std::vector<Row> col;
      col.reserve(rows.size());
      for (const Row& r : rows) col.push_back({j < r.size() ? r[j] : Value::null()});
      return sortedBag(col);
    };
    std::vector<CanonRows> gc, pc;
    for (std::size_t j = 0; j < goldColumns; ++j) gc.push_back(column(gold, j));
    for (std::size_t j = 0; j < predColumns; ++j) pc.push_back(column(pred, j));
    std::vector<std::vector<std::size_t>> candidates(goldColumns);
    bool possible = true;
    for (std::size_t j = 0; j < goldColumns && possible; ++j) {
      for (std::size_t i = 0; i < predColumns; ++i)
        if (equalRows(gc[j], pc[i])) candidates[j].push_back(i);
      possible = !candidates[j].empty();
    }
    if (possible) {
      std::vector<std::size_t> perm(goldColumns);
      std::vector<bool> used(predColumns, false);
      int budget = 200;
      if (searchPermutation(candidates, 0, perm, used, gold, pred, budget)) {
        bool identity = true;
        for (std::size_t j = 0; j < perm.size(); ++j) identity = identity && perm[j] == j;
        if (!identity) d.columnPermutation = perm;
      }
    }
  }
  return d;
}

bool setEqualIgnoringColumnOrder(const std::vector<Row>& gold, std::size_t goldColumns,
                                 const std::vector<Row>& pred, std::size_t predColumns) {
  if (goldColumns != predColumns) return false;
  if (setEqual(gold, pred)) return true;
  auto distinct = [](const std::vector<Row>& rows) {
    std::vector<Row> out;
    for (RowCount& rc : countRows(rows)) out.push_back(std::move(rc.row));
    return out;
  };
  return diffResults(distinct(gold), goldColumns, distinct(pred), predColumns, 0)
      .columnPermutation.has_value();
}

}  // namespace hs::eval
