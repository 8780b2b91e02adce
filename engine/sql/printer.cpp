// Canonical SQL printer: parenthesises by SQLite's precedence, quotes names only when needed.
#include "engine/sql/printer.h"

#include "engine/sql/lexer.h"
#include "engine/sql/token.h"

namespace hs::sql {

namespace {

int precOf(const Expr& e) {
  switch (e.kind()) {
    case NodeKind::Binary:
      switch (static_cast<const Binary&>(e).op) {
        case BinaryOp::Or:
          return 1;
        case BinaryOp::And:
          return 2;
        case BinaryOp::Eq:
        case BinaryOp::Ne:
          return 4;
        case BinaryOp::Lt:
        case BinaryOp::Le:
        case BinaryOp::Gt:
        case BinaryOp::Ge:
          return 5;
        case BinaryOp::BitAnd:
        case BinaryOp::BitOr:
        case BinaryOp::ShiftLeft:
        case BinaryOp::ShiftRight:
          return 7;
        case BinaryOp::Add:
        case BinaryOp::Sub:
          return 8;
        case BinaryOp::Mul:
        case BinaryOp::Div:
        case BinaryOp::Mod:
          return 9;
        case BinaryOp::Concat:
        case BinaryOp::JsonGet:
        case BinaryOp::JsonGetText:
          return 10;
      }
      return 0;
    case NodeKind::Unary:
      return static_cast<const Unary&>(e).op == UnaryOp::Not ? 3 : 12;
    case NodeKind::Between:
    case NodeKind::InList:
    case NodeKind::InSubquery:
    case NodeKind::InTable:
    case NodeKind::Like:
    case NodeKind::IsExpr:
    case NodeKind::IsNull:
      return 4;
    case NodeKind::Collate:
      return 11;
    default:
      return 13;
  }
}

class Printer {
 public:
  std::string out;

  // Double-quoted names stay double-quoted: SQLite reads an unresolvable "x" as the string 'x'.
  void name(const Identifier& id) {
    if (id.quote == QuoteStyle::Double) {
      out += '"';
      for (char c : id.name) {
        out += c;
        if (c == '"') out += '"';
      }
      out += '"';
      return;
    }
    out += printName(id.name);
  }
  void kw(const char* k) { out += k; }

  void expr(const Expr* e, int need) {
    if (!e) {
      out += '?';
      return;
    }
    bool paren = precOf(*e) < need;
    if (paren) out += '(';
    exprBody(*e);
    if (paren) out += ')';
  }

  void list(const ExprList& l) {
    for (std::size_t i = 0; i < l.size(); ++i) {
      if (i) out += ", ";
      expr(l[i].get(), 0);
    }
  }

  void subquery(const SelectPtr& q) {
    out += '(';
    if (q) select(*q);
    out += ')';
  }

