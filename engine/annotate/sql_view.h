#pragma once
// The span-preserving view of one SQL query that the annotators' rules read, built from engine/sql:
// the tokens of hs::sql::tokenize, the tree of hs::sql::parse and the names of hs::sql::resolve.
// SELECT blocks (top level, set operands, subqueries, CTEs) with their clauses, FROM tables with
// their aliases, column references with what they resolve to, predicates, aggregates and literals,
// all as token ranges whose byte offsets are exact in the original text. SQL that hs::sql does not
// parse gets no blocks and the parser's error in `error` / `errorOffset` (never throws).
#include <array>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/db/schema.h"
#include "engine/sql/ast.h"
#include "engine/sql/token.h"

namespace hs::annotate {

enum class TokKind {
  Word,
  QuotedId,
  Backtick,
  Bracket,
  String,
  Number,
  Op,
  LParen,
  RParen,
  Comma,
  Dot,
  Semi,
  Other
};

// What a word names when it is a name the query gives rather than a word of SQL or of the schema's
// columns: `FROM "count" AS max ... CAST(x AS real)` holds no COUNT, no MAX and no column "real".
// Such tokens are Words whose text is the lower-cased name; rules that look for keywords, functions
// or column words ask isWord(), which leaves them out.
enum class TokRole : unsigned char { Plain, Table, Alias, Type };

struct Token {
  TokKind kind = TokKind::Other;
  TokRole role = TokRole::Plain;
  std::size_t begin = 0;
  std::size_t end = 0;
  std::string text;  // Word: lower-cased; quoted forms: unquoted; String: unquoted value; others: as written
  int depth = 0;     // parenthesis depth
  int owner = -1;    // index of the innermost SELECT block holding the token
  sql::Kw kw = sql::Kw::None;  // the keyword a bare word is spelled like (engine/sql's table)
};

enum Clause { kSelect = 0, kFrom, kWhere, kGroupBy, kHaving, kOrderBy, kLimit, kOffset, kClauseCount };
const char* clauseName(int clause);

struct Range {
  std::size_t first = 0;  // token indexes, half-open
  std::size_t last = 0;
  bool empty() const { return first >= last; }
};

struct TableRef {
  std::string name;                     // lower-cased table (or CTE) name; "" for a derived table
  std::string alias;                    // lower-cased; "" when none
  std::size_t begin = 0, end = 0;       // span of the name (or of the subquery)
  const db::TableInfo* info = nullptr;  // the schema table, when it is one
  int derivedSelect = -1;               // the SELECT block of a CTE or derived table
  bool known = true;                    // false: not a schema table, CTE or derived table
};

enum class ColStatus {
  Resolved,
  UnknownColumn,
  UnknownQualifier,
  Ambiguous,
  NotInFrom,
  OutputAlias,
  Derived,
  Star
};

struct ColumnRef {
  std::string qualifier;           // lower-cased, "" when unqualified
  std::string column;              // lower-cased
  std::size_t begin = 0, end = 0;  // span of the whole reference (qualifier included)
  std::size_t tok = 0;             // index of the column token
  int clause = kSelect;
  ColStatus status = ColStatus::Resolved;
  std::string key;  // "table.column" (lower) when resolved
  bool backtick = false;
};

struct Predicate {
  Range lhs, rhs;  // rhs empty for unary forms
  std::string op;  // "=", "<", ">", "<=", ">=", "!=", "like", "not like", "in", "not in", "is", "is not",
                   // "between", "exists", "not exists", "group", "other"
  std::size_t begin = 0, end = 0;
  std::size_t opBegin = 0, opEnd = 0;
  int clause = kWhere;
  bool afterOr = false;             // joined to the previous predicate by OR
  const sql::Expr* node = nullptr;  // the conjunct in SqlView::tree
};

struct Aggregate {
  std::string func;  // count, sum, avg, min, max
  Range arg;
  bool distinct = false;
  std::size_t begin = 0, end = 0;
  int clause = kSelect;
};

struct OrderItem {
  Range expr;
  const sql::Expr* node = nullptr;
  bool desc = false;
  std::size_t begin = 0, end = 0;
};

struct SelectBlock {
  int parent = -1;
  int depth = 0;
  Range tokens;  // from SELECT to the end of the block
  std::array<Range, kClauseCount> clauses{};
  std::array<std::size_t, kClauseCount> keywordBegin{};  // byte offset of the clause keyword
  std::array<std::size_t, kClauseCount> keywordEnd{};
  bool distinct = false;
  std::size_t distinctBegin = 0, distinctEnd = 0;
  std::vector<TableRef> tables;
  std::vector<std::string> joinKinds;  // one per JOIN or comma: "join", "left join", ",", ...
  std::vector<std::pair<std::size_t, std::size_t>> joinSpans;
  int onConditions = 0;
  std::vector<Range> items;
  std::vector<const sql::Expr*> itemNodes;  // the items in SqlView::tree
  std::vector<std::string> itemAliases;
  std::vector<Range> groupBy;
  std::vector<const sql::Expr*> groupByNodes;
  std::vector<OrderItem> orderBy;
  Range limit;
  const sql::Limit* limitNode = nullptr;
  std::vector<Predicate> predicates;  // WHERE, HAVING and ON conjuncts
  std::vector<std::pair<std::string, std::pair<std::size_t, std::size_t>>>
      connectives;           // and/or in WHERE/HAVING
  std::vector<int> columns;  // indexes into SqlView::columns
  std::vector<Aggregate> aggregates;
  bool isCte = false;
  std::string cteName;
};

struct SqlView {
  std::string text;
  std::vector<Token> tokens;
  std::vector<SelectBlock> blocks;  // blocks[0] is the first top-level SELECT
  std::vector<int> topLevel;        // top-level set operands (block indexes)
  std::vector<std::pair<std::string, std::pair<std::size_t, std::size_t>>> setOps;  // union/intersect/except
  // The set operations of subqueries, derived tables and CTEs (operator, keyword span), apart from
  // the top-level ones: `x IN (SELECT ... INTERSECT SELECT ...)`.
  std::vector<std::pair<std::string, std::pair<std::size_t, std::size_t>>> innerSetOps;
  std::vector<ColumnRef> columns;
  std::vector<int> columnAtToken;  // token -> column index or -1
  std::vector<int> clauseAtToken;  // token -> clause of its owning block (-1 outside any)
  std::vector<bool> literalToken;  // token is a literal (string, number, or a "quoted" string)
  std::vector<std::pair<std::string, std::string>> joinEqualities;  // column keys equated by ON/WHERE
  std::vector<std::size_t> backticks;                               // token indexes
  bool hasCte = false;
  std::string error;  // empty when the text was read completely
  std::size_t errorOffset = 0;
  std::size_t errorEnd = 0;  // end of the offending token (syntax errors)
  bool syntaxError = false;  // hs::sql::parse rejected the text (error is its message)
  // The parsed query the view was built from (null when it did not parse); shared, so views copy
  // cheaply. The learned C1..C10 labels count its clauses (engine/sql/clause_counts.h).
  std::shared_ptr<const sql::SelectStmt> tree;

