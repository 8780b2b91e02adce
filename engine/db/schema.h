#pragma once
// Schema of a SQLite database as HalluSQL sees it: plain data, filled by hs::db::introspect().
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hs::db {

struct ColumnInfo {
  std::string name;
  std::string declaredType;  // as written in CREATE TABLE ("" when none)
  bool notNull = false;
  bool primaryKey = false;  // part of the primary key
  int pkPosition = 0;       // 1-based position in a composite key, 0 when not in the key
  std::optional<std::string> defaultValue;
};

struct ForeignKey {
  std::vector<std::string> fromColumns;
  std::string toTable;
  std::vector<std::string> toColumns;  // empty means the referenced table's primary key
};

struct TableInfo {
  std::string name;
  bool isView = false;
  std::vector<ColumnInfo> columns;
  std::vector<ForeignKey> foreignKeys;
  std::optional<std::int64_t> rowEstimate;  // cheap hint (sqlite_stat1 or page count); never COUNT(*)
  std::string sql;                          // CREATE statement from sqlite_schema

  const ColumnInfo* findColumn(const std::string& column) const;  // ASCII case-insensitive
};

struct Schema {
  std::vector<TableInfo> tables;  // in sqlite_schema order

  const TableInfo* findTable(const std::string& table) const;  // ASCII case-insensitive
};

}  // namespace hs::db