  void exprBody(const Expr& e) {
    switch (e.kind()) {
      case NodeKind::ColumnRef: {
        const auto& c = static_cast<const ColumnRef&>(e);
        if (c.schema) name(*c.schema), out += '.';
        if (c.table) name(*c.table), out += '.';
        name(c.column);
        return;
      }
      case NodeKind::Literal: {
        const auto& l = static_cast<const Literal&>(e);
        switch (l.literalKind) {
          case LiteralKind::Null:
            out += "NULL";
            return;
          case LiteralKind::True:
            out += "TRUE";
            return;
          case LiteralKind::False:
            out += "FALSE";
            return;
          case LiteralKind::CurrentTime:
            out += "CURRENT_TIME";
            return;
          case LiteralKind::CurrentDate:
            out += "CURRENT_DATE";
            return;
          case LiteralKind::CurrentTimestamp:
            out += "CURRENT_TIMESTAMP";
            return;
          case LiteralKind::Blob:
            out += "X'" + l.value + "'";
            return;
          case LiteralKind::String: {
            out += '\'';
            for (char c : l.value) {
              out += c;
              if (c == '\'') out += '\'';
            }
            out += '\'';
            return;
          }
          default:
            out += l.text;
            return;
        }
      }
      case NodeKind::Parameter:
        out += static_cast<const Parameter&>(e).text;
        return;
      case NodeKind::Unary: {
        const auto& u = static_cast<const Unary&>(e);
        if (u.op == UnaryOp::Not) {
          out += "NOT ";
          expr(u.operand.get(), 3);
        } else {
          out += toString(u.op);
          // "- -x", not "--x" (a comment); no parentheses, so nesting depth does not grow.
          if (u.operand && u.operand->kind() == NodeKind::Unary) out += ' ';
          expr(u.operand.get(), 12);
        }
        return;
      }
      case NodeKind::Binary: {
        const auto& b = static_cast<const Binary&>(e);
        int p = precOf(b);
        // Comparison levels are not associative in the printer's eyes: parenthesise nested ones.
        expr(b.left.get(), p <= 5 && p >= 4 ? p + 1 : p);
        out += ' ';
        out += toString(b.op);
        out += ' ';
        expr(b.right.get(), p + 1);
        return;
      }
      case NodeKind::Between: {
        const auto& b = static_cast<const Between&>(e);
        expr(b.expr.get(), 5);
        out += b.negated ? " NOT BETWEEN " : " BETWEEN ";
        expr(b.low.get(), 5);
        out += " AND ";
        expr(b.high.get(), 5);
        return;
      }
      case NodeKind::InList: {
        const auto& i = static_cast<const InList&>(e);
        expr(i.expr.get(), 5);
        out += i.negated ? " NOT IN (" : " IN (";
        list(i.list);
        out += ')';
        return;
      }
      case NodeKind::InSubquery: {
        const auto& i = static_cast<const InSubquery&>(e);
        expr(i.expr.get(), 5);
        out += i.negated ? " NOT IN " : " IN ";
        subquery(i.query);
        return;
      }
      case NodeKind::InTable: {
        const auto& i = static_cast<const InTable&>(e);
        expr(i.expr.get(), 5);
        out += i.negated ? " NOT IN " : " IN ";
        if (i.schema) name(*i.schema), out += '.';
        name(i.table);
        if (i.hasArgs) {
          out += '(';
          list(i.args);
          out += ')';
        }
        return;
      }
      case NodeKind::Exists:
        out += "EXISTS ";
        subquery(static_cast<const Exists&>(e).query);
        return;
      case NodeKind::SubqueryExpr:
        subquery(static_cast<const SubqueryExpr&>(e).query);
        return;
      case NodeKind::Case: {
        const auto& c = static_cast<const Case&>(e);
        out += "CASE";
        if (c.operand) out += ' ', expr(c.operand.get(), 0);
        for (const auto& w : c.whens) {
          out += " WHEN ";
          expr(w.when.get(), 0);
          out += " THEN ";
          expr(w.then.get(), 0);
        }
        if (c.elseExpr) out += " ELSE ", expr(c.elseExpr.get(), 0);
        out += " END";
        return;
      }
      case NodeKind::Cast: {
        const auto& c = static_cast<const Cast&>(e);
        out += "CAST(";
        expr(c.expr.get(), 0);
        out += " AS";
        if (!c.typeName.empty()) out += ' ', out += c.typeName;
        out += ')';
        return;
      }
      case NodeKind::Collate: {
        const auto& c = static_cast<const Collate&>(e);
        expr(c.expr.get(), 11);
        out += " COLLATE ";
        name(c.collation);
        return;
      }
      case NodeKind::Like: {
        const auto& l = static_cast<const Like&>(e);
        expr(l.expr.get(), 5);
        out += l.negated ? " NOT " : " ";
        out += toString(l.op);
        out += ' ';
        expr(l.pattern.get(), 5);
        if (l.escape) out += " ESCAPE ", expr(l.escape.get(), 7);
        return;
      }
      case NodeKind::IsExpr: {
        const auto& i = static_cast<const IsExpr&>(e);
        expr(i.left.get(), 5);
        out += i.isNot() ? " IS NOT " : " IS ";
        expr(i.right.get(), 5);
        return;
      }
      case NodeKind::IsNull: {
        const auto& i = static_cast<const IsNull&>(e);
        expr(i.expr.get(), 5);
        out += i.negated ? " IS NOT NULL" : " IS NULL";
        return;
      }
      case NodeKind::FunctionCall: {
        const auto& f = static_cast<const FunctionCall&>(e);
        functionName(f.name);
        out += '(';
        if (f.star) out += '*';
        if (f.distinct) out += "DISTINCT ";
        list(f.args);
        if (!f.orderBy.empty()) out += " ORDER BY ", orderBy(f.orderBy);
        out += ')';
        if (f.filter) out += " FILTER (WHERE ", expr(f.filter.get(), 0), out += ')';
        if (f.overName) out += " OVER ", name(*f.overName);
        if (f.over) out += " OVER ", windowSpec(*f.over);
        return;
      }
      case NodeKind::Star:
        out += '*';
        return;
      case NodeKind::TableStar: {
        const auto& t = static_cast<const TableStar&>(e);
        if (t.schema) name(*t.schema), out += '.';
        name(t.table);
        out += ".*";
        return;
      }
      case NodeKind::RowValue: {
        out += '(';
        list(static_cast<const RowValue&>(e).items);
        out += ')';
        return;
      }
      case NodeKind::Raise: {
        const auto& r = static_cast<const Raise&>(e);
        static const char* kinds[] = {"IGNORE", "ROLLBACK", "ABORT", "FAIL"};
        out += "RAISE(";
        out += kinds[static_cast<int>(r.raiseKind)];
        if (r.message) out += ", ", expr(r.message.get(), 0);
        out += ')';
        return;
      }
      default:
        out += '?';
        return;
    }
  }

  void functionName(const Identifier& id) {
    bool word = !id.name.empty() && !(id.name[0] >= '0' && id.name[0] <= '9');
    for (char c : id.name) word = word && isIdChar(static_cast<unsigned char>(c)) && c != '$';
    Kw k = keywordOf(id.name);
    if (word && (k == Kw::None || isFallbackKeyword(k))) {
      out += id.name;
    } else {
      name(id);
    }
  }

