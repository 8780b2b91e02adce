// hallusql-cli parse (--sql SQL | --file F) [--stats] [--tree] [--tsv]
//   --sql: one JSON object. --file: JSON Lines, one object per non-blank input line; with --tsv each
//   line is "SQL<TAB>anything" (Spider's dev_gold.sql) and only the text before the first tab is
//   parsed. --stats: one object {total, ok, failed, elapsed_ms} instead of the lines.
//   A syntax error is a result (ok=false, exit 0), not a command failure.
#include <chrono>
#include <fstream>
#include <iostream>
#include <string>

#include <nlohmann/json.hpp>

#include "app/cli/command.h"
#include "engine/sql/ast_json.h"
#include "engine/sql/parser.h"

namespace hs::cli {
namespace {

nlohmann::json lineObject(std::size_t line, std::string_view sql, bool tree) {
  sql::ParseResult r = sql::parse(sql);
  nlohmann::json j;
  j["line"] = line;
  j["ok"] = r.ok();
  j["kind"] =
      r.statements.empty() ? nlohmann::json(nullptr) : nlohmann::json(sql::toString(r.statements[0].kind));
  if (r.statements.size() > 1) {
    auto& kinds = j["kinds"] = nlohmann::json::array();
    for (const auto& st : r.statements) kinds.push_back(sql::toString(st.kind));
  }
  if (r.error) {
    j["error"] = {{"message", r.error->message},
                  {"code", r.error->code},
                  {"offset", r.error->offset},
                  {"expected", r.error->expected}};
  } else {
    j["error"] = nullptr;
  }
  if (tree) {
    j["tree"] = !r.statements.empty() && r.statements[0].select ? sql::toJson(*r.statements[0].select)
                                                                : nlohmann::json(nullptr);
  }
  return j;
}

int runParse(const Args& args) {
  bool tree = args.has("tree");
  bool stats = args.has("stats");
  bool tsv = args.has("tsv");
  if (auto sqlText = args.get("sql")) {
    print(lineObject(1, *sqlText, tree));
    return kOk;
  }
  auto file = args.require("file");
  if (!file) {
    Error e = file.error();
    e.message = "give --sql SQL or --file F";
    return fail(e);
  }
  std::ifstream in(*file, std::ios::binary);
  if (!in) {
    Error e = makeError(ErrorKind::BadInput, "io", "cannot open " + *file);
    e.where = *file;
    return fail(e);
  }
  auto start = std::chrono::steady_clock::now();
  std::size_t total = 0, ok = 0, lineNo = 0;
  std::string line;
  while (std::getline(in, line)) {
    ++lineNo;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::string_view sql = line;
    if (tsv) sql = sql.substr(0, sql.find('\t'));
    if (sql.find_first_not_of(" \t") == std::string_view::npos) continue;
    ++total;
    if (stats) {
      if (sql::parse(sql).ok()) ++ok;
      continue;
    }
    std::cout << lineObject(lineNo, sql, tree).dump() << '\n';
  }
  if (stats) {
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    print({{"total", total}, {"ok", ok}, {"failed", total - ok}, {"elapsed_ms", ms}});
  }
  return kOk;
}

const CommandRegistration kParse{Command{
    "parse",
    "parse (--sql SQL | --file F) [--stats] [--tree] [--tsv]   parse SQL, report kinds, errors, trees",
    {"stats", "tree", "tsv"},
    runParse,
}};

}  // namespace
}  // namespace hs::cli
