// Column references of the SQL view with what hs::sql::resolve says they stand for.
#include <algorithm>
#include <map>

#include "engine/annotate/sql_view_build.h"
#include "engine/core/text.h"

namespace hs::annotate::detail {

namespace {

bool anySchemaTableHas(const db::Schema& schema, const std::string& column, std::string* key) {
  for (const db::TableInfo& t : schema.tables)
    if (t.findColumn(column)) {
      if (key) *key = hs::asciiLower(t.name) + "." + column;
      return true;
    }
  return false;
}

struct Found {
  ColumnRef ref;
  std::size_t qualTok = 0;
  int sourceId = -1;  // the derived table / CTE it names
  std::string sourceColumn;
};

// Status and key of an unresolved reference from the resolver's diagnostic (code "" when none).
void unresolved(const ViewBuilder& b, const std::string& code, int owner, ColumnRef& c) {
  if (code == "ambiguous_column") {
    c.status = ColStatus::Ambiguous;
    for (const TableRef& t : b.v.blocks[static_cast<std::size_t>(owner)].tables)
      if (t.info && t.info->findColumn(c.column) && c.key.empty()) c.key = t.name + "." + c.column;
  } else if (code == "unknown_qualifier") {
    c.status = ColStatus::UnknownQualifier;
  } else if (code == "no_such_column" && c.qualifier.empty() &&
             anySchemaTableHas(b.schema, c.column, &c.key)) {
    c.status = ColStatus::NotInFrom;
  } else if (code.empty() && (!c.qualifier.empty() || anySchemaTableHas(b.schema, c.column, nullptr))) {
    c.status = ColStatus::Derived;  // a column of a table the schema does not know
  } else {
    c.status = ColStatus::UnknownColumn;
  }
}

bool readFrom(const ViewBuilder& b, const sql::Node& x, Found& f) {
  const SqlView& v = b.v;
  if (const auto* ts = x.as<sql::TableStar>()) {
    f.ref.qualifier = hs::asciiLower(ts->table.name);
    f.ref.column = "*";
    f.ref.begin = ts->schema ? ts->schema->span.begin : ts->table.span.begin;
    f.ref.end = ts->span.end;
    f.ref.tok = b.tokenAt(ts->span.end) - 1;
    f.qualTok = b.tokenAt(ts->table.span.begin);
    f.ref.status = ColStatus::Star;
    return f.ref.tok < v.tokens.size();
  }
  const auto* r = x.as<sql::ColumnRef>();
  if (!r) return false;
  f.ref.qualifier = r->table ? hs::asciiLower(r->table->name) : "";
  f.ref.column = hs::asciiLower(r->column.name);
  f.ref.begin = r->span.begin;
  f.ref.end = r->column.span.end;
  f.ref.tok = b.tokenAt(r->column.span.begin);
  f.qualTok = r->table ? b.tokenAt(r->table->span.begin) : f.ref.tok;
  f.ref.backtick = r->column.quote == sql::QuoteStyle::Backtick ||
                   (r->table && r->table->quote == sql::QuoteStyle::Backtick);
  return f.ref.tok < v.tokens.size();
}

}  // namespace

void buildColumns(ViewBuilder& b, const sql::SelectStmt& root) {
  SqlView& v = b.v;
  std::map<std::pair<std::size_t, std::size_t>, std::string> diag;
  for (const sql::Diagnostic& d : b.res.diagnostics)
    diag.emplace(std::pair{d.span.begin, d.span.end}, d.code);
  std::vector<const sql::Node*> nodes;
  sql::walk(root, [&](const sql::Node& x) {
    if (x.is<sql::ColumnRef>() || x.is<sql::TableStar>()) nodes.push_back(&x);
    return true;
  });
  std::stable_sort(nodes.begin(), nodes.end(),
                   [](const sql::Node* a, const sql::Node* c) { return a->span.begin < c->span.begin; });
  std::vector<Found> found;
  found.reserve(nodes.size());
  v.columns.reserve(v.columns.size() + nodes.size());
  for (const sql::Node* x : nodes) {
    Found f;
    if (!readFrom(b, *x, f)) continue;
    const int owner = v.tokens[f.ref.tok].owner;
    if (owner < 0) continue;
    f.ref.clause = v.clauseAtToken[f.ref.tok];
    if (const auto* r = x->as<sql::ColumnRef>()) {
      ColumnRef& c = f.ref;
      if (const sql::ColumnBinding* bd = b.res.binding(*r)) {
        const sql::SourceInfo* src =
            bd->sourceId >= 0 ? &b.res.sources[static_cast<std::size_t>(bd->sourceId)] : nullptr;
        if (bd->kind == sql::SourceKind::ResultAlias) {
          c.status = ColStatus::OutputAlias;
          c.key = "@" + hs::asciiLower(bd->column);
        } else if ((bd->kind == sql::SourceKind::Table || bd->kind == sql::SourceKind::View) && src &&
                   !src->opaque) {
          c.status = ColStatus::Resolved;
          c.key = hs::asciiLower(bd->source) + "." + hs::asciiLower(bd->column);
        } else {
          c.status = ColStatus::Derived;
          c.key = (src ? hs::asciiLower(src->qualifier) : std::string()) + "." + c.column;
          f.sourceId = bd->sourceId;
          f.sourceColumn = bd->column;
        }
      } else {
        auto it = diag.find({r->span.begin, r->span.end});
        unresolved(b, it == diag.end() ? std::string() : it->second, owner, c);
      }
      const bool bindsSomething = c.status == ColStatus::Resolved || c.status == ColStatus::Ambiguous ||
                                  c.status == ColStatus::Derived || c.status == ColStatus::OutputAlias;
      if (r->column.quote == sql::QuoteStyle::Double && c.qualifier.empty() && !bindsSomething) {
        v.tokens[c.tok].kind = TokKind::String;  // SQLite reads an unresolvable "x" as a string literal
        v.literalToken[c.tok] = true;
        continue;
      }
    }
    if (f.ref.backtick) v.backticks.push_back(f.ref.tok);
    const int idx = static_cast<int>(v.columns.size());
    v.columnAtToken[f.ref.tok] = idx;
    v.columnAtToken[f.qualTok] = idx;
    v.blocks[static_cast<std::size_t>(owner)].columns.push_back(idx);
    v.columns.push_back(std::move(f.ref));  // found[k] keeps what the passes below read, not ref
    found.push_back(std::move(f));
  }
  // A column of a derived table or CTE that is a bare column of its block stands for that column
  // (repeated: derived tables nest).
  for (int pass = 0; pass < 3; ++pass)
    for (std::size_t k = 0; k < found.size(); ++k) {
      const Found& f = found[k];
      if (f.sourceId < 0) continue;
      const sql::SourceInfo& src = b.res.sources[static_cast<std::size_t>(f.sourceId)];
      auto fi = src.node ? b.fromItem.find(src.node) : b.fromItem.end();
      if (fi == b.fromItem.end()) continue;
      const TableRef& t = v.blocks[static_cast<std::size_t>(fi->second.first)].tables[fi->second.second];
      if (t.derivedSelect < 0) continue;
      auto pos = std::find_if(src.columns.begin(), src.columns.end(),
                              [&](const std::string& c) { return sql::sameName(c, f.sourceColumn); });
      const SelectBlock& d = v.blocks[static_cast<std::size_t>(t.derivedSelect)];
      const auto item = static_cast<std::size_t>(pos - src.columns.begin());
      if (pos == src.columns.end() || item >= d.items.size() || d.items[item].empty()) continue;
      const Range& r = d.items[item];
      const int col = v.columnAtToken[r.last - 1];
      if (col >= 0 && v.columnAtToken[r.first] == col && static_cast<std::size_t>(col) != k &&
          !v.columns[static_cast<std::size_t>(col)].key.empty())
        v.columns[k].key = v.columns[static_cast<std::size_t>(col)].key;
    }
}

}  // namespace hs::annotate::detail
