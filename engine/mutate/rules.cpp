#include "engine/mutate/rules.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <functional>

#include "engine/core/sql_quote.h"
#include "engine/mutate/slip_rules.h"
#include "engine/mutate/sub_sql.h"
#include "engine/sql/lexer.h"
#include "engine/sql/resolver.h"

namespace hs::mutate {
namespace {

using namespace hs::sql;

std::string lower(std::string_view s) {
  std::string r(s);
  for (char& ch : r) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return r;
}

// Operator inversion as seed 003 D.2 Rule 1 describes it: > becomes <=, AND becomes OR, ...
struct Inversion {
  BinaryOp from;
  Tok tok;  // the token that spells `from` (Ident for AND / OR)
  Kw kw;
  const char* to;
};
constexpr std::array<Inversion, 8> kInversions{{
    {BinaryOp::Gt, Tok::Gt, Kw::None, "<="},
    {BinaryOp::Ge, Tok::Ge, Kw::None, "<"},
    {BinaryOp::Lt, Tok::Lt, Kw::None, ">="},
    {BinaryOp::Le, Tok::Le, Kw::None, ">"},
    {BinaryOp::Eq, Tok::Eq, Kw::None, "!="},
    {BinaryOp::Ne, Tok::Ne, Kw::None, "="},
    {BinaryOp::And, Tok::Ident, Kw::kAND, "OR"},
    {BinaryOp::Or, Tok::Ident, Kw::kOR, "AND"},
}};

constexpr std::array<const char*, 5> kAggregates{"avg", "max", "min", "sum", "count"};

// SQLite type affinity class of a declared type, reduced to what keeps a substitution plausible:
// numbers with numbers, text with text.
enum class TypeClass { Number, Text, Other };
TypeClass typeClass(const std::string& declared) {
  std::string t = lower(declared);
  if (t.find("int") != std::string::npos) return TypeClass::Number;
  if (t.find("char") != std::string::npos || t.find("clob") != std::string::npos ||
      t.find("text") != std::string::npos)
    return TypeClass::Text;
  if (t.empty() || t.find("blob") != std::string::npos) return TypeClass::Other;
  return TypeClass::Number;  // REAL, FLOAT, DOUBLE, NUMERIC, DECIMAL, DATE, BOOLEAN ...
}

bool bareIdentifier(std::string_view name) {
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) return false;
  for (char ch : name)
    if (!isIdChar(static_cast<unsigned char>(ch))) return false;
  return keywordOf(name) == Kw::None;
}

std::string identifierText(std::string_view name) {
  return bareIdentifier(name) ? std::string(name) : quoteIdentifier(name);
}

std::optional<std::string> literalText(const db::Value& v) {
  switch (v.type) {
    case db::Value::Type::Integer:
    case db::Value::Type::Real:
      return v.display();
    case db::Value::Type::Text:
      return sqlString(v.bytes);
    default:
      return std::nullopt;
  }
}

// Whether a stored value spells the same constant as the literal.
bool sameConstant(const db::Value& v, const Literal& lit) {
  if (v.type == db::Value::Type::Text) return v.bytes == lit.value;
  return v.display() == lit.value || v.display() == lit.text;
}

class Finder {
 public:
  Finder(std::string_view sql, const Resolution& res, db::Database* database, const std::vector<Rule>& rules,
         Rng& rng)
      : sql_(sql), res_(res), db_(database), rng_(rng) {
    for (Rule r : rules) wants_[static_cast<std::size_t>(r)] = true;
    tokens_ = tokenize(sql).tokens;
  }
  std::vector<Candidate> take() { return std::move(out_); }

  void select(const SelectStmt& s) {
    if (s.with)
      for (const auto& cte : s.with->ctes)
        if (cte && cte->query) select(*cte->query);
    if (s.body) body(*s.body);
    for (const auto& ot : s.orderBy)
      if (ot && ot->expr) expr(*ot->expr, "order_by");
  }

 private:
  bool wants(Rule r) const { return wants_[static_cast<std::size_t>(r)]; }

