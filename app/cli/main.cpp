// hallusql-cli: the headless face of the engine (see the CLI contract in DESIGN.md).
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/cli/command.h"
#include "engine/core/temp_files.h"

namespace {

void printHelp() {
  std::cout << "usage: hallusql-cli <command> [options]\n       hallusql-cli --version\n\ncommands:\n";
  for (const auto& [name, cmd] : hs::cli::registry()) std::cout << "  " << cmd.usage << "\n";
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    printHelp();
    return args.empty() ? hs::cli::kBadInput : hs::cli::kOk;
  }
  if (args[0] == "--version") {
    hs::cli::print({{"name", "hallusql-cli"}, {"version", HALLUSQL_VERSION}});
    return hs::cli::kOk;
  }
  hs::removeStaleTempDirs();  // temporary copies left by a crashed run (core/temp_files.h)
  auto& reg = hs::cli::registry();
  // Two-word commands ("drilldown decompose") are registered under both words.
  std::size_t skip = 1;
  auto it = reg.end();
  if (args.size() >= 2) it = reg.find(args[0] + " " + args[1]);
  if (it != reg.end())
    skip = 2;
  else
    it = reg.find(args[0]);
  if (it == reg.end()) {
    return hs::cli::fail(
        hs::makeError(hs::ErrorKind::BadInput, "usage", "unknown command '" + args[0] + "'"));
  }
  auto parsed =
      hs::cli::Args::parse({args.begin() + static_cast<std::ptrdiff_t>(skip), args.end()}, it->second.flags);
  if (!parsed) return hs::cli::fail(parsed.error());
  if (auto paths = hs::cli::checkPathOptions(args[0], parsed.value()); !paths)
    return hs::cli::fail(paths.error());
  try {
    return it->second.run(parsed.value());
  } catch (const std::exception& e) {
    return hs::cli::fail(hs::makeError(hs::ErrorKind::Internal, "internal", e.what()));
  }
}
