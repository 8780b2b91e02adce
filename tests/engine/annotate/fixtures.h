#pragma once
// Loading of the hand-labelled annotation fixtures (tests/fixtures/annotate/*.jsonl).
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace hs::annotate::test {

inline std::vector<nlohmann::json> readJsonl(const std::string& path) {
  std::vector<nlohmann::json> out;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line))
    if (!line.empty()) out.push_back(nlohmann::json::parse(line));
  return out;
}

inline std::string fixturePath(const std::string& name) {
  return std::string(HALLUSQL_SOURCE_DIR) + "/tests/fixtures/annotate/" + name;
}

}  // namespace hs::annotate::test
