// Predicates of the SQL view: the AND / OR conjuncts of ON, WHERE and HAVING from the hs::sql tree,
// and the column keys that join conditions equate.
#include "engine/annotate/sql_view_build.h"

namespace hs::annotate::detail {

namespace {

// The predicate operator of a comparison ("=", "!=", "<", ...), nullptr for other operators.
const char* comparison(sql::BinaryOp op) {
  using B = sql::BinaryOp;
  if (op == B::Ne) return "!=";  // the annotators' spelling of <> and !=
  const bool cmp = op == B::Eq || op == B::Lt || op == B::Le || op == B::Gt || op == B::Ge;
  return cmp ? sql::toString(op) : nullptr;
}

struct Splitter {
  ViewBuilder& b;
  int block;
  int clause;
  bool record;
  bool afterOr = false;

  SelectBlock& blk() { return b.v.blocks[static_cast<std::size_t>(block)]; }

  // Operator tokens [lhsEnd, rhsBegin) between two operands.
  void setOp(Predicate& p, std::string op, Range whole, std::size_t lhsEnd, std::size_t rhsBegin) {
    const auto& tokens = b.v.tokens;
    if (rhsBegin <= lhsEnd || rhsBegin > tokens.size()) return;
    p.op = std::move(op);
    p.lhs = {whole.first, lhsEnd};
    p.rhs = {rhsBegin, whole.last};
    p.opBegin = tokens[lhsEnd].begin;
    p.opEnd = tokens[rhsBegin - 1].end;
  }

  void emit(const sql::Expr& e) {
    const SqlView& v = b.v;
    const Range whole = b.exprRange(e);
    if (whole.empty()) return;
    Predicate p;
    p.clause = clause;
    p.afterOr = afterOr;
    afterOr = false;
    p.begin = v.tokens[whole.first].begin;
    p.end = v.tokens[whole.last - 1].end;
    p.op = "other";
    p.lhs = whole;
    p.node = &e;
    auto lhsEnd = [&](const sql::ExprPtr& x) { return x ? b.exprRange(*x).last : whole.first; };
    if (e.parens > 0) {
      p.op = "group";
    } else if (const auto* bin = e.as<sql::Binary>(); bin && comparison(bin->op) && bin->left && bin->right) {
      setOp(p, comparison(bin->op), whole, lhsEnd(bin->left), b.exprRange(*bin->right).first);
    } else if (const auto* like = e.as<sql::Like>(); like && like->expr && like->pattern) {
      setOp(p, std::string(like->negated ? "not " : "") + (like->op == sql::LikeOp::Glob ? "glob" : "like"),
            whole, lhsEnd(like->expr), b.exprRange(*like->pattern).first);
      if (like->op == sql::LikeOp::Regexp || like->op == sql::LikeOp::Match) p.op = "other";
    } else if (const auto* bt = e.as<sql::Between>(); bt && bt->expr && bt->low) {
      setOp(p, bt->negated ? "not between" : "between", whole, lhsEnd(bt->expr), b.exprRange(*bt->low).first);
    } else if (e.is<sql::InList>() || e.is<sql::InSubquery>() || e.is<sql::InTable>()) {
      const sql::ExprPtr* x = nullptr;
      bool negated = false;
      if (const auto* a = e.as<sql::InList>()) x = &a->expr, negated = a->negated;
      if (const auto* a = e.as<sql::InSubquery>()) x = &a->expr, negated = a->negated;
      if (const auto* a = e.as<sql::InTable>()) x = &a->expr, negated = a->negated;
      const std::size_t l = lhsEnd(*x);
      const std::size_t in = l + (negated ? 2 : 1);  // [NOT] IN
      if (in <= whole.last) setOp(p, negated ? "not in" : "in", whole, l, in);
    } else if (e.is<sql::IsNull>() || e.is<sql::IsExpr>()) {
      const auto* n = e.as<sql::IsNull>();
      const auto* is = e.as<sql::IsExpr>();
      const std::size_t l = lhsEnd(n ? n->expr : is->left);
      if (l < whole.last && v.tokens[l].kw == sql::Kw::kIS) {
        const bool isNot = l + 1 < whole.last && v.tokens[l + 1].kw == sql::Kw::kNOT;
        setOp(p, isNot ? "is not" : "is", whole, l, l + (isNot ? 2 : 1));
      }
    } else if (e.is<sql::Exists>()) {
      setOp(p, "exists", whole, whole.first, whole.first + 1);
    } else if (const auto* u = e.as<sql::Unary>(); u && u->op == sql::UnaryOp::Not && u->operand &&
                                                   u->operand->is<sql::Exists>() && u->operand->parens == 0) {
      setOp(p, "not exists", whole, whole.first, whole.first + 2);
    }
    blk().predicates.push_back(p);
  }

