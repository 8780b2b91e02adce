#pragma once
// hallusql-cli's command registry. Each command lives in its own cli_<name>.cpp and registers
// itself with a static CommandRegistration, so adding a command touches no shared table.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "engine/core/error.h"

namespace hs::cli {

// Exit codes of the CLI contract (DESIGN.md).
enum ExitCode : int { kOk = 0, kInternal = 1, kBadInput = 2, kExternal = 3 };

// Parsed "--name value" / "--flag" options; positional arguments are refused by parse().
class Args {
 public:
  // `flags` are options that take no value; every other "--x" takes the next argument.
  static Result<Args> parse(const std::vector<std::string>& argv, const std::vector<std::string>& flags);

  bool has(const std::string& name) const { return values_.count(name) > 0; }
  std::optional<std::string> get(const std::string& name) const;
  std::string getOr(const std::string& name, const std::string& fallback) const;
  // Integer option; an error names the option and the bad value.
  Result<long long> getInt(const std::string& name, long long fallback) const;
  Result<double> getDouble(const std::string& name, double fallback) const;
  // The option or an error "missing --name".
  Result<std::string> require(const std::string& name) const;
  const std::map<std::string, std::string>& values() const { return values_; }

 private:
  std::map<std::string, std::string> values_;
};

struct Command {
  std::string name;
  std::string usage;               // one line, shown by --help
  std::vector<std::string> flags;  // value-less options
  // Runs the command: prints its JSON to stdout and returns an exit code. Errors go through fail().
  std::function<int(const Args&)> run;
  std::vector<std::string> examples;  // whole command lines, shown by `hallusql-cli <command> --help`
};

std::map<std::string, Command>& registry();

struct CommandRegistration {
  explicit CommandRegistration(Command c);
};

// Checks the path options every command shares before it runs, so that a FIFO, directory or
// device is refused at once with a clear error instead of hanging or failing vaguely later:
// --cases, --pred, --file, --db, --info must be regular files (a missing one is reported by the
// command itself); --workspace, --cache, --create regular files or missing (they are created); --db-root a
// directory; --out, --summary not a directory (except where a command gives the name another meaning: diff
// --pred is SQL); then checkOutputOptions(). Uses hs::checkRegularFile and friends
// (engine/core/file_input.h).
Status checkPathOptions(const std::string& command, const Args& args);

// The options that name files a command writes (--out, --summary, --csv, --html, --seed-json,
// --scores-out); commands write them through hs::OutputFile (engine/core/output_file.h).
const std::vector<std::string>& outputOptions();

// Refuses an output option that names a file given in any other option (an input such as --cases
// or --workspace, or another output), by inode after symbolic links, and one that is a SQLite
// database or its -wal/-shm/-journal (hs::checkOutputTarget). Part of checkPathOptions().
Status checkOutputOptions(const Args& args);

// Prints {"error": {...}} on stderr and returns the exit code matching the error's kind.
int fail(const Error& error);

// Prints one JSON value on stdout followed by a newline.
void print(const nlohmann::json& value);

}  // namespace hs::cli
