// JSON dump of AST nodes: kind, span, the node's own attributes and its children in order.
#include "engine/sql/ast_json.h"

namespace hs::sql {

namespace {

const char* quoteName(QuoteStyle q) {
  switch (q) {
    case QuoteStyle::None:
      return "none";
    case QuoteStyle::Double:
      return "double";
    case QuoteStyle::Backtick:
      return "backtick";
    case QuoteStyle::Bracket:
      return "bracket";
    case QuoteStyle::Single:
      return "single";
  }
  return "none";
}

void opt(nlohmann::json& j, const char* key, const std::optional<Identifier>& id) {
  if (id) j[key] = toJson(*id);
}

void attributes(const Node& n, nlohmann::json& j) {
  switch (n.kind()) {
    case NodeKind::SelectCore: {
      const auto& c = static_cast<const SelectCore&>(n);
      if (c.quantifier != Quantifier::None)
        j["quantifier"] = c.quantifier == Quantifier::Distinct ? "distinct" : "all";
      return;
    }
    case NodeKind::CompoundSelect: {
      static const char* ops[] = {"union", "union_all", "intersect", "except"};
      j["op"] = ops[static_cast<int>(static_cast<const CompoundSelect&>(n).op)];
      return;
    }
    case NodeKind::WithClause:
      j["recursive"] = static_cast<const WithClause&>(n).recursive;
      return;
    case NodeKind::CommonTableExpr: {
      const auto& c = static_cast<const CommonTableExpr&>(n);
      j["name"] = toJson(c.name);
      if (!c.columns.empty()) {
        auto& cols = j["columns"] = nlohmann::json::array();
        for (const auto& col : c.columns) cols.push_back(toJson(col));
      }
      return;
    }
    case NodeKind::ResultColumn:
      opt(j, "alias", static_cast<const ResultColumn&>(n).alias);
      return;
    case NodeKind::OrderingTerm: {
      const auto& t = static_cast<const OrderingTerm&>(n);
      if (t.order != SortOrder::None) j["order"] = t.order == SortOrder::Asc ? "asc" : "desc";
      if (t.nulls != NullsOrder::None) j["nulls"] = t.nulls == NullsOrder::First ? "first" : "last";
      return;
    }
    case NodeKind::Limit: {
      const auto& l = static_cast<const Limit&>(n);
      j["comma_form"] = l.commaForm;
      j["has_offset"] = l.offset != nullptr;
      return;
    }
    case NodeKind::WindowSpec: {
      const auto& w = static_cast<const WindowSpec&>(n);
      opt(j, "base", w.baseName);
      if (w.frame) {
        static const char* units[] = {"rows", "range", "groups"};
        static const char* bounds[] = {"unbounded_preceding", "preceding", "current_row", "following",
                                       "unbounded_following"};
        j["frame"] = {
            {"unit", units[static_cast<int>(w.frame->unit)]},
            {"start", bounds[static_cast<int>(w.frame->start.kind)]},
            {"end", w.frame->between ? bounds[static_cast<int>(w.frame->end.kind)] : "current_row"}};
      }
      return;
    }
    case NodeKind::NamedWindow:
      j["name"] = toJson(static_cast<const NamedWindow&>(n).name);
      return;
    case NodeKind::NamedTable: {
      const auto& t = static_cast<const NamedTable&>(n);
      opt(j, "schema", t.schema);
      j["name"] = toJson(t.name);
      opt(j, "alias", t.alias);
      return;
    }
    case NodeKind::TableFunction: {
      const auto& t = static_cast<const TableFunction&>(n);
      opt(j, "schema", t.schema);
      j["name"] = toJson(t.name);
      opt(j, "alias", t.alias);
      return;
    }
    case NodeKind::SubqueryTable:
      opt(j, "alias", static_cast<const SubqueryTable&>(n).alias);
      return;
    case NodeKind::JoinClause: {
      const auto& c = static_cast<const JoinClause&>(n);
      static const char* types[] = {"comma", "inner", "cross", "left", "right", "full"};
      j["type"] = types[static_cast<int>(c.type)];
      if (c.natural) j["natural"] = true;
      if (c.hasUsing) {
        auto& u = j["using"] = nlohmann::json::array();
        for (const auto& col : c.using_) u.push_back(toJson(col));
      }
      return;
    }
    case NodeKind::ColumnRef: {
      const auto& c = static_cast<const ColumnRef&>(n);
      opt(j, "schema", c.schema);
      opt(j, "table", c.table);
      j["column"] = toJson(c.column);
      return;
    }
    case NodeKind::Literal: {
      const auto& l = static_cast<const Literal&>(n);
      j["type"] = toString(l.literalKind);
      j["text"] = l.text;
      if (l.literalKind == LiteralKind::String) j["value"] = l.value;
      return;
    }
    case NodeKind::Parameter:
      j["text"] = static_cast<const Parameter&>(n).text;
      return;
    case NodeKind::Unary:
      j["op"] = toString(static_cast<const Unary&>(n).op);
      return;
    case NodeKind::Binary:
      j["op"] = toString(static_cast<const Binary&>(n).op);
      return;
    case NodeKind::Between:
      j["negated"] = static_cast<const Between&>(n).negated;
      return;
    case NodeKind::InList:
      j["negated"] = static_cast<const InList&>(n).negated;
      return;
    case NodeKind::InSubquery:
      j["negated"] = static_cast<const InSubquery&>(n).negated;
      return;
    case NodeKind::InTable: {
      const auto& i = static_cast<const InTable&>(n);
      j["negated"] = i.negated;
      opt(j, "schema", i.schema);
      j["table"] = toJson(i.table);
      return;
    }
    case NodeKind::Case:
      j["has_operand"] = static_cast<const Case&>(n).operand != nullptr;
      return;
    case NodeKind::Cast:
      j["type"] = static_cast<const Cast&>(n).typeName;
      return;
    case NodeKind::Collate:
      j["collation"] = toJson(static_cast<const Collate&>(n).collation);
      return;
    case NodeKind::Like: {
      const auto& l = static_cast<const Like&>(n);
      j["op"] = toString(l.op);
      j["negated"] = l.negated;
      return;
    }
    case NodeKind::IsExpr:
      j["negated"] = static_cast<const IsExpr&>(n).isNot();
      return;
    case NodeKind::IsNull:
      j["negated"] = static_cast<const IsNull&>(n).negated;
      return;
    case NodeKind::FunctionCall: {
      const auto& f = static_cast<const FunctionCall&>(n);
      j["name"] = toJson(f.name);
      if (f.distinct) j["distinct"] = true;
      if (f.star) j["star"] = true;
      if (f.filter) j["has_filter"] = true;
      opt(j, "over_name", f.overName);
      return;
    }
    case NodeKind::TableStar: {
      const auto& t = static_cast<const TableStar&>(n);
      opt(j, "schema", t.schema);
      j["table"] = toJson(t.table);
      return;
    }
    default:
      return;
  }
}

}  // namespace

nlohmann::json toJson(const Span& span) {
  return nlohmann::json::array({span.begin, span.end});
}

nlohmann::json toJson(const Identifier& name) {
  return {{"name", name.name}, {"quote", quoteName(name.quote)}, {"span", toJson(name.span)}};
}

nlohmann::json toJson(const Node& node) {
  nlohmann::json j;
  j["kind"] = toString(node.kind());
  j["span"] = toJson(node.span);
  attributes(node, j);
  nlohmann::json children = nlohmann::json::array();
  node.forEachChild([&children](const Node& child) { children.push_back(toJson(child)); });
  if (!children.empty()) j["children"] = std::move(children);
  return j;
}

nlohmann::json toJson(const SyntaxError& error) {
  return {{"message", error.message},
          {"code", error.code},
          {"offset", error.offset},
          {"end", error.end},
          {"expected", error.expected}};
}

}  // namespace hs::sql