  void split(const sql::Expr& e) {
    const auto* bin = e.as<sql::Binary>();
    if (!bin || e.parens > 0 || (bin->op != sql::BinaryOp::And && bin->op != sql::BinaryOp::Or) ||
        !bin->left || !bin->right) {
      emit(e);
      return;
    }
    split(*bin->left);
    const SqlView& v = b.v;
    const std::size_t from = b.exprRange(*bin->left).last, to = b.exprRange(*bin->right).first;
    for (std::size_t i = from; i < to && i < v.tokens.size(); ++i)
      if (v.tokens[i].kw == sql::Kw::kAND || v.tokens[i].kw == sql::Kw::kOR) {
        if (record) blk().connectives.push_back({v.tokens[i].text, {v.tokens[i].begin, v.tokens[i].end}});
        break;
      }
    afterOr = bin->op == sql::BinaryOp::Or;
    split(*bin->right);
  }
};

void onConditions(ViewBuilder& b, int bi, const sql::TableRef& t) {
  if (const auto* j = t.as<sql::JoinClause>()) {
    if (j->left) onConditions(b, bi, *j->left);
    if (j->on) Splitter{b, bi, kFrom, false}.split(*j->on);
    if (j->right) onConditions(b, bi, *j->right);
  }
}

// The column a range consists of, or -1.
int bareColumn(const SqlView& v, Range r) {
  if (r.empty()) return -1;
  const int c = v.columnAtToken[r.last - 1];
  return c >= 0 && v.columnAtToken[r.first] == c ? c : -1;
}

}  // namespace

void buildPredicates(ViewBuilder& b, int bi) {
  SqlView& v = b.v;
  const sql::SelectCore& c = *b.cores[static_cast<std::size_t>(bi)];
  if (c.from) onConditions(b, bi, *c.from);
  if (c.where) Splitter{b, bi, kWhere, true}.split(*c.where);
  if (c.having) Splitter{b, bi, kHaving, true}.split(*c.having);
  for (const Predicate& p : v.blocks[static_cast<std::size_t>(bi)].predicates) {
    // x IN (SELECT y ...) and x = (SELECT y ...) link x and y like a join; so does the prefix form
    // NOT x IN (SELECT y ...), a predicate of its own kind ("other") whose IN follows x.
    Range lhs = p.lhs, rhs = p.rhs;
    bool linking = p.op == "in" || p.op == "not in" || p.op == "=";
    if (p.op == "other" && v.tokens[lhs.first].kw == sql::Kw::kNOT)
      for (std::size_t in : {lhs.first + 2, lhs.first + 4})  // NOT x IN, NOT q.x IN
        if (in + 3 < lhs.last && v.tokens[in].kw == sql::Kw::kIN &&
            (in == lhs.first + 2 || v.tokens[lhs.first + 2].kind == TokKind::Dot)) {
          linking = true;
          rhs = {in + 1, lhs.last};
          lhs = {lhs.first + 1, in};
          break;
        }
    if (linking && !lhs.empty() && rhs.last - rhs.first > 2 && v.tokens[rhs.first].text == "(" &&
        v.tokens[rhs.first + 1].kw == sql::Kw::kSELECT) {
      const int a = v.columnAtToken[lhs.last - 1];
      const std::size_t first = rhs.first + 2 + (v.tokens[rhs.first + 2].kw == sql::Kw::kDISTINCT ? 1 : 0);
      const int y = first < v.tokens.size() ? v.columnAtToken[first] : -1;
      if (a >= 0 && y >= 0) {
        const std::string& ka = v.columns[static_cast<std::size_t>(a)].key;
        const std::string& ky = v.columns[static_cast<std::size_t>(y)].key;
        if (!ka.empty() && !ky.empty() && ka != ky) v.joinEqualities.push_back({ka, ky});
      }
    }
    if (p.op != "=" || p.clause == kHaving) continue;
    const int x = bareColumn(v, p.lhs), y = bareColumn(v, p.rhs);
    if (x < 0 || y < 0) continue;
    const std::string& kx = v.columns[static_cast<std::size_t>(x)].key;
    const std::string& ky = v.columns[static_cast<std::size_t>(y)].key;
    if (!kx.empty() && !ky.empty()) v.joinEqualities.push_back({kx, ky});
  }
}

}  // namespace hs::annotate::detail
