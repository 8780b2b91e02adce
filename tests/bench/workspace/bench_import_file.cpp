// Imports one file as `hallusql-cli evaluate` does (importCases), without evaluating, and prints
// the counts and the time as JSON: run it under /usr/bin/time -v for the import's peak memory.
// usage: bench_import_file CASES [PRED]
#include <chrono>
#include <cstdio>
#include <string>

#include "engine/workspace/import/import.h"

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3) {
    std::fprintf(stderr, "usage: bench_import_file CASES [PRED]\n");
    return 2;
  }
  hs::ws::import::ImportOptions options;
  options.casesPath = argv[1];
  if (argc == 3) options.predPath = argv[2];
  const auto start = std::chrono::steady_clock::now();
  const hs::ws::import::ImportReport report = hs::ws::import::importCases(options);
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  const std::string first = report.errors.empty() ? "" : report.errors.front().describe();
  std::printf("{\"format\": \"%s\", \"cases\": %zu, \"warnings\": %zu, \"errors\": %zu, \"ms\": %.0f}\n",
              hs::ws::import::toString(report.format), report.cases.size(),
              report.warnings.size() + report.omittedWarnings - (report.omittedWarnings ? 1 : 0),
              report.errorCount(), ms);
  if (!first.empty()) std::fprintf(stderr, "first error: %s\n", first.c_str());
  return 0;
}
