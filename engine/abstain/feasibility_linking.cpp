#include "engine/abstain/feasibility_linking.h"

#include <algorithm>
#include <cctype>

#include "engine/abstain/feasibility_words.h"
#include "engine/core/text.h"
#include "engine/lang/word_forms.h"

namespace hs::abstain::detail {

std::vector<std::string> nameWords(const std::string& name) {
  std::vector<std::string> out;
  for (std::string& w : identifierParts(name))
    if (!std::isdigit(static_cast<unsigned char>(w[0]))) out.push_back(lang::singular(std::move(w)));
  return out;
}

bool prefixRelated(const std::string& a, const std::string& b) {
  if (a.size() < 4 || b.size() < 4) return false;
  const std::string& s = a.size() < b.size() ? a : b;
  const std::string& l = a.size() < b.size() ? b : a;
  return l.compare(0, s.size(), s) == 0;
}

namespace {

bool isDeterminer(const std::string& w) {
  static const std::set<std::string> d{"the", "each", "every", "all",   "a",   "an",  "their", "its",
                                       "his", "her",  "these", "those", "our", "any", "this",  "that"};
  return d.count(w) > 0;
}

// "countrylanguage", "singer_in_concert" -> "countrylanguage", "singerinconcert".
std::string squashed(const std::string& name) {
  std::string out;
  for (char ch : name)
    if (std::isalpha(static_cast<unsigned char>(ch)))
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

bool hasColumnWord(const db::TableInfo& t, const std::string& s) {
  for (const auto& c : t.columns)
    for (const std::string& w : nameWords(c.name))
      if (w == s || prefixRelated(w, s)) return true;
  return false;
}

bool isAggregate(const std::string& w) {
  static const std::set<std::string> a{
      "average", "avg",     "mean",     "total", "sum",   "maximum", "max",   "minimum",  "min",    "highest",
      "lowest",  "largest", "smallest", "most",  "least", "number",  "count", "combined", "overall"};
  return a.count(w) > 0;
}

bool references(const db::TableInfo& from, const std::set<std::string>& tables) {
  for (const auto& fk : from.foreignKeys)
    for (const auto& t : tables)
      if (asciiLower(fk.toTable) == asciiLower(t)) return true;
  return false;
}

// `aggregated`: an aggregate word comes just before the attribute ("the average rating of players").
std::optional<AttributeGap> check(const std::string& attr, const std::string& entity,
                                  const db::Schema& schema, const std::vector<std::string>& unmatched,
                                  bool aggregated) {
  if (attr.size() < 3 || entity.size() < 3) return std::nullopt;
  const std::string as = lang::singular(attr), es = lang::singular(entity);
  if (genericWords().count(attr) || genericWords().count(as) || genericWords().count(entity))
    return std::nullopt;
  // The entity's tables: the last word of the table's name, or the whole name, is the entity.
  std::set<std::string> reachable;
  for (const auto& t : schema.tables) {
    auto words = nameWords(t.name);
    if ((!words.empty() && words.back() == es) || lang::singular(squashed(t.name)) == es)
      reachable.insert(t.name);
  }
  if (reachable.empty()) return std::nullopt;
  const std::string table = *reachable.begin();
  // The attribute is an entity of the schema itself (a table, a relationship): a relation, not a column.
  for (const auto& t : schema.tables)
    if (squashed(t.name).find(as) != std::string::npos) return std::nullopt;
  // What the entity's foreign keys lead to belongs to the entity (two steps: flight -> airline -> country).
  for (int depth = 0; depth < 2; ++depth) {
    std::set<std::string> next = reachable;
    for (const auto& name : reachable)
      if (const db::TableInfo* t = schema.findTable(name))
        for (const auto& fk : t->foreignKeys)
          if (const db::TableInfo* to = schema.findTable(fk.toTable)) next.insert(to->name);
    reachable = std::move(next);
  }
  // Tables that point at the entity hold many values per entity: they answer an aggregate
  // ("the average consumption of customers"), and a table named after the entity
  // ("Player_Attributes") holds its attributes.
  const std::set<std::string> entityTables = reachable;
  for (const auto& t : schema.tables)
    if (references(t, entityTables) && (aggregated || squashed(t.name).find(es) != std::string::npos))
      reachable.insert(t.name);
  for (const auto& name : reachable)
    if (const db::TableInfo* t = schema.findTable(name); t && hasColumnWord(*t, as)) return std::nullopt;
  AttributeGap gap{attr, entity, table, {}};
  for (const auto& t : schema.tables)
    if (!reachable.count(t.name) && hasColumnWord(t, as)) gap.elsewhere.push_back(t.name);
  const bool noneHasIt = std::find(unmatched.begin(), unmatched.end(), attr) != unmatched.end();
  if (gap.elsewhere.empty() && !noneHasIt) return std::nullopt;  // e.g. a stored value
  return gap;
}

}  // namespace

std::optional<AttributeGap> attributeGap(const std::vector<std::string>& words, const db::Schema& schema,
                                         const std::vector<std::string>& unmatched) {
  const std::size_t n = words.size();
  for (std::size_t i = 1; i + 1 < n; ++i) {
    std::optional<AttributeGap> gap;
    auto aggregatedBefore = [&](std::size_t at) {  // up to three words before the attribute
      for (std::size_t k = at >= 3 ? at - 3 : 0; k < at; ++k)
        if (isAggregate(words[k])) return true;
      return false;
    };
    if (words[i] == "of") {  // "the age of (each) professional"
      std::size_t j = i + 1;
      while (j < n && isDeterminer(words[j])) ++j;
      if (j < n) gap = check(words[i - 1], words[j], schema, unmatched, aggregatedBefore(i - 1));
    } else if (words[i] == "s") {  // "the owner's gender"
      gap = check(words[i + 1], words[i - 1], schema, unmatched, aggregatedBefore(i - 1));
    }
    if (gap) return gap;
  }
  return std::nullopt;
}

}  // namespace hs::abstain::detail