  void body(const QueryBody& b) {
    if (const auto* core = b.as<SelectCore>()) {
      for (const auto& rc : core->columns)
        if (rc && rc->expr) expr(*rc->expr, "select");
      if (core->from) table(*core->from);
      if (core->where) expr(*core->where, "where");
      for (const auto& g : core->groupBy)
        if (g) expr(*g, "group_by");
      if (core->having) expr(*core->having, "having");
    } else if (const auto* comp = b.as<CompoundSelect>()) {
      if (comp->left) body(*comp->left);
      if (comp->right) body(*comp->right);
    }
  }

  void table(const TableRef& t) {
    if (const auto* j = t.as<JoinClause>()) {
      if (j->left) table(*j->left);
      if (j->right) table(*j->right);
      if (j->on) expr(*j->on, "join");
    } else if (const auto* sub = t.as<SubqueryTable>()) {
      if (sub->query) select(*sub->query);
    }
  }

  void expr(const Expr& e, const char* clause) {
    walk(e, [&](const Node& n) {
      if (const auto* s = n.as<SelectStmt>()) {
        select(*s);
        return false;
      }
      visit(n, clause);
      return true;
    });
  }

  void visit(const Node& n, const char* clause) {
    if (const auto* b = n.as<Binary>()) {
      if (wants(Rule::OperatorInversion)) invert(*b, clause);
      if (wants(Rule::ConstantReplacement) && b->left && b->right && b->op >= BinaryOp::Eq &&
          b->op <= BinaryOp::Ge) {
        constant(*b->left, *b->right, clause);
        constant(*b->right, *b->left, clause);
      }
    } else if (const auto* in = n.as<InList>()) {
      if (wants(Rule::ConstantReplacement) && in->expr && !in->list.empty()) {
        const auto& item = in->list[rng_.below(in->list.size())];
        if (item) constant(*in->expr, *item, clause);
      }
    } else if (const auto* bt = n.as<Between>()) {
      if (wants(Rule::ConstantReplacement) && bt->expr && bt->low && bt->high)
        constant(*bt->expr, rng_.below(2) == 0 ? *bt->low : *bt->high, clause);
    } else if (const auto* c = n.as<ColumnRef>()) {
      if (wants(Rule::IdentifierSubstitution)) substitute(*c, clause);
    } else if (const auto* f = n.as<FunctionCall>()) {
      if (wants(Rule::AggregationMutation)) aggregate(*f, clause);
    }
  }

  void add(Rule rule, Span span, std::string replacement, const char* clause, std::string detail) {
    out_.push_back(makeCandidate(sql_, rule, span, std::move(replacement), clause, std::move(detail)));
  }

  void invert(const Binary& b, const char* clause) {
    if (!b.left || !b.right) return;
    for (const Inversion& inv : kInversions) {
      if (inv.from != b.op) continue;
      for (const Token& t : tokens_) {
        if (t.begin < b.left->span.end || t.end > b.right->span.begin) continue;
        if (t.tok != inv.tok || (inv.kw != Kw::None && t.kw != inv.kw)) continue;
        Span s{t.begin, t.end};
        add(Rule::OperatorInversion, s, inv.to, clause, std::string(s.in(sql_)) + " -> " + inv.to);
        return;
      }
    }
  }

  // The base table column a column reference reads, or null.
  const db::TableInfo* baseTable(const ColumnRef& c, std::string* column) const {
    const ColumnBinding* bind = res_.binding(c);
    if (!bind || bind->rowid || bind->coalesced || bind->sourceId < 0) return nullptr;
    if (bind->kind != SourceKind::Table) return nullptr;
    const SourceInfo& src = res_.sources[static_cast<std::size_t>(bind->sourceId)];
    if (!src.table) return nullptr;
    *column = bind->column;
    return src.table;
  }

