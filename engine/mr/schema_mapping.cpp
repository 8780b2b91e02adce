#include "engine/mr/schema_mapping.h"

#include "engine/core/text.h"

namespace hs::mr {

void SchemaMapping::addTable(const std::string& from, const std::string& to) {
  tables_[asciiLower(from)] = to;
}

void SchemaMapping::addColumn(const std::string& table, const std::string& from, const std::string& to) {
  columns_[{asciiLower(table), asciiLower(from)}] = to;
}

std::string SchemaMapping::table(std::string_view from) const {
  auto it = tables_.find(asciiLower(from));
  return it == tables_.end() ? std::string(from) : it->second;
}

std::string SchemaMapping::column(std::string_view table, std::string_view from) const {
  auto it = columns_.find({asciiLower(table), asciiLower(from)});
  return it == columns_.end() ? std::string(from) : it->second;
}

std::string SchemaMapping::mapLinkItem(std::string_view item) const {
  auto dot = item.find('.');
  if (dot == std::string_view::npos) return table(item);
  std::string_view t = item.substr(0, dot);
  std::string_view c = item.substr(dot + 1);
  return table(t) + "." + column(t, c);
}

std::set<std::string> SchemaMapping::mapLinking(const std::set<std::string>& linking) const {
  std::set<std::string> out;
  for (const auto& item : linking) out.insert(asciiLower(mapLinkItem(item)));
  return out;
}

std::set<std::string> normaliseLinking(const std::set<std::string>& linking) {
  std::set<std::string> out;
  for (const auto& item : linking) {
    std::size_t b = item.find_first_not_of(" \t\r\n");
    std::size_t e = item.find_last_not_of(" \t\r\n");
    if (b == std::string::npos) continue;
    out.insert(asciiLower(item.substr(b, e - b + 1)));
  }
  return out;
}

}  // namespace hs::mr
