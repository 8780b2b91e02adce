#pragma once
// Schemas written by hand for engine tests: tables of named, typed columns with their keys, built
// the way hs::db::introspect() fills them.
#include <string>
#include <utility>
#include <vector>

#include "engine/db/schema.h"

namespace hs::test {

inline db::ColumnInfo column(std::string name, std::string type, bool primaryKey = false) {
  db::ColumnInfo c;
  c.name = std::move(name);
  c.declaredType = std::move(type);
  c.primaryKey = primaryKey;
  return c;
}

inline db::TableInfo table(std::string name, std::vector<db::ColumnInfo> columns,
                           std::vector<db::ForeignKey> foreignKeys = {}) {
  db::TableInfo t;
  t.name = std::move(name);
  t.columns = std::move(columns);
  t.foreignKeys = std::move(foreignKeys);
  return t;
}

// singer(Singer_ID INT primary key, Name TEXT, Country TEXT, Age INT), as in Spider's concert_singer.
inline db::TableInfo singerTable() {
  return table("singer", {column("Singer_ID", "INT", true), column("Name", "TEXT"), column("Country", "TEXT"),
                          column("Age", "INT")});
}

// concert(Concert_ID INT primary key, Singer_ID INT, Stadium_ID INT, Year INT), without foreign-key
// declarations.
inline db::TableInfo concertTable() {
  return table("concert", {column("Concert_ID", "INT", true), column("Singer_ID", "INT"),
                           column("Stadium_ID", "INT"), column("Year", "INT")});
}

}  // namespace hs::test
