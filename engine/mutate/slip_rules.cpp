#include "engine/mutate/slip_rules.h"

#include <algorithm>
#include <cctype>

#include "engine/core/text.h"
#include "engine/sql/plan.h"

namespace hs::mutate {
namespace {

using namespace hs::sql;

bool has(const std::vector<Rule>& rules, Rule r) {
  return std::find(rules.begin(), rules.end(), r) != rules.end();
}

// 'France' -> 'france'; a value without capitals gets a capital at the start of each word.
std::string otherCase(std::string_view value) {
  std::string r(value);
  const bool anyUpper = std::any_of(
      r.begin(), r.end(), [](char ch) { return std::isupper(static_cast<unsigned char>(ch)) != 0; });
  bool wordStart = true;
  for (char& ch : r) {
    const auto u = static_cast<unsigned char>(ch);
    if (anyUpper)
      ch = static_cast<char>(std::tolower(u));
    else if (wordStart)
      ch = static_cast<char>(std::toupper(u));
    wordStart = std::isalnum(u) == 0;
  }
  return r;
}

class SlipFinder {
 public:
  SlipFinder(std::string_view sql, const std::vector<Rule>& rules)
      : sql_(sql),
        joins_(has(rules, Rule::JoinConditionRemoval)),
        wildcards_(has(rules, Rule::WildcardRemoval)),
        cases_(has(rules, Rule::ValueCaseChange)),
        quoting_(has(rules, Rule::IdentifierQuoting)),
        floats_(has(rules, Rule::FloatToInteger)),
        groupKeys_(has(rules, Rule::GroupKeyDrop)) {}

  void visit(const Node& n) {
    if (const auto* j = n.as<JoinClause>()) {
      if (joins_ && j->on && j->right && !j->natural && j->right->span.end <= j->on->span.begin) {
        const Span s{j->right->span.end, j->on->span.end};
        add(Rule::JoinConditionRemoval, s, "", "join", "drops ON " + std::string(j->on->span.in(sql_)));
      }
    } else if (const auto* like = n.as<Like>()) {
      if (wildcards_ && like->op == LikeOp::Like && like->pattern) wildcard(*like->pattern);
    } else if (const auto* core = n.as<SelectCore>()) {
      if (groupKeys_) groupKeyDrop(*core);
      if (quoting_)
        for (const auto& rc : core->columns)
          if (rc && rc->expr) quote(*rc->expr, "select");
    } else if (const auto* cast = n.as<Cast>()) {
      if (floats_ && cast->expr && realType(cast->typeName))
        add(Rule::FloatToInteger, cast->span, std::string(cast->expr->span.in(sql_)), "select",
            "drops CAST AS " + cast->typeName);
    } else if (const auto* lit = n.as<Literal>()) {
      if (floats_ && lit->literalKind == LiteralKind::Float) wholeFloat(*lit);
    } else if (const auto* b = n.as<Binary>()) {
      if (cases_ && (b->op == BinaryOp::Eq || b->op == BinaryOp::Ne) && b->left && b->right) {
        if (b->left->as<ColumnRef>()) letterCase(*b->right);
        if (b->right->as<ColumnRef>()) letterCase(*b->left);
      }
      if (quoting_ && b->op >= BinaryOp::Eq && b->op <= BinaryOp::Ge && b->left && b->right &&
          b->right->as<Literal>())
        quote(*b->left, "where");
    } else if (const auto* in = n.as<InList>()) {
      if (cases_ && in->expr && in->expr->as<ColumnRef>())
        for (const auto& item : in->list)
          if (item) letterCase(*item);
    }
  }

  std::vector<Candidate> take() { return std::move(out_); }

 private:
  static const Literal* stringLiteral(const Expr& e) {
    const auto* lit = e.as<Literal>();
    return lit && lit->literalKind == LiteralKind::String ? lit : nullptr;
  }

  void wildcard(const Expr& pattern) {
    const Literal* lit = stringLiteral(pattern);
    if (!lit) return;
    std::string_view v = lit->value;
    const std::size_t begin = v.find_first_not_of('%');
    const std::size_t end = v.find_last_not_of('%');
    if (begin == std::string_view::npos || (begin == 0 && end + 1 == v.size())) return;
    const std::string bare = sqlString(v.substr(begin, end + 1 - begin));
    add(Rule::WildcardRemoval, lit->span, bare, "where", lit->text + " -> " + bare);
  }

