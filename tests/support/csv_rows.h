#pragma once
// Rows of a CSV file (header first) read through the engine's own RFC 4180 reader
// (hs::ws::import::parseCsv), for tests and benchmarks that walk a predictions file such as
// predictions/spider_dev/gpt4_DIN-SQL.csv. Empty when the file cannot be read.
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/workspace/import/csv_reader.h"

namespace hs::test {

inline std::vector<std::vector<std::string>> csvRows(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  auto csv = hs::ws::import::parseCsv(text.str(), path);
  std::vector<std::vector<std::string>> rows;
  rows.reserve(csv.records.size());
  for (auto& r : csv.records) rows.push_back(std::move(r.fields));
  return rows;
}

}  // namespace hs::test
