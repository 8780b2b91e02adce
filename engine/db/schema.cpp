#include "engine/db/schema.h"

#include "engine/core/text.h"

namespace hs::db {

const ColumnInfo* TableInfo::findColumn(const std::string& column) const {
  for (const auto& c : columns) {
    if (iequals(c.name, column)) return &c;
  }
  return nullptr;
}

const TableInfo* Schema::findTable(const std::string& table) const {
  for (const auto& t : tables) {
    if (iequals(t.name, table)) return &t;
  }
  return nullptr;
}

}  // namespace hs::db
