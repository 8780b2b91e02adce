// Gold-free checks on names, quoting, values, joins, arithmetic, LIKE and results (registered in
// check_registry.cpp).
#include <algorithm>
#include <cctype>

#include "engine/annotate/check_registry.h"
#include "engine/annotate/checks.h"
#include "engine/core/finding_messages.h"
#include "engine/core/text.h"

namespace hs::annotate {

namespace {

std::string M(FindingMsg id, std::initializer_list<std::string_view> args = {}) {
  return formatMessage(id, args);
}
using enum FindingMsg;

void add(std::vector<Finding>& out, const std::string& cat, const std::string& msg, FindingSpan s,
         double conf = 1.0) {
  Finding f;
  f.taxonomy = "goldfree";
  f.category = cat;
  f.message = msg;
  f.spans.push_back(std::move(s));
  f.confidence = conf;
  out.push_back(std::move(f));
}

bool isRealType(const std::string& declared) {
  std::string t = hs::asciiLower(declared);
  return t.find("real") != std::string::npos || t.find("floa") != std::string::npos ||
         t.find("doub") != std::string::npos || t.find("dec") != std::string::npos ||
         t.find("num") != std::string::npos;
}

// Range of the operand around token i in direction dir (+1 right, -1 left), at the same depth.
bool operandIsReal(const SqlView& v, const db::Schema& schema, std::size_t i, int dir) {
  int depth = v.tokens[i].depth;
  std::size_t k = i;
  while (true) {
    if (dir < 0 && k == 0) break;
    k = dir < 0 ? k - 1 : k + 1;
    if (k >= v.tokens.size()) break;
    const Token& t = v.tokens[k];
    if (t.depth < depth || (t.depth == depth && (t.kind == TokKind::Comma ||
                                                 (t.kind == TokKind::Op && t.text != "*" && t.text != ".") ||
                                                 (isWord(t) && isSqlKeyword(t.text) && t.text != "cast"))))
      break;
    if (t.kind == TokKind::RParen && t.depth < depth) break;
    if (t.kind == TokKind::Number && t.text.find_first_of(".eE") != std::string::npos) return true;
    if (isWord(t) && (t.text == "cast" || t.text == "real" || t.text == "avg" || t.text == "float"))
      return true;
    int c = v.columnAtToken[k];
    if (c >= 0) {
      const db::ColumnInfo* ci = columnInfo(schema, v.columns[static_cast<std::size_t>(c)].key);
      if (ci && isRealType(ci->declaredType)) return true;
    }
  }
  return false;
}

}  // namespace

const db::ColumnInfo* columnInfo(const db::Schema& schema, const std::string& key) {
  auto dot = key.find('.');
  if (dot == std::string::npos) return nullptr;
  const db::TableInfo* t = schema.findTable(key.substr(0, dot));
  return t ? t->findColumn(key.substr(dot + 1)) : nullptr;
}

std::vector<FindingSpan> integerDivisions(const SqlView& v, const db::Schema& schema) {
  std::vector<FindingSpan> out;
  for (std::size_t i = 0; i < v.tokens.size(); ++i) {
    const Token& t = v.tokens[i];
    if (t.kind != TokKind::Op || t.text != "/" || t.owner < 0) continue;
    if (operandIsReal(v, schema, i, -1) || operandIsReal(v, schema, i, +1)) continue;
    out.push_back({"pred", t.begin, t.end});
  }
  return out;
}

// The names of FROM and of the columns: unknown, or ambiguous among the tables of FROM.
void checkNames(const CheckContext& c, std::vector<Finding>& out) {
  const SqlView& v = c.pred;
  for (const SelectBlock& b : v.blocks)
    for (const TableRef& t : b.tables)
      if (!t.known) add(out, "unresolved_name", M(GfNoTable, {t.name}), {"pred", t.begin, t.end});
  for (const ColumnRef& col : v.columns) {
    std::string name = (col.qualifier.empty() ? "" : col.qualifier + ".") + col.column;
    if (col.status == ColStatus::UnknownColumn || col.status == ColStatus::UnknownQualifier)
      add(out, "unresolved_name", M(GfDoesNotResolve, {name}), {"pred", col.begin, col.end});
    else if (col.status == ColStatus::NotInFrom)
      add(out, "unresolved_name", M(GfTableNotInFrom, {name}), {"pred", col.begin, col.end});
    else if (col.status == ColStatus::Ambiguous)
      add(out, "ambiguous_name", M(GfAmbiguous, {name}), {"pred", col.begin, col.end});
  }
}

// MySQL backticks, and 'col' written as a string where a column was meant.
void checkQuotedIdentifiers(const CheckContext& c, std::vector<Finding>& out) {
  const SqlView& v = c.pred;
  for (std::size_t t : v.backticks)
    add(out, "quoted_identifier", M(GfBacktick), {"pred", v.tokens[t].begin, v.tokens[t].end}, 0.5);
  for (std::size_t i = 0; i < v.tokens.size(); ++i) {
    const Token& t = v.tokens[i];
    if (t.kind != TokKind::String || t.owner < 0 || v.tokens[i].text.empty()) continue;
    const SelectBlock& b = v.blocks[static_cast<std::size_t>(t.owner)];
    bool isColumnName = false;
    for (const TableRef& r : b.tables)
      if (r.info && r.info->findColumn(t.text)) isColumnName = true;
    int cl = v.clauseAtToken[i];
    bool nameSlot = cl == kSelect || cl == kGroupBy || cl == kOrderBy;
    for (const Predicate& p : b.predicates)
      if (i >= p.lhs.first && i < p.lhs.last) nameSlot = true;
    if (isColumnName && nameSlot)
      add(out, "quoted_identifier", M(GfStringNotColumn, {t.text}), {"pred", t.begin, t.end});
  }
}

// Per SELECT block: compared values the column does not hold (or holds otherwise spelled), LIKE
// without a wildcard, and tables joined without a condition.
void checkValuesAndJoins(const CheckContext& c, std::vector<Finding>& out) {
  const SqlView& v = c.pred;
  const ValueLookup& lookup = c.lookup;
  constexpr int kMaxLookups = 64;
  int lookups = 0;
  for (const SelectBlock& b : v.blocks) {
    // Values that do not occur in the column they are compared with.
    for (const Predicate& p : b.predicates) {
      bool like = p.op == "like" || p.op == "not like";
      if (p.op != "=" && p.op != "in" && p.op != "!=" && !like) continue;
      if (p.lhs.empty() || p.rhs.empty()) continue;
      int col = v.columnAtToken[p.lhs.first];
      if (col < 0 || v.columnAtToken[p.lhs.last - 1] != col) continue;
      const ColumnRef& cr = v.columns[static_cast<std::size_t>(col)];
      if (cr.status != ColStatus::Resolved) continue;
      for (std::size_t i = p.rhs.first; i < p.rhs.last; ++i) {
        const Token& t = v.tokens[i];
        if (!v.literalToken[i] || t.owner != v.tokens[p.lhs.first].owner) continue;
        if (t.depth > v.tokens[p.lhs.first].depth + 1) continue;
        if (like && t.text.find_first_of("%_") != std::string::npos) continue;
        if (like)
          add(out, "like_without_wildcard", M(GfLikeWithoutWildcard), {"pred", p.opBegin, p.opEnd}, 0.5);
        // Bounded on hostile input (an IN list of 200,000 literals): at most kMaxLookups look-ups.
        if (!lookup || ++lookups > kMaxLookups) continue;
        auto dot = cr.key.find('.');
        ValueCheck vc =
            lookup(cr.key.substr(0, dot), cr.key.substr(dot + 1), t.text, t.kind == TokKind::Number);
        if (vc == ValueCheck::Absent) {
          add(out, "value_absent", M(GfValueAbsent, {cr.key, t.text}), {"pred", t.begin, t.end});
          out.back().explanation = M(ExValueAbsent);
        } else if (vc == ValueCheck::ExistsIgnoringCase && !like) {
          add(out, "value_case", M(GfValueCase, {t.text, cr.key}), {"pred", t.begin, t.end});
          out.back().explanation = M(ExValueCase);
        } else if ((vc == ValueCheck::ExistsIgnoringBlanks ||
                    vc == ValueCheck::ExistsIgnoringCaseAndBlanks) &&
                   !like) {
          // The same category (the risk model's feature), but saying what differs.
          const bool blanksOnly = vc == ValueCheck::ExistsIgnoringBlanks;
          add(out, "value_case", M(blanksOnly ? GfValueBlanks : GfValueCaseBlanks, {t.text, cr.key}),
              {"pred", t.begin, t.end});
          out.back().explanation = M(ExValueBlanks);
        }
      }
    }
    // Joins without a condition.
    if (b.tables.size() >= 2) {
      int links = b.onConditions;
      for (const Predicate& p : b.predicates)
        if (p.op == "=" && p.clause == kWhere && !p.lhs.empty() && !p.rhs.empty() &&
            v.columnAtToken[p.lhs.first] >= 0 && v.columnAtToken[p.rhs.first] >= 0)
          ++links;
      if (links < static_cast<int>(b.tables.size()) - 1 && !b.joinSpans.empty())
        add(out, "cartesian_join", M(GfCartesianJoin),
            {"pred", b.joinSpans.back().first, b.joinSpans.back().second});
    }
  }
}

// '/' of two integers; surer when the question asks for a ratio (the question only weighs it).
void checkIntegerDivision(const CheckContext& c, std::vector<Finding>& out) {
  // The question is read only for SQL that divides integers (few queries divide at all).
  const std::vector<FindingSpan> divisions = integerDivisions(c.pred, c.schema);
  if (divisions.empty()) return;
  const std::vector<std::string>& words = questionWords(c.question);
  bool ratio = false;
  for (const char* w :
       {"percent", "percentage", "ratio", "proportion", "rate", "average", "fraction", "share"})
    ratio = ratio || hasWordForm(words, w);
  for (const FindingSpan& s : divisions)
    add(out, "integer_division", M(GfIntegerDivision), s, ratio ? 1.0 : 0.6);
}

// The executed result: an error, no rows, or nothing but NULLs.
// What the executed prediction returned: an error, no rows, or rows of NULLs only (one at most).
void checkExecutionError(const CheckContext& c, std::vector<Finding>& out) {
  if (c.result && c.result->failed)
    add(out, "execution_error", M(GfExecutionError), {"pred", 0, c.pred.text.size()});
}

void checkEmptyResult(const CheckContext& c, std::vector<Finding>& out) {
  if (c.result && !c.result->failed && c.result->rows == 0)
    add(out, "empty_result", M(GfEmptyResult), {"pred", 0, c.pred.text.size()});
}

void checkAllNullResult(const CheckContext& c, std::vector<Finding>& out) {
  if (c.result && !c.result->failed && c.result->rows != 0 && c.result->allNull)
    add(out, "all_null_result", M(GfAllNullResult), {"pred", 0, c.pred.text.size()});
}

}  // namespace hs::annotate
