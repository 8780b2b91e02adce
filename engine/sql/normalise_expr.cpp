// The normaliser's expression passes (count_rows, drop_aliases, numeric_values) and normaliseExpr(),
// the annotators' canonical form of one part of a query.
#include <cstdio>
#include <cstdlib>

#include "engine/sql/normalise.h"
#include "engine/sql/normalise_rewrite.h"

namespace hs::sql {

namespace detail {

// COUNT(T1.id) -> COUNT(*): a count of a column counts rows but for NULLs.
void countRows(Node& n) {
  auto* f = n.as<FunctionCall>();
  if (f && !f->distinct && !f->star && f->args.size() == 1 && f->args[0] && f->args[0]->is<ColumnRef>() &&
      f->args[0]->parens == 0 && sameName(f->name.name, "count")) {
    f->args.clear();
    f->star = true;
  }
}

// SELECT count(*) AS n FROM singer AS T1 -> SELECT count(*) FROM singer.
void dropAliases(Node& n) {
  if (auto* rc = n.as<ResultColumn>()) {
    rc->alias.reset();
    rc->hasAs = false;
  } else if (auto* nt = n.as<NamedTable>()) {
    nt->alias.reset();
    nt->hasAs = false;
  } else if (auto* sq = n.as<SubqueryTable>()) {
    sq->alias.reset();
    sq->hasAs = false;
  }
}

namespace {

// The number a literal spells, to 12 significant digits ("2014", "2014.0" and "'2014'" -> "2014"),
// or false when it spells none.
bool numericSpelling(const Literal& lit, std::string& out) {
  const std::string& text = lit.literalKind == LiteralKind::String ? lit.value : lit.text;
  if (lit.literalKind != LiteralKind::String && lit.literalKind != LiteralKind::Integer &&
      lit.literalKind != LiteralKind::Float)
    return false;
  char* end = nullptr;
  const double d = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size()) return false;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.12g", d);
  out = buf;
  return true;
}

}  // namespace

void numericValues(Node& n) {
  auto* lit = n.as<Literal>();
  std::string number;
  if (lit && numericSpelling(*lit, number)) {
    const bool integral = number.find_first_of(".eEin") == std::string::npos;
    lit->literalKind = integral ? LiteralKind::Integer : LiteralKind::Float;
    lit->text = lit->value = number;
  }
}

}  // namespace detail

ExprPtr normaliseExpr(const Expr& expr, const ExprNormaliseOptions& options) {
  // A literal is a tree of one node: the node-by-node passes are all that can touch it.
  if (expr.is<Literal>()) {
    ExprPtr lit = clone(expr);
    for (const auto& pass : expressionPasses())
      if (pass.eachNode) pass.eachNode(*lit);
    return lit;
  }
  // The passes rewrite queries: the expression is carried as the one result column of a SELECT.
  auto core = std::make_unique<SelectCore>();
  auto rc = std::make_unique<ResultColumn>();
  rc->expr = clone(expr);
  rc->span = expr.span;
  if (options.column)
    detail::rewriteExprs(*rc, [&](ExprPtr& e) {
      if (const auto* ref = e->as<ColumnRef>())
        if (ExprPtr by = options.column(*ref)) e = std::move(by);
    });
  core->columns.push_back(std::move(rc));
  auto stmt = std::make_unique<SelectStmt>();
  stmt->body = std::move(core);
  stmt = runPasses(expressionPasses(), std::move(stmt), {});
  return std::move(stmt->body->as<SelectCore>()->columns[0]->expr);
}

}  // namespace hs::sql
