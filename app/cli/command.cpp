#include "app/cli/command.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include <nlohmann/json.hpp>

#include "engine/core/file_input.h"
#include "engine/core/output_file.h"

namespace hs::cli {

std::map<std::string, Command>& registry() {
  static std::map<std::string, Command> commands;
  return commands;
}

CommandRegistration::CommandRegistration(Command c) {
  std::string name = c.name;
  registry().emplace(std::move(name), std::move(c));
}

Result<Args> Args::parse(const std::vector<std::string>& argv, const std::vector<std::string>& flags) {
  Args args;
  for (std::size_t i = 0; i < argv.size(); ++i) {
    const std::string& a = argv[i];
    if (a.rfind("--", 0) != 0 || a.size() < 3) {
      return makeError(ErrorKind::BadInput, "usage", "unexpected argument '" + a + "'");
    }
    std::string name = a.substr(2);
    std::string value;
    if (auto eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
    } else if (std::find(flags.begin(), flags.end(), name) != flags.end()) {
      value = "1";
    } else {
      if (i + 1 >= argv.size()) {
        return makeError(ErrorKind::BadInput, "usage", "option --" + name + " needs a value");
      }
      value = argv[++i];
    }
    args.values_[name] = value;
  }
  return args;
}

Status checkPathOptions(const std::string& command, const Args& args) {
  enum class Rule { Regular, RegularOrMissing, Directory, NotDirectory };
  static const std::pair<const char*, Rule> kRules[] = {
      {"cases", Rule::Regular},          {"pred", Rule::Regular},
      {"file", Rule::Regular},           {"db", Rule::Regular},
      {"info", Rule::Regular},           {"workspace", Rule::RegularOrMissing},
      {"cache", Rule::RegularOrMissing}, {"create", Rule::RegularOrMissing},
      {"db-root", Rule::Directory},      {"out", Rule::NotDirectory},
      {"summary", Rule::NotDirectory},
  };
  for (const auto& [name, rule] : kRules) {
    auto value = args.get(name);
    if (!value) continue;
    if (command == "diff" && std::string(name) == "pred") continue;  // diff --gold/--pred are SQL text
    Status st = ok();
    switch (rule) {
      case Rule::Regular:  // a missing file is left to the command, which names it in its own words
        st = checkRegularFileOrMissing(*value);
        break;
      case Rule::RegularOrMissing:
        st = checkRegularFileOrMissing(*value);
        break;
      case Rule::Directory:
        st = checkDirectory(*value);
        break;
      case Rule::NotDirectory:
        if (fileTypeOf(*value) == FileType::Directory) {
          Error e = makeError(ErrorKind::BadInput, "not_a_file", "is a directory, not a file");
          e.where = *value;
          st = e;
        }
        break;
    }
    if (!st) {
      Error e = st.error();
      e.message = "--" + std::string(name) + " " + *value + (e.code == "io" ? ": " : " ") + e.message;
      return e;
    }
  }
  return checkOutputOptions(args);
}

const std::vector<std::string>& outputOptions() {
  static const std::vector<std::string> kOutputs = {"out",  "summary",   "csv",
                                                    "html", "seed-json", "scores-out"};
  return kOutputs;
}

Status checkOutputOptions(const Args& args) {
  // Every other option's value is a file the output must not replace when it names one: the
  // inputs (--cases, --workspace, --db, --in, ...) and the other outputs (--out F --summary F).
  std::vector<ProtectedFile> others;
  for (const auto& [name, value] : args.values()) others.push_back({value, "--" + name});
  std::map<std::string, std::string> named;  // output path, lexically normal and absolute -> option
  for (const std::string& name : outputOptions()) {
    auto value = args.get(name);
    if (!value) continue;
    std::error_code ec;
    const std::string key = std::filesystem::absolute(*value, ec).lexically_normal().string();
    if (auto [it, fresh] = named.emplace(key, name); !fresh) {
      // Two outputs of one file, not yet there: the second would replace the first.
      Error e = makeError(ErrorKind::BadInput, "output_is_input",
                          "--" + name + " " + *value + " is the same file as --" + it->second +
                              "; each output needs a file of its own");
      e.where = *value;
      return e;
    }
    std::vector<ProtectedFile> inputs;
    for (const ProtectedFile& other : others)
      if (other.name != "--" + name) inputs.push_back(other);
    if (auto st = checkOutputTarget(*value, inputs, "--" + name); !st) return st;
  }
  return ok();
}

std::optional<std::string> Args::get(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) return std::nullopt;
  return it->second;
}

std::string Args::getOr(const std::string& name, const std::string& fallback) const {
  auto v = get(name);
  return v ? *v : fallback;
}

Result<long long> Args::getInt(const std::string& name, long long fallback) const {
  auto v = get(name);
  if (!v) return fallback;
  try {
    std::size_t used = 0;
    long long n = std::stoll(*v, &used);
    if (used == v->size()) return n;
  } catch (const std::exception&) {
  }
  return makeError(ErrorKind::BadInput, "usage",
                   "option --" + name + " expects an integer, got '" + *v + "'");
}

Result<double> Args::getDouble(const std::string& name, double fallback) const {
  auto v = get(name);
  if (!v) return fallback;
  try {
    std::size_t used = 0;
    double d = std::stod(*v, &used);
    if (used == v->size()) return d;
  } catch (const std::exception&) {
  }
  return makeError(ErrorKind::BadInput, "usage", "option --" + name + " expects a number, got '" + *v + "'");
}

Result<std::string> Args::require(const std::string& name) const {
  auto v = get(name);
  if (!v) return makeError(ErrorKind::BadInput, "usage", "missing --" + name);
  return *v;
}

int fail(const Error& error) {
  nlohmann::json j;
  j["kind"] = toString(error.kind);
  j["code"] = error.code;
  j["message"] = error.message;
  j["where"] = error.where.empty() ? nlohmann::json(nullptr) : nlohmann::json(error.where);
  j["line"] = error.line ? nlohmann::json(*error.line) : nlohmann::json(nullptr);
  j["offset"] = error.offset ? nlohmann::json(*error.offset) : nlohmann::json(nullptr);
  j["end"] = error.end ? nlohmann::json(*error.end) : nlohmann::json(nullptr);
  std::cerr << nlohmann::json{{"error", j}}.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
            << "\n";
  switch (error.kind) {
    case ErrorKind::BadInput:
      return kBadInput;
    case ErrorKind::External:
    case ErrorKind::Timeout:
      return kExternal;
    case ErrorKind::Cancelled:
    case ErrorKind::Internal:
      return kInternal;
  }
  return kInternal;
}

void print(const nlohmann::json& value) {
  std::cout << value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
}

}  // namespace hs::cli
