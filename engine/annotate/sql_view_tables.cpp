// FROM tables, SELECT items, aggregates and resolved column references of the SQL view, from the
// hs::sql tree and hs::sql::resolve.
#include <algorithm>

#include "engine/annotate/sql_view_build.h"
#include "engine/core/text.h"

namespace hs::annotate::detail {

namespace {

void markName(SqlView& v, const ViewBuilder& b, const sql::Identifier& id, TokRole role) {
  const std::size_t t = b.tokenAt(id.span.begin);
  if (t >= v.tokens.size()) return;
  v.tokens[t].kind = TokKind::Word;
  v.tokens[t].role = role;
  v.tokens[t].text = hs::asciiLower(id.name);
  v.literalToken[t] = false;
}

// "," for a comma join, else "[natural ][left |right |full |cross ]join" (INNER and OUTER dropped).
std::string joinKind(const sql::JoinClause& j) {
  static const char* const kinds[] = {",", "join", "cross join", "left join", "right join", "full join"};
  static_assert(static_cast<int>(sql::JoinType::Full) == 5, "kinds[] follows the order of sql::JoinType");
  const std::string k = kinds[static_cast<std::size_t>(j.type)];
  return j.natural && j.type != sql::JoinType::Comma ? "natural " + k : k;
}

bool isJoinToken(const Token& t) {
  using sql::Kw;
  return t.kind == TokKind::Comma || t.kw == Kw::kJOIN || t.kw == Kw::kLEFT || t.kw == Kw::kRIGHT ||
         t.kw == Kw::kFULL || t.kw == Kw::kINNER || t.kw == Kw::kOUTER || t.kw == Kw::kCROSS ||
         t.kw == Kw::kNATURAL;
}

void addFrom(ViewBuilder& b, int bi, const sql::TableRef& item) {
  SqlView& v = b.v;
  SelectBlock& blk = v.blocks[static_cast<std::size_t>(bi)];
  if (const auto* j = item.as<sql::JoinClause>()) {
    if (j->left) addFrom(b, bi, *j->left);
    std::size_t from = j->left ? b.rangeOf(j->left->span).last : b.tokenAt(j->span.begin);
    std::size_t to = j->right ? b.rangeOf(j->right->span).first : b.tokenAt(j->span.end);
    std::size_t first = v.tokens.size(), last = 0;
    for (std::size_t i = from; i < to && i < v.tokens.size(); ++i)
      if (v.tokens[i].owner == bi && v.tokens[i].depth == blk.depth && isJoinToken(v.tokens[i])) {
        first = std::min(first, i);
        last = i;
      }
    if (first < v.tokens.size()) {
      blk.joinKinds.push_back(joinKind(*j));
      blk.joinSpans.push_back({v.tokens[first].begin, v.tokens[last].end});
    }
    if (j->on || j->hasUsing) ++blk.onConditions;
    if (j->right) addFrom(b, bi, *j->right);
    return;
  }
  TableRef ref;
  const std::optional<sql::Identifier>* alias = nullptr;
  const sql::SourceInfo* src = b.res.sourceOf(item);
  if (const auto* n = item.as<sql::NamedTable>()) {
    ref.name = hs::asciiLower(n->name.name);
    ref.begin = n->name.span.begin;
    ref.end = n->name.span.end;
    if (n->name.quote == sql::QuoteStyle::Backtick) v.backticks.push_back(b.tokenAt(n->name.span.begin));
    markName(v, b, n->name, TokRole::Table);
    alias = &n->alias;
    if (src && src->kind == sql::SourceKind::Cte) {
      auto it = b.cteBlock.find(ref.name);
      ref.derivedSelect = it == b.cteBlock.end() ? -1 : it->second;
    } else if (src && !src->opaque) {
      ref.info = src->table ? src->table : b.schema.findTable(ref.name);
    }
    ref.known = ref.info != nullptr || ref.derivedSelect >= 0;
  } else if (const auto* s = item.as<sql::SubqueryTable>()) {
    Range r = s->query ? b.rangeOf(s->query->span) : b.rangeOf(s->span);
    if (r.first > 0 && v.tokens[r.first - 1].kind == TokKind::LParen) --r.first;
    if (r.last < v.tokens.size() && v.tokens[r.last].kind == TokKind::RParen) ++r.last;
    ref.begin = r.empty() ? s->span.begin : v.tokens[r.first].begin;
    ref.end = r.empty() ? s->span.end : v.tokens[r.last - 1].end;
    if (s->query) {
      auto it = b.firstBlock.find(s->query.get());
      ref.derivedSelect = it == b.firstBlock.end() ? -1 : it->second;
    }
    alias = &s->alias;
  } else if (const auto* f = item.as<sql::TableFunction>()) {
    ref.name = hs::asciiLower(f->name.name);
    ref.begin = f->name.span.begin;
    ref.end = f->name.span.end;
    ref.known = false;
    alias = &f->alias;
  } else {
    return;
  }
  if (alias && *alias) {
    ref.alias = hs::asciiLower((*alias)->name);
    markName(v, b, **alias, TokRole::Alias);
  }
  b.fromItem[&item] = {bi, blk.tables.size()};
  blk.tables.push_back(std::move(ref));
}

}  // namespace

void buildTables(ViewBuilder& b, int bi) {
  const sql::SelectCore& c = *b.cores[static_cast<std::size_t>(bi)];
  if (c.from) addFrom(b, bi, *c.from);
}

void buildItems(ViewBuilder& b, int bi) {
  SqlView& v = b.v;
  SelectBlock& blk = v.blocks[static_cast<std::size_t>(bi)];
  const sql::SelectCore& c = *b.cores[static_cast<std::size_t>(bi)];
  for (const auto& rc : c.columns) {
    if (!rc || !rc->expr) continue;
    std::string alias;
    if (rc->alias) {
      alias = hs::asciiLower(rc->alias->name);
      markName(v, b, *rc->alias, TokRole::Alias);
    }
    blk.items.push_back(b.exprRange(*rc->expr));
    blk.itemNodes.push_back(rc->expr.get());
    blk.itemAliases.push_back(std::move(alias));
  }
  for (const auto& g : c.groupBy)
    if (g) {
      blk.groupBy.push_back(b.exprRange(*g));
      blk.groupByNodes.push_back(g.get());
    }
  if (const sql::SelectStmt* s = b.tail[static_cast<std::size_t>(bi)])
    for (const auto& o : s->orderBy) {
      if (!o || !o->expr) continue;
      OrderItem it;
      it.expr = b.exprRange(*o->expr);
      it.node = o->expr.get();
      it.desc = o->order == sql::SortOrder::Desc;
      it.begin = v.beginOf(it.expr);
      it.end = v.endOf(it.expr);
      blk.orderBy.push_back(it);
    }
  blk.limit = blk.clauses[kLimit];
  if (const sql::SelectStmt* s = b.tail[static_cast<std::size_t>(bi)]) blk.limitNode = s->limit.get();
}

void buildAggregates(ViewBuilder& b, const sql::SelectStmt& root) {
  SqlView& v = b.v;
  sql::walk(root, [&](const sql::Node& x) {
    const auto* f = x.as<sql::FunctionCall>();
    if (!f) return true;
    const std::string name = hs::asciiLower(f->name.name);
    if (name != "count" && name != "sum" && name != "avg" && name != "min" && name != "max") return true;
    const std::size_t i = b.tokenAt(f->span.begin);
    if (i + 1 >= v.tokens.size() || v.tokens[i].owner < 0 || v.tokens[i + 1].kind != TokKind::LParen)
      return true;
    Aggregate a;
    a.func = name;
    const std::size_t close = matchingParen(v, i + 1);
    a.distinct = f->distinct;
    a.arg = {std::min(i + (f->distinct ? 3 : 2), close), close};
    a.begin = v.tokens[i].begin;
    a.end = close < v.tokens.size() ? v.tokens[close].end : v.text.size();
    a.clause = v.clauseAtToken[i];
    v.blocks[static_cast<std::size_t>(v.tokens[i].owner)].aggregates.push_back(a);
    return true;
  });
}

}  // namespace hs::annotate::detail
