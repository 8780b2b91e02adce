#pragma once
// Internal to engine/abstain: schema linking of "the <attribute> of <entity>" (and "<entity>'s
// <attribute>") in a question. When the entity names a table and the attribute is neither a column
// of that table, nor of a table its foreign keys lead to, nor an entity of the schema itself, the
// question asks for data the table does not have: column-surface when another table has a column
// of that name (surface matching would link it wrongly), column-related when nothing has it.
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "engine/db/schema.h"

namespace hs::abstain::detail {

// Words of a schema name: "PerpetratorID", "home_town", "Date of Birth" -> perpetrator, id, home,
// town, date, of, birth (singular: lang::singular).
std::vector<std::string> nameWords(const std::string& name);
// One word is a prefix of the other, both at least 4 letters ("elect" / "election").
bool prefixRelated(const std::string& a, const std::string& b);

struct AttributeGap {
  std::string attribute;               // as the question wrote it
  std::string entity;                  // as the question wrote it
  std::string table;                   // the entity's table
  std::vector<std::string> elsewhere;  // tables that do have a column of that name (surface)
};

// `words`: the question's words in order, lower case ("s" after an apostrophe marks a possessive).
// `unmatched`: words that matched no table, column or stored value. The first gap found, if any.
std::optional<AttributeGap> attributeGap(const std::vector<std::string>& words, const db::Schema& schema,
                                         const std::vector<std::string>& unmatched);

}  // namespace hs::abstain::detail