  void orderBy(const std::vector<OrderingTermPtr>& terms) {
    for (std::size_t i = 0; i < terms.size(); ++i) {
      if (i) out += ", ";
      if (!terms[i]) {
        out += '?';
        continue;
      }
      const OrderingTerm& t = *terms[i];
      expr(t.expr.get(), 0);
      if (t.order == SortOrder::Asc) out += " ASC";
      if (t.order == SortOrder::Desc) out += " DESC";
      if (t.nulls == NullsOrder::First) out += " NULLS FIRST";
      if (t.nulls == NullsOrder::Last) out += " NULLS LAST";
    }
  }

  void bound(const FrameBound& b) {
    switch (b.kind) {
      case FrameBoundKind::UnboundedPreceding:
        out += "UNBOUNDED PRECEDING";
        return;
      case FrameBoundKind::UnboundedFollowing:
        out += "UNBOUNDED FOLLOWING";
        return;
      case FrameBoundKind::CurrentRow:
        out += "CURRENT ROW";
        return;
      case FrameBoundKind::Preceding:
        expr(b.expr.get(), 0), out += " PRECEDING";
        return;
      case FrameBoundKind::Following:
        expr(b.expr.get(), 0), out += " FOLLOWING";
        return;
    }
  }

  void windowSpec(const WindowSpec& w) {
    out += '(';
    std::size_t mark = out.size();
    auto sep = [&] {
      if (out.size() != mark) out += ' ';
    };
    if (w.baseName) name(*w.baseName);
    if (!w.partitionBy.empty()) sep(), out += "PARTITION BY ", list(w.partitionBy);
    if (!w.orderBy.empty()) sep(), out += "ORDER BY ", orderBy(w.orderBy);
    if (w.frame) {
      sep();
      const FrameSpec& f = *w.frame;
      out += f.unit == FrameUnit::Rows ? "ROWS " : f.unit == FrameUnit::Range ? "RANGE " : "GROUPS ";
      if (f.between) {
        out += "BETWEEN ";
        bound(f.start);
        out += " AND ";
        bound(f.end);
      } else {
        bound(f.start);
      }
      static const char* ex[] = {"", " EXCLUDE NO OTHERS", " EXCLUDE CURRENT ROW", " EXCLUDE GROUP",
                                 " EXCLUDE TIES"};
      out += ex[static_cast<int>(f.exclude)];
    }
    out += ')';
  }

  void alias(const std::optional<Identifier>& a) {
    if (a) out += " AS ", name(*a);
  }

  void tableRef(const TableRef* t) {
    if (!t) {
      out += '?';
      return;
    }
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
          out += j.natural ? " NATURAL " : " ";
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

  void body(const QueryBody* b) {
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
        static const char* ops[] = {" UNION ", " UNION ALL ", " INTERSECT ", " EXCEPT "};
        out += ops[static_cast<int>(c.op)];
        body(c.right.get());
        return;
      }
      default:
        out += '?';
        return;
    }
  }

  void core(const SelectCore& c) {
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
    if (c.from) out += " FROM ", tableRef(c.from.get());
    if (c.where) out += " WHERE ", expr(c.where.get(), 0);
    if (!c.groupBy.empty()) out += " GROUP BY ", list(c.groupBy);
    if (c.having) out += " HAVING ", expr(c.having.get(), 0);
    if (!c.windows.empty()) {
      out += " WINDOW ";
      for (std::size_t i = 0; i < c.windows.size(); ++i) {
        if (i) out += ", ";
        name(c.windows[i]->name);
        out += " AS ";
        if (c.windows[i]->spec) windowSpec(*c.windows[i]->spec);
      }
    }
  }

  void select(const SelectStmt& s) {
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
      out += ' ';
    }
    body(s.body.get());
    if (!s.orderBy.empty()) out += " ORDER BY ", orderBy(s.orderBy);
    if (s.limit) {
      out += " LIMIT ";
      expr(s.limit->count.get(), 0);
      if (s.limit->offset) out += " OFFSET ", expr(s.limit->offset.get(), 0);
    }
  }

  void any(const Node& n) {
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
};

}  // namespace

std::string printName(std::string_view name) {
  bool plain = !name.empty() && !(name[0] >= '0' && name[0] <= '9');
  for (char c : name) {
    unsigned char u = static_cast<unsigned char>(c);
    plain = plain && ((u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || u == '_');
  }
  if (plain && keywordOf(name) == Kw::None && !sameName(name, "true") && !sameName(name, "false")) {
    return std::string(name);
  }
  std::string out = "\"";
  for (char c : name) {
    out += c;
    if (c == '"') out += '"';
  }
  out += '"';
  return out;
}

std::string print(const Node& node) {
  Printer p;
  p.any(node);
  return std::move(p.out);
}

std::string print(const Statement& statement) {
  std::string prefix = statement.explain == ExplainKind::QueryPlan ? "EXPLAIN QUERY PLAN "
                       : statement.explain == ExplainKind::Explain ? "EXPLAIN "
                                                                   : "";
  if (statement.select) return prefix + print(*statement.select);
  return prefix + toString(statement.kind);
}

}  // namespace hs::sql