  bool ok() const { return error.empty() && !blocks.empty(); }
  std::string_view slice(std::size_t b, std::size_t e) const {
    return std::string_view(text).substr(b, e - b);
  }
  std::size_t beginOf(const Range& r) const { return r.empty() ? 0 : tokens[r.first].begin; }
  std::size_t endOf(const Range& r) const { return r.empty() ? 0 : tokens[r.last - 1].end; }
};

// Analyses `sql` against `schema` (which may be empty: then no table is known and nothing
// resolves).
SqlView analyse(std::string_view sql, const db::Schema& schema);

// Whether a range holds only literals ('x', 5, -5, (1, 2)).
bool rangeIsLiteral(const SqlView& v, Range r);
// Whether a range holds a SELECT (a subquery).
bool rangeHasSelect(const SqlView& v, Range r);
// The column whose token is at byte `begin`, or -1.
int columnAt(const SqlView& v, std::size_t begin);

// A bare word of SQL or of the schema (keyword, function, column), not a table, alias or type name.
inline bool isWord(const Token& t) {
  return t.kind == TokKind::Word && t.role == TokRole::Plain;
}
inline bool isWord(const Token& t, std::string_view word) {
  return isWord(t) && t.text == word;
}

// Whether a word is one of SQLite's keywords (engine/sql's keyword table).
bool isSqlKeyword(std::string_view word);
// Index of the ')' closing the '(' at token `open` (tokens.size() when unbalanced).
std::size_t matchingParen(const SqlView& v, std::size_t open);

}  // namespace hs::annotate
