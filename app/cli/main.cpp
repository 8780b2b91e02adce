// hallusql-cli: the headless face of the engine (see the CLI contract in DESIGN.md).
#include <exception>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/cli/command.h"
#include "engine/core/output_file.h"
#include "engine/core/temp_files.h"

namespace {

void printHelp() {
  std::cout << "usage: hallusql-cli <command> [options]\n       hallusql-cli <command> --help\n"
               "       hallusql-cli --version\n\ncommands:\n";
  for (const auto& [name, cmd] : hs::cli::registry()) std::cout << "  " << cmd.usage << "\n";
}

// One command's usage and examples: `hallusql-cli evaluate --help` (or `help evaluate`).
void printCommandHelp(const hs::cli::Command& cmd) {
  std::cout << "usage: hallusql-cli " << cmd.usage << "\n";
  if (!cmd.examples.empty()) std::cout << "\nexamples:\n";
  for (const std::string& example : cmd.examples) std::cout << "  " << example << "\n";
  std::cout << "\nOutput is JSON on stdout; errors are JSON on stderr with exit 2 (bad input), 3 (external "
               "service) or 1 (internal).\n";
}

// The manual page (roff), made from the same registry at build time and installed with the package.
void printManPage(std::ostream& page) {
  page
      << ".TH HALLUSQL-CLI 1 \"\" \"HalluSQL " HALLUSQL_VERSION
         "\" \"User Commands\"\n"
         ".SH NAME\nhallusql-cli \\- catch, explain and record hallucinations in LLM-written SQL (headless)\n"
         ".SH SYNOPSIS\n.B hallusql-cli\n\\fIcommand\\fR [\\fIoptions\\fR]\n.br\n.B hallusql-cli\n"
         "\\fIcommand\\fR \\-\\-help\n.SH DESCRIPTION\nEvery command prints JSON on standard output and "
         "reports problems as JSON on standard error. Databases are opened read-only; no output replaces "
         "an input, a workspace or a database.\n.SH COMMANDS\n";
  auto roff = [](const std::string& text) {
    std::string out;
    for (char c : text) {
      if (c == '\\')
        out += "\\e";
      else if (c == '-')
        out += "\\-";
      else
        out += c;
    }
    if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out.insert(0, "\\&");
    return out;
  };
  for (const auto& [name, cmd] : hs::cli::registry()) {
    page << ".TP\n.B " << roff(name) << "\n" << roff(cmd.usage) << "\n";
    for (const std::string& example : cmd.examples) page << ".br\n.RS\n" << roff(example) << "\n.RE\n";
  }
  page << ".SH EXIT STATUS\n0 success, 2 bad input, 3 an external service failed, 1 internal error.\n"
          ".SH SEE ALSO\n.BR hallusql (1)\n";
}

bool asksForHelp(const std::vector<std::string>& args, std::size_t from) {
  for (std::size_t i = from; i < args.size(); ++i)
    if (args[i] == "--help" || args[i] == "-h") return true;
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.size() >= 2 && args[0] == "help") args.erase(args.begin()), args.push_back("--help");
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    printHelp();
    return args.empty() ? hs::cli::kBadInput : hs::cli::kOk;
  }
  if (args[0] == "--man") {  // --man [FILE]: the manual page, on stdout or into FILE (the build's)
    if (args.size() < 2) {
      printManPage(std::cout);
      return hs::cli::kOk;
    }
    std::ostringstream page;
    printManPage(page);
    if (auto st = hs::writeOutputFile(args[1], page.str(), "the manual page"); !st)
      return hs::cli::fail(st.error());
    return hs::cli::kOk;
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
  if (asksForHelp(args, skip)) {
    printCommandHelp(it->second);
    return hs::cli::kOk;
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
