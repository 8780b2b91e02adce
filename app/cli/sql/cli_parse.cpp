// hallusql-cli parse (--sql SQL | --file F) [--stats] [--tree] [--tsv]
//   --sql: one JSON object. --file: JSON Lines, one object per non-blank input line; with --tsv each
//   line is "SQL<TAB>anything" (Spider's dev_gold.sql) and only the text before the first tab is
//   parsed. --stats: one object {total, ok, failed, elapsed_ms} instead of the lines.
//   A syntax error is a result (ok=false, exit 0), not a command failure. F must be a regular file
//   (a directory or FIFO is refused at once); a UTF-8 BOM is removed; a line longer than
//   --max-line-bytes (default 1 MiB, the parser's ParseOptions::maxBytes) is reported as an error
//   "too_large" without being held in memory.
#include <chrono>
#include <iostream>
#include <string>

#include <nlohmann/json.hpp>

#include "app/cli/command.h"
#include "engine/core/file_input.h"
#include "engine/sql/ast_json.h"
#include "engine/sql/parser.h"

namespace hs::cli {
namespace {

nlohmann::json lineObject(std::size_t line, std::string_view sql, bool tree,
                          const sql::ParseOptions& options = {}) {
  sql::ParseResult r = sql::parse(sql, options);
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
  auto maxLine = args.getInt("max-line-bytes", static_cast<long long>(sql::ParseOptions{}.maxBytes));
  if (!maxLine) return fail(maxLine.error());
  if (*maxLine < 1) return fail(makeError(ErrorKind::BadInput, "usage", "--max-line-bytes must be positive"));
  sql::ParseOptions options;
  options.maxBytes = static_cast<std::size_t>(*maxLine);
  auto start = std::chrono::steady_clock::now();
  std::size_t total = 0, ok = 0;
  auto st = forEachLine(*file, options.maxBytes + 1, [&](const FileLine& fl) {
    std::string_view sql = fl.text;
    if (fl.number == 1 && sql.substr(0, 3) == "\xEF\xBB\xBF") sql.remove_prefix(3);  // UTF-8 BOM
    if (!sql.empty() && sql.back() == '\r') sql.remove_suffix(1);
    if (tsv) sql = sql.substr(0, sql.find('\t'));
    if (sql.find_first_not_of(" \t") == std::string_view::npos && !fl.tooLong()) return true;
    ++total;
    if (fl.tooLong()) {  // only the first maxBytes + 1 bytes were kept
      nlohmann::json obj = {{"line", fl.number}, {"ok", false}, {"kind", nullptr}};
      obj["error"] = {
          {"message", "line of " + std::to_string(fl.length) + " bytes is longer than the limit of " +
                          std::to_string(options.maxBytes) + " bytes (--max-line-bytes)"},
          {"code", "too_large"},
          {"offset", options.maxBytes},
          {"expected", nlohmann::json::array()}};
      if (tree) obj["tree"] = nullptr;
      if (!stats) std::cout << obj.dump() << '\n';
      return true;
    }
    if (stats) {
      if (sql::parse(sql, options).ok()) ++ok;
      return true;
    }
    std::cout << lineObject(fl.number, sql, tree, options)
                     .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
              << '\n';
    return true;
  });
  if (!st) return fail(st.error());
  if (stats) {
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    print({{"total", total}, {"ok", ok}, {"failed", total - ok}, {"elapsed_ms", ms}});
  }
  return kOk;
}

const CommandRegistration kParse{Command{
    "parse",
    "parse (--sql SQL | --file F) [--stats] [--tree] [--tsv] [--max-line-bytes N]   parse SQL, report kinds, "
    "errors, trees",
    {"stats", "tree", "tsv"},
    runParse,
    {"hallusql-cli parse --sql \"SELECT count(*) FROM singer\" --tree",
     "hallusql-cli parse --file queries.sql --stats"}}};

}  // namespace
}  // namespace hs::cli
