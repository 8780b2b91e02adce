// Gold-free check against the schema's shape: a join whose columns no foreign key, shared name or
// key naming links. Two columns that are each their own table's whole primary key are two
// entities' row ids (battle.id = ship.id; student_enrolment.student_enrolment_id =
// students.student_id): only a declared foreign key or a shared name other than `id` links them.
#include "engine/annotate/checks.h"
#include "engine/core/finding_messages.h"
#include "engine/core/text.h"

namespace hs::annotate {

namespace {

Finding finding(const std::string& cat, std::string msg, FindingSpan s, double conf) {
  Finding f;
  f.taxonomy = "goldfree";
  f.category = cat;
  f.message = std::move(msg);
  f.spans.push_back(std::move(s));
  f.confidence = conf;
  return f;
}

std::pair<std::string, std::string> splitKey(const std::string& key) {
  const auto dot = key.find('.');
  if (dot == std::string::npos) return {"", key};
  return {key.substr(0, dot), key.substr(dot + 1)};
}

// A foreign key of `from` leads from column `fc` to `to`.`tc`. An empty target list means the
// referenced table's primary key, and so does a target column the table does not have (real
// schemas declare such keys: Spider's restaurants points LOCATION at RESTAURANT.RESTAURANT_ID).
bool foreignKeyLinks(const db::TableInfo& from, const std::string& fc, const db::TableInfo& to,
                     const std::string& tc) {
  for (const db::ForeignKey& fk : from.foreignKeys) {
    if (hs::asciiLower(fk.toTable) != hs::asciiLower(to.name)) continue;
    for (std::size_t i = 0; i < fk.fromColumns.size(); ++i) {
      if (hs::asciiLower(fk.fromColumns[i]) != fc) continue;
      const bool toKey = i >= fk.toColumns.size() || to.findColumn(fk.toColumns[i]) == nullptr;
      const db::ColumnInfo* c = to.findColumn(tc);
      if (toKey ? c != nullptr && c->primaryKey : hs::asciiLower(fk.toColumns[i]) == tc) return true;
    }
  }
  return false;
}

// A primary key equated with a column named after its table or after it ("singer.id =
// concert.singer_id") reads as the link, declared or not.
bool namedLink(const db::TableInfo& pkTable, const std::string& pk, const std::string& other) {
  const db::ColumnInfo* c = pkTable.findColumn(pk);
  if (c == nullptr || !c->primaryKey) return false;
  return other.find(pk) != std::string::npos || namedAfterTable(pkTable, other);
}

// The column (lower case) is its table's whole primary key (one column).
bool soleKey(const db::TableInfo& t, const std::string& c) {
  const db::ColumnInfo* key = soleKeyColumn(t);
  return key && hs::asciiLower(key->name) == c;
}

bool linked(const db::Schema& schema, const std::string& ka, const std::string& kb) {
  const auto [ta, ca] = splitKey(ka);
  const auto [tb, cb] = splitKey(kb);
  if (ta.empty() || tb.empty() || ta == tb) return true;
  const db::TableInfo* a = schema.findTable(ta);
  const db::TableInfo* b = schema.findTable(tb);
  if (a == nullptr || b == nullptr) return true;  // a CTE or derived table: nothing to check against
  // Two columns that are each their own table's whole primary key are two entities' row ids:
  // equal only by accident unless a foreign key declares it or they share a name other than the
  // bare `id` ("battle.id = ship.id", "student_enrolment.student_enrolment_id = students.student_id";
  // a name naming the other table does not link them either).
  if (soleKey(*a, ca) && soleKey(*b, cb) && !(ca == cb && ca != "id"))
    return foreignKeyLinks(*a, ca, *b, cb) || foreignKeyLinks(*b, cb, *a, ca);
  if (ca == cb) return true;
  return foreignKeyLinks(*a, ca, *b, cb) || foreignKeyLinks(*b, cb, *a, ca) || namedLink(*a, ca, cb) ||
         namedLink(*b, cb, ca);
}

}  // namespace

const db::ColumnInfo* soleKeyColumn(const db::TableInfo& t) {
  const db::ColumnInfo* key = nullptr;
  for (const db::ColumnInfo& c : t.columns)
    if (c.primaryKey) {
      if (key) return nullptr;
      key = &c;
    }
  return key;
}

bool namedAfterTable(const db::TableInfo& table, std::string_view column) {
  const std::string t = hs::asciiLower(table.name);
  const std::string c = hs::asciiLower(column);
  return c.find(t) != std::string::npos ||
         (t.size() > 4 && c.find(t.substr(0, t.size() - 1)) != std::string::npos);
}

std::vector<Finding> schemaShapeFindings(const SqlView& v, const db::Schema& schema) {
  std::vector<Finding> out;
  if (schema.tables.empty()) return out;
  for (const auto& [ka, kb] : v.joinEqualities) {
    if (linked(schema, ka, kb)) continue;
    FindingSpan span{"pred", 0, v.text.size()};
    for (const SelectBlock& b : v.blocks)
      for (const Predicate& p : b.predicates) {
        if (p.op != "=" || p.lhs.empty() || p.rhs.empty()) continue;
        const int x = v.columnAtToken[p.lhs.last - 1], y = v.columnAtToken[p.rhs.last - 1];
        if (x < 0 || y < 0) continue;
        const std::string& kx = v.columns[static_cast<std::size_t>(x)].key;
        const std::string& ky = v.columns[static_cast<std::size_t>(y)].key;
        if ((kx == ka && ky == kb) || (kx == kb && ky == ka)) span = {"pred", p.begin, p.end};
      }
    out.push_back(finding("join_off_key", formatMessage(FindingMsg::GfJoinOffKey, {ka, kb}), span, 0.6));
  }
  return out;
}

}  // namespace hs::annotate