  void substitute(const ColumnRef& c, const char* clause) {
    std::string column;
    const db::TableInfo* t = baseTable(c, &column);
    if (!t || c.column.span.empty()) return;
    const db::ColumnInfo* info = t->findColumn(column);
    if (!info) return;
    std::vector<const db::ColumnInfo*> pool;
    for (const auto& other : t->columns)
      if (!sameName(other.name, info->name) && typeClass(other.declaredType) == typeClass(info->declaredType))
        pool.push_back(&other);
    if (pool.empty()) return;
    const db::ColumnInfo* pick = pool[rng_.below(pool.size())];
    add(Rule::IdentifierSubstitution, c.column.span, identifierText(pick->name), clause,
        t->name + "." + info->name + " -> " + t->name + "." + pick->name);
  }

  void constant(const Expr& columnSide, const Expr& literalSide, const char* clause) {
    const auto* c = columnSide.as<ColumnRef>();
    const auto* lit = literalSide.as<Literal>();
    if (!c || !lit || !db_) return;
    if (lit->literalKind != LiteralKind::String && lit->literalKind != LiteralKind::Integer &&
        lit->literalKind != LiteralKind::Float)
      return;
    std::string column;
    const db::TableInfo* t = baseTable(*c, &column);
    if (!t) return;
    db::Limits limits;
    limits.timeoutMs = 60000;  // the work limit stops it first, at the same point on every run
    limits.maxSteps = 20'000'000;
    auto values = db_->sampleValues(t->name, column, 40, limits);
    if (!values) return;
    std::vector<std::string> pool;
    for (const db::Value& v : *values) {
      if (v.isNull() || sameConstant(v, *lit)) continue;
      if (auto text = literalText(v); text && text->size() <= 200) pool.push_back(*text);
    }
    if (pool.empty()) return;
    std::string pick = pool[rng_.below(pool.size())];
    add(Rule::ConstantReplacement, lit->span, pick, clause, lit->text + " -> " + pick);
  }

  void aggregate(const FunctionCall& f, const char* clause) {
    if (f.star || f.args.size() != 1 || f.over || f.overName || f.name.span.empty()) return;
    std::string name = lower(f.name.name);
    if (std::find(kAggregates.begin(), kAggregates.end(), name) == kAggregates.end()) return;
    std::vector<std::string> pool;
    for (const char* a : kAggregates)
      if (name != a) pool.emplace_back(a);
    std::string pick = pool[rng_.below(pool.size())];
    bool upper = std::isupper(static_cast<unsigned char>(f.name.name[0])) != 0;
    if (upper)
      for (char& ch : pick) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    add(Rule::AggregationMutation, f.name.span, pick, clause, name + " -> " + lower(pick));
  }

  std::string_view sql_;
  const Resolution& res_;
  db::Database* db_;
  Rng& rng_;
  std::array<bool, kRuleCount> wants_{};
  std::vector<Token> tokens_;
  std::vector<Candidate> out_;
};

}  // namespace

const char* toString(Rule rule) {
  switch (rule) {
    case Rule::OperatorInversion:
      return "operator_inversion";
    case Rule::IdentifierSubstitution:
      return "identifier_substitution";
    case Rule::ConstantReplacement:
      return "constant_replacement";
    case Rule::AggregationMutation:
      return "aggregation_mutation";
    case Rule::SubSql:
      return "sub_sql";
    case Rule::JoinConditionRemoval:
      return "join_condition_removal";
    case Rule::WildcardRemoval:
      return "wildcard_removal";
    case Rule::ValueCaseChange:
      return "value_case_change";
    case Rule::IdentifierQuoting:
      return "identifier_quoting";
    case Rule::FloatToInteger:
      return "float_to_integer";
    case Rule::GroupKeyDrop:
      return "group_key_drop";
  }
  return "?";
}

std::optional<Rule> ruleFromString(std::string_view name) {
  for (Rule r : knownRules())
    if (name == toString(r)) return r;
  return std::nullopt;
}

const std::vector<Rule>& allRules() {
  static const std::vector<Rule> rules{Rule::OperatorInversion, Rule::IdentifierSubstitution,
                                       Rule::ConstantReplacement, Rule::AggregationMutation};
  return rules;
}

