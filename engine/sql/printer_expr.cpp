// Canonical SQL printer, expressions: parenthesises by SQLite's precedence, quotes names only when
// needed; also function calls, ORDER BY terms and window specs.
#include "engine/sql/printer_impl.h"

#include <string>
#include <vector>

#include "engine/core/sql_quote.h"
#include "engine/sql/lexer.h"
#include "engine/sql/token.h"

namespace hs::sql::detail {

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

}  // namespace

void Printer::name(const Identifier& id) {
  const std::size_t begin = out.size();
  if (id.quote == QuoteStyle::Double) {
    out += quoteIdentifier(id.name);
  } else {
    out += printName(id.name);
  }
  mark(id.span, begin);
}

void Printer::expr(const Expr* e, int need) {
  if (!e) {
    out += '?';
    return;
  }
  bool paren = precOf(*e) < need;
  if (paren) out += '(';
  const std::size_t begin = out.size();
  exprBody(*e);
  mark(e->span, begin);
  if (paren) out += ')';
}

void Printer::list(const ExprList& l) {
  for (std::size_t i = 0; i < l.size(); ++i) {
    if (i) out += ", ";
    expr(l[i].get(), 0);
  }
}

void Printer::subquery(const SelectPtr& q) {
  out += '(';
  ++depth;
  const std::size_t begin = out.size();
  if (q) select(*q), mark(q->span, begin);
  --depth;
  out += ')';
}

void Printer::exprBody(const Expr& e) {
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

void Printer::functionName(const Identifier& id) {
  bool word = !id.name.empty() && !(id.name[0] >= '0' && id.name[0] <= '9');
  for (char c : id.name) word = word && isIdChar(static_cast<unsigned char>(c)) && c != '$';
  Kw k = keywordOf(id.name);
  if (word && (k == Kw::None || isFallbackKeyword(k))) {
    out += id.name;
  } else {
    name(id);
  }
}

void Printer::orderBy(const std::vector<OrderingTermPtr>& terms) {
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

void Printer::bound(const FrameBound& b) {
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

void Printer::windowSpec(const WindowSpec& w) {
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

}  // namespace hs::sql::detail
