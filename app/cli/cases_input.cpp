#include "app/cli/cases_input.h"

#include <iostream>

namespace hs::cli {

Result<ws::import::ImportReport> importCasesOption(const Args& args, const std::string& model) {
  auto casesPath = args.require("cases");
  if (!casesPath) return casesPath.error();
  ws::import::ImportOptions io;
  io.casesPath = casesPath.value();
  io.model = model;
  if (auto pred = args.get("pred")) io.predPath = *pred;
  if (auto f = args.get("format")) {
    auto format = ws::import::formatFromString(*f);
    if (!format) return makeError(ErrorKind::BadInput, "usage", "unknown --format '" + *f + "'");
    io.format = *format;
  }
  auto report = ws::import::importCases(io);
  for (const auto& w : report.warnings) std::cerr << "warning: " << w.describe() << "\n";
  if (report.cases.empty()) {
    if (!report.errors.empty()) return report.errors.front();
    return makeError(ErrorKind::BadInput, "empty", "no cases in " + io.casesPath);
  }
  for (const auto& e : report.errors) std::cerr << "error: " << e.describe() << "\n";
  return report;
}

}  // namespace hs::cli
