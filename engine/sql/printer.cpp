// Canonical SQL printer: FROM clauses, query bodies, statements and the public entry points.
#include "engine/sql/printer.h"

#include "engine/core/sql_quote.h"
#include "engine/sql/lexer.h"
#include "engine/sql/printer_impl.h"
#include "engine/sql/token.h"

namespace hs::sql {

namespace detail {

void Printer::clause(const char* keyword) {
  if (pretty) {
    out += '\n';
    out.append(static_cast<std::size_t>(2 * depth), ' ');
  } else {
    out += ' ';
  }
  out += keyword;
  out += ' ';
}

void Printer::alias(const std::optional<Identifier>& a) {
  if (a) out += " AS ", name(*a);
}

void Printer::tableRef(const TableRef* t) {
  if (!t) {
    out += '?';
    return;
  }
  const std::size_t begin = out.size();
  tableRefBody(t);
  mark(t->span, begin);
}

void Printer::tableRefBody(const TableRef* t) {
  switch (t->kind()) {
    case NodeKind::NamedTable: {
      const auto& n = static_cast<const NamedTable&>(*t);
      if (n.schema) name(*n.schema), out += '.';
      name(n.name);
      alias(n.alias);
      if (n.indexedBy) out += " INDEXED BY ", name(*n.indexedBy);
      if (n.notIndexed) out += " NOT INDEXED";
      return;
    }
    case NodeKind::TableFunction: {
      const auto& f = static_cast<const TableFunction&>(*t);
      if (f.schema) name(*f.schema), out += '.';
      name(f.name);
      out += '(';
      list(f.args);
      out += ')';
      alias(f.alias);
      return;
    }
    case NodeKind::SubqueryTable: {
      const auto& s = static_cast<const SubqueryTable&>(*t);
      subquery(s.query);
      alias(s.alias);
      return;
    }
    case NodeKind::JoinClause: {
      const auto& j = static_cast<const JoinClause&>(*t);
      tableRef(j.left.get());
      if (j.type == JoinType::Comma) {
        out += ", ";
      } else {
        if (pretty) {
          out += '\n';
          out.append(static_cast<std::size_t>(2 * depth + 2), ' ');
          out += j.natural ? "NATURAL " : "";
        } else {
          out += j.natural ? " NATURAL " : " ";
        }
        static const char* types[] = {"", "", "CROSS ", "LEFT ", "RIGHT ", "FULL "};
        out += types[static_cast<int>(j.type)];
        out += "JOIN ";
      }
      bool nested = j.right && j.right->kind() == NodeKind::JoinClause;
      if (nested) out += '(';
      tableRef(j.right.get());
      if (nested) out += ')';
      if (j.on) out += " ON ", expr(j.on.get(), 0);
      if (j.hasUsing) {
        out += " USING (";
        for (std::size_t i = 0; i < j.using_.size(); ++i) {
          if (i) out += ", ";
          name(j.using_[i]);
        }
        out += ')';
      }
      return;
    }
    default:
      out += '?';
      return;
  }
}

void Printer::body(const QueryBody* b) {
  if (!b) {
    out += '?';
    return;
  }
  switch (b->kind()) {
    case NodeKind::SelectCore:
      core(static_cast<const SelectCore&>(*b));
      return;
    case NodeKind::ValuesClause: {
      const auto& v = static_cast<const ValuesClause&>(*b);
      out += "VALUES ";
      for (std::size_t i = 0; i < v.rows.size(); ++i) {
        if (i) out += ", ";
        out += '(';
        list(v.rows[i]);
        out += ')';
      }
      return;
    }
    case NodeKind::CompoundSelect: {
      const auto& c = static_cast<const CompoundSelect&>(*b);
      body(c.left.get());
      static const char* ops[] = {"UNION", "UNION ALL", "INTERSECT", "EXCEPT"};
      if (pretty) {
        clause(ops[static_cast<int>(c.op)]);
        out.back() = '\n';
        out.append(static_cast<std::size_t>(2 * depth), ' ');
      } else {
        out += ' ';
        out += ops[static_cast<int>(c.op)];
        out += ' ';
      }
      body(c.right.get());
      return;
    }
    default:
      out += '?';
      return;
  }
}

void Printer::core(const SelectCore& c) {
  out += "SELECT ";
  if (c.quantifier == Quantifier::Distinct) out += "DISTINCT ";
  if (c.quantifier == Quantifier::All) out += "ALL ";
  for (std::size_t i = 0; i < c.columns.size(); ++i) {
    if (i) out += ", ";
    if (!c.columns[i]) {
      out += '?';
      continue;
    }
    expr(c.columns[i]->expr.get(), 0);
    alias(c.columns[i]->alias);
  }
  if (c.from) clause("FROM"), tableRef(c.from.get());
  if (c.where) clause("WHERE"), expr(c.where.get(), 0);
  if (!c.groupBy.empty()) clause("GROUP BY"), list(c.groupBy);
  if (c.having) clause("HAVING"), expr(c.having.get(), 0);
  if (!c.windows.empty()) {
    clause("WINDOW");
    for (std::size_t i = 0; i < c.windows.size(); ++i) {
      if (i) out += ", ";
      name(c.windows[i]->name);
      out += " AS ";
      if (c.windows[i]->spec) windowSpec(*c.windows[i]->spec);
    }
  }
}

void Printer::select(const SelectStmt& s) {
  if (s.with) {
    out += s.with->recursive ? "WITH RECURSIVE " : "WITH ";
    for (std::size_t i = 0; i < s.with->ctes.size(); ++i) {
      if (i) out += ", ";
      const CommonTableExpr& c = *s.with->ctes[i];
      name(c.name);
      if (!c.columns.empty()) {
        out += '(';
        for (std::size_t k = 0; k < c.columns.size(); ++k) {
          if (k) out += ", ";
          name(c.columns[k]);
        }
        out += ')';
      }
      out += " AS ";
      if (c.materialization == Materialization::Materialized) out += "MATERIALIZED ";
      if (c.materialization == Materialization::NotMaterialized) out += "NOT MATERIALIZED ";
      subquery(c.query);
    }
    if (pretty) {
      out += '\n';
      out.append(static_cast<std::size_t>(2 * depth), ' ');
    } else {
      out += ' ';
    }
  }
  body(s.body.get());
  if (!s.orderBy.empty()) clause("ORDER BY"), orderBy(s.orderBy);
  if (s.limit) {
    clause("LIMIT");
    expr(s.limit->count.get(), 0);
    if (s.limit->offset) out += " OFFSET ", expr(s.limit->offset.get(), 0);
  }
}

void Printer::any(const Node& n) {
  if (isExprKind(n.kind())) return expr(static_cast<const Expr*>(&n), 0);
  if (isTableRefKind(n.kind())) return tableRef(static_cast<const TableRef*>(&n));
  if (isQueryBodyKind(n.kind())) return body(static_cast<const QueryBody*>(&n));
  switch (n.kind()) {
    case NodeKind::SelectStmt:
      select(static_cast<const SelectStmt&>(n));
      return;
    case NodeKind::OrderingTerm: {
      std::vector<OrderingTermPtr> one;
      one.push_back(clone(static_cast<const OrderingTerm&>(n)));
      orderBy(one);
      return;
    }
    case NodeKind::WindowSpec:
      windowSpec(static_cast<const WindowSpec&>(n));
      return;
    case NodeKind::ResultColumn: {
      const auto& r = static_cast<const ResultColumn&>(n);
      expr(r.expr.get(), 0);
      alias(r.alias);
      return;
    }
    case NodeKind::Limit: {
      const auto& l = static_cast<const Limit&>(n);
      out += "LIMIT ";
      expr(l.count.get(), 0);
      if (l.offset) out += " OFFSET ", expr(l.offset.get(), 0);
      return;
    }
    case NodeKind::NamedWindow: {
      const auto& w = static_cast<const NamedWindow&>(n);
      name(w.name);
      out += " AS ";
      if (w.spec) windowSpec(*w.spec);
      return;
    }
    case NodeKind::CommonTableExpr: {
      const auto& c = static_cast<const CommonTableExpr&>(n);
      name(c.name);
      out += " AS ";
      subquery(c.query);
      return;
    }
    case NodeKind::WithClause: {
      const auto& w = static_cast<const WithClause&>(n);
      out += w.recursive ? "WITH RECURSIVE " : "WITH ";
      for (std::size_t i = 0; i < w.ctes.size(); ++i) {
        if (i) out += ", ";
        if (w.ctes[i]) any(*w.ctes[i]);
      }
      return;
    }
    default:
      out += '?';
      return;
  }
}

}  // namespace detail

std::string printName(std::string_view name) {
  bool plain = !name.empty() && !(name[0] >= '0' && name[0] <= '9');
  for (char c : name) {
    unsigned char u = static_cast<unsigned char>(c);
    plain = plain && ((u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || u == '_');
  }
  if (plain && keywordOf(name) == Kw::None && !sameName(name, "true") && !sameName(name, "false")) {
    return std::string(name);
  }
  return quoteIdentifier(name);
}

std::string print(const Node& node) {
  detail::Printer p;
  p.any(node);
  return std::move(p.out);
}

std::optional<Span> PrettySql::map(const Span& source) const {
  const PrintedSpan* best = nullptr;
  for (const PrintedSpan& s : spans) {
    if (s.source == source) return s.printed;
    if (s.source.begin <= source.begin && source.end <= s.source.end &&
        (!best || s.source.size() < best->source.size()))
      best = &s;
  }
  if (!best) return std::nullopt;
  return best->printed;
}

PrettySql printPretty(const SelectStmt& select) {
  PrettySql result;
  detail::Printer p;
  p.pretty = true;
  p.spans = &result.spans;
  p.select(select);
  result.text = std::move(p.out);
  return result;
}

std::string print(const Statement& statement) {
  std::string prefix = statement.explain == ExplainKind::QueryPlan ? "EXPLAIN QUERY PLAN "
                       : statement.explain == ExplainKind::Explain ? "EXPLAIN "
                                                                   : "";
  if (statement.select) return prefix + print(*statement.select);
  return prefix + toString(statement.kind);
}

}  // namespace hs::sql