const std::vector<Rule>& knownRules() {
  static const std::vector<Rule> rules{Rule::OperatorInversion,
                                       Rule::IdentifierSubstitution,
                                       Rule::ConstantReplacement,
                                       Rule::AggregationMutation,
                                       Rule::SubSql,
                                       Rule::JoinConditionRemoval,
                                       Rule::WildcardRemoval,
                                       Rule::ValueCaseChange,
                                       Rule::IdentifierQuoting,
                                       Rule::FloatToInteger,
                                       Rule::GroupKeyDrop};
  return rules;
}

Candidate makeCandidate(std::string_view sql, Rule rule, Span span, std::string replacement,
                        const char* clause, std::string detail) {
  Candidate c;
  c.rule = rule;
  c.span = span;
  c.original = std::string(span.in(sql));
  c.replacement = std::move(replacement);
  c.clause = clause;
  c.detail = std::move(detail);
  return c;
}

std::string sqlString(std::string_view value) {
  std::string r = "'";
  for (char ch : value) r += ch == '\'' ? std::string("''") : std::string(1, ch);
  return r + "'";
}

Applied applyCandidate(std::string_view sql, const Candidate& candidate) {
  Applied a;
  a.sql.reserve(sql.size() + candidate.replacement.size());
  a.sql.append(sql.substr(0, candidate.span.begin));
  a.span.begin = a.sql.size();
  a.sql.append(candidate.replacement);
  a.span.end = a.sql.size();
  a.sql.append(sql.substr(candidate.span.end));
  return a;
}

std::vector<Candidate> findCandidates(std::string_view sql, const SelectStmt& query, const db::Schema& schema,
                                      db::Database* database, const std::vector<Rule>& rules, Rng& rng) {
  Resolution res = resolve(query, schema, sql);
  Finder f(sql, res, database, rules, rng);
  f.select(query);
  std::vector<Candidate> out = f.take();
  if (std::find(rules.begin(), rules.end(), Rule::SubSql) != rules.end()) {
    std::vector<Candidate> sub = subSqlCandidates(sql, query);
    out.insert(out.end(), sub.begin(), sub.end());
  }
  std::vector<Candidate> slips = slipCandidates(sql, query, rules);
  out.insert(out.end(), slips.begin(), slips.end());
  return out;
}

ExpectedLabels expectedLabels(const Candidate& c) {
  switch (c.rule) {
    case Rule::OperatorInversion:
      if (c.replacement == "AND" || c.replacement == "OR") return {"Clause Abuse", "C6"};
      return {"Mathematical Delusion", "C1"};
    case Rule::IdentifierSubstitution:
      if (c.clause == "group_by") return {"Attribute Overanalysis", "C10"};
      if (c.clause == "order_by") return {"Attribute Overanalysis", "C9"};
      if (c.clause == "join") return {"Attribute Overanalysis", "C3"};
      return {"Attribute Overanalysis", "C5"};
    case Rule::ConstantReplacement:
      return {"Value Misrepresentation", "C4"};
    case Rule::AggregationMutation:
      return {"Mathematical Delusion", "C7"};
    case Rule::SubSql:  // a clause of the sub-query left out
      if (c.clause == "group_by") return {"Clause Abuse", "C10"};
      if (c.clause == "order_by") return {"Clause Abuse", "C9"};
      if (c.clause == "limit") return {"Clause Abuse", "C2"};
      return {"Clause Abuse", "C6"};
    case Rule::JoinConditionRemoval:
      return {"Join Redundancy", "C3"};
    case Rule::WildcardRemoval:
    case Rule::ValueCaseChange:
      return {"Value Misrepresentation", "C4"};
    case Rule::IdentifierQuoting:  // a string where a column was meant
      return {"Schema Contradiction", c.clause == "select" ? "C5" : "C6"};
    case Rule::FloatToInteger:  // the ratio truncated by integer division
      return {"Mathematical Delusion", "C1"};
    case Rule::GroupKeyDrop:  // the grouped column left out of the answer
      return {"Attribute Overanalysis", "C5"};
  }
  return {};
}

}  // namespace hs::mutate