  // Real, float, double and numeric types make SQLite divide in floating point.
  static bool realType(const std::string& type) {
    const std::string t = asciiLower(type);
    for (const char* k : {"real", "floa", "doub", "numeric", "decimal"})
      if (t.find(k) != std::string::npos) return true;
    return false;
  }

  // 100.0 -> 100, 1.0 -> 1 (not 1.5, 1e3).
  void wholeFloat(const Literal& lit) {
    const std::string& t = lit.text;
    const std::size_t dot = t.find('.');
    if (dot == std::string::npos || dot == 0 || t.find_first_not_of("0123456789.") != std::string::npos)
      return;
    if (t.find_first_not_of('0', dot + 1) != std::string::npos) return;
    add(Rule::FloatToInteger, lit.span, t.substr(0, dot), "select", t + " -> " + t.substr(0, dot));
  }

  static bool aggregated(const Node& e) {
    bool found = false;
    walk(e, [&](const Node& n) {
      if (const auto* call = n.as<FunctionCall>(); call && isAggregateCall(*call)) found = true;
      return !found && !n.as<SelectCore>();  // an aggregate of a subquery is not this block's
    });
    return found;
  }

  // SELECT key, COUNT(*) ... GROUP BY key -> SELECT COUNT(*) ... GROUP BY key.
  void groupKeyDrop(const SelectCore& core) {
    if (core.groupBy.empty() || core.columns.size() < 2) return;
    std::string kept;
    std::size_t dropped = 0;
    for (const auto& rc : core.columns) {
      if (!rc || !rc->expr || rc->expr->as<Star>()) return;
      if (aggregated(*rc->expr))
        kept += (kept.empty() ? "" : ", ") + std::string(rc->span.in(sql_));
      else
        ++dropped;
    }
    if (kept.empty() || dropped == 0) return;
    const Span s{core.columns.front()->span.begin, core.columns.back()->span.end};
    add(Rule::GroupKeyDrop, s, kept, "select", "drops the non-aggregate output items");
  }

  // A plain column written as a string of its name.
  void quote(const Expr& e, const char* clause) {
    const auto* c = e.as<ColumnRef>();
    if (!c || c->column.name.empty()) return;
    const std::string text = sqlString(c->column.name);
    add(Rule::IdentifierQuoting, c->span, text, clause, std::string(c->span.in(sql_)) + " -> " + text);
  }

  void letterCase(const Expr& e) {
    const Literal* lit = stringLiteral(e);
    if (!lit) return;
    const std::string changed = otherCase(lit->value);
    if (changed == lit->value) return;  // no letters to change
    const std::string text = sqlString(changed);
    add(Rule::ValueCaseChange, lit->span, text, "where", lit->text + " -> " + text);
  }

  void add(Rule rule, Span span, std::string replacement, const char* clause, std::string detail) {
    out_.push_back(makeCandidate(sql_, rule, span, std::move(replacement), clause, std::move(detail)));
  }

  std::string_view sql_;
  bool joins_;
  bool wildcards_;
  bool cases_;
  bool quoting_;
  bool floats_;
  bool groupKeys_;
  std::vector<Candidate> out_;
};

}  // namespace

std::vector<Candidate> slipCandidates(std::string_view sql, const SelectStmt& query,
                                      const std::vector<Rule>& rules) {
  SlipFinder f(sql, rules);
  walk(query, [&](const Node& n) {
    f.visit(n);
    return true;
  });
  std::vector<Candidate> all = f.take();
  std::stable_sort(all.begin(), all.end(),
                   [](const Candidate& a, const Candidate& b) { return a.span.begin < b.span.begin; });
  // One slip of each kind per query, the first in the text: a slip is one event, and a rule with a
  // candidate per column would otherwise crowd the others out of `mutate`'s uniform pick.
  std::vector<Candidate> out;
  for (Candidate& c : all)
    if (std::none_of(out.begin(), out.end(), [&](const Candidate& o) { return o.rule == c.rule; }))
      out.push_back(std::move(c));
  return out;
}

}  // namespace hs::mutate
