#include "engine/mutate/slip_rules.h"

#include <algorithm>
#include <cctype>

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
        cases_(has(rules, Rule::ValueCaseChange)) {}

  void visit(const Node& n) {
    if (const auto* j = n.as<JoinClause>()) {
      if (joins_ && j->on && j->right && !j->natural && j->right->span.end <= j->on->span.begin) {
        const Span s{j->right->span.end, j->on->span.end};
        add(Rule::JoinConditionRemoval, s, "", "join", "drops ON " + std::string(j->on->span.in(sql_)));
      }
    } else if (const auto* like = n.as<Like>()) {
      if (wildcards_ && like->op == LikeOp::Like && like->pattern) wildcard(*like->pattern);
    } else if (const auto* b = n.as<Binary>()) {
      if (cases_ && (b->op == BinaryOp::Eq || b->op == BinaryOp::Ne) && b->left && b->right) {
        if (b->left->as<ColumnRef>()) letterCase(*b->right);
        if (b->right->as<ColumnRef>()) letterCase(*b->left);
      }
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
  std::vector<Candidate> out = f.take();
  std::stable_sort(out.begin(), out.end(),
                   [](const Candidate& a, const Candidate& b) { return a.span.begin < b.span.begin; });
  return out;
}

}  // namespace hs::mutate
