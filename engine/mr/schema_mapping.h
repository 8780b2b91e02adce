#pragma once
// The renaming behind DSR and DR: which table and column of the source database became which
// name in the transformed copy. Look-ups are ASCII case-insensitive, like SQLite's names.
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>

namespace hs::mr {

class SchemaMapping {
 public:
  void addTable(const std::string& from, const std::string& to);
  void addColumn(const std::string& table, const std::string& from, const std::string& to);

  // The new name, or the old one when it was not renamed.
  std::string table(std::string_view from) const;
  std::string column(std::string_view table, std::string_view from) const;

  // A schema-linking artifact entry "table.column" (or "table") in the new names.
  std::string mapLinkItem(std::string_view item) const;
  // A whole linking set, mapped and lower-cased for comparison.
  std::set<std::string> mapLinking(const std::set<std::string>& linking) const;

  std::size_t tableCount() const { return tables_.size(); }
  std::size_t columnCount() const { return columns_.size(); }

 private:
  std::map<std::string, std::string> tables_;                           // lower(from) -> to
  std::map<std::pair<std::string, std::string>, std::string> columns_;  // (lower table, lower col) -> to
};

// Lower-cased, trimmed linking items, so "Singer.Name" and "singer.name" compare equal.
std::set<std::string> normaliseLinking(const std::set<std::string>& linking);

}  // namespace hs::mr
