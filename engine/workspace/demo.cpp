#include "engine/workspace/demo.h"

#include <cstdlib>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "engine/core/hash.h"
#include "engine/core/json_input.h"
#include "engine/core/temp_files.h"
#include "engine/workspace/sqlite_util.h"
#include "engine/workspace/workspace.h"
#include "workspace_demo_data.h"

namespace fs = std::filesystem;

namespace hs::ws {

namespace {

constexpr const char* kSqlHashKey = "demo.sql_sha256";
constexpr const char* kCasesHashKey = "demo.cases_sha256";

std::string_view embedded(std::string_view name) {
  auto text = demo_data::embeddedText(name);
  return text ? *text : std::string_view();
}

Error demoError(std::string code, const std::string& where, std::string message) {
  Error e = makeError(ErrorKind::BadInput, std::move(code), std::move(message));
  e.where = where;
  return e;
}

void removeSqliteFiles(const std::string& path) {
  std::error_code ec;
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) fs::remove(path + suffix, ec);
}

// Builds the demo database from the embedded SQL under a temporary name, then renames it into place.
Status buildDatabase(const std::string& path) {
  removeStaleSiblings(path);  // what a crashed build left
  const std::string temp = siblingTempPath(path);
  auto created = OwnedDatabase::createNew(temp);
  if (!created) return created.error();
  Status s = exec(created->handle(), demoSql(), path);
  if (s) s = exec(created->handle(), "ANALYZE", path);  // sqlite_stat1 gives hs::db cheap row estimates
  created->close();
  std::error_code ec;
  if (s) fs::rename(temp, path, ec);
  if (!s || ec) {
    removeSqliteFiles(temp);
    return s ? demoError("io", path, "cannot move the demo database into place: " + ec.message()) : s;
  }
  return ok();
}

// Whether the existing pair is valid and current; fills `info` when it is.
bool reusable(DemoInfo& info, std::size_t expectedCases) {
  if (!fs::exists(info.databasePath) || !isWorkspaceFile(info.workspacePath)) return false;
  auto ws = Workspace::open(info.workspacePath);
  if (!ws) return false;
  auto sqlHash = ws->setting(kSqlHashKey);
  auto casesHash = ws->setting(kCasesHashKey);
  if (!sqlHash || !casesHash || sqlHash->value_or("") != sha256Hex(demoSql()) ||
      casesHash->value_or("") != sha256Hex(demoCasesJsonl())) {
    return false;
  }
  auto rec = ws->findDatabaseByPath(info.databasePath);
  if (!rec || !rec.value()) return false;
  auto check = ws->verifyDatabase(rec.value()->id);
  if (!check || (check->state != DatabaseState::Unchanged && check->state != DatabaseState::Touched))
    return false;
  auto run = ws->findRun(kDemoRunName);
  if (!run || !run.value()) return false;
  auto count = ws->caseCount(run.value()->id);
  if (!count || count.value() != static_cast<std::int64_t>(expectedCases)) return false;
  info.databaseId = rec.value()->id;
  info.runId = run.value()->id;
  info.caseCount = expectedCases;
  info.reused = true;
  return true;
}

}  // namespace

std::string_view demoSql() {
  return embedded("demo.sql");
}
std::string_view demoCasesJsonl() {
  return embedded("cases.jsonl");
}

Result<std::vector<hs::Case>> parseCasesJsonl(std::string_view text, const std::string& source) {
  std::vector<hs::Case> out;
  std::size_t line = 0;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) eol = text.size();
    std::string_view raw = text.substr(pos, eol - pos);
    const std::size_t lineStart = pos;
    pos = eol + 1;
    ++line;
    if (raw.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    auto fail = [&](const std::string& message) {
      Error e = makeError(ErrorKind::BadInput, "parse", message);
      e.where = source;
      e.line = line;
      e.offset = lineStart;
      return e;
    };
    auto j = hs::parseJsonOrDiscarded(raw);
    if (j.is_discarded() || !j.is_object()) return fail("line is not a JSON object");
    auto str = [&](const char* key) -> std::optional<std::string> {
      auto it = j.find(key);
      if (it == j.end() || it->is_null()) return std::nullopt;
      if (it->is_string()) return it->get<std::string>();
      return it->dump();
    };
    hs::Case c;
    auto id = str("id");
    if (!id || id->empty()) return fail("case has no \"id\"");
    c.id = *id;
    c.dbId = str("db_id").value_or("");
    c.question = str("question").value_or("");
    c.evidence = str("evidence").value_or("");
    c.goldSql = str("gold_sql");
    c.predSql = str("pred_sql");
    c.model = str("model").value_or("");
    c.difficulty = str("difficulty").value_or("");
    c.source = source;
    c.sourceLine = line;
    out.push_back(std::move(c));
  }
  return out;
}

Result<std::vector<hs::Case>> demoCases() {
  return parseCasesJsonl(demoCasesJsonl(), "demo/cases.jsonl");
}

std::string defaultDemoDir() {
  const char* xdg = std::getenv("XDG_DATA_HOME");
  if (xdg && *xdg && fs::path(xdg).is_absolute()) return (fs::path(xdg) / "hallusql" / "demo").string();
  const char* home = std::getenv("HOME");
  fs::path base = (home && *home) ? fs::path(home) : fs::temp_directory_path();
  return (base / ".local" / "share" / "hallusql" / "demo").string();
}

Result<DemoInfo> createDemo(const std::string& rawDir) {
  std::error_code ec;
  fs::path dir = fs::absolute(fs::path(rawDir), ec).lexically_normal();
  if (ec) return demoError("io", rawDir, "cannot resolve the demo directory: " + ec.message());
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir)) {
    return demoError(
        "io", dir.string(),
        "cannot create the demo directory " + dir.string() + (ec ? ": " + ec.message() : std::string()));
  }
  auto cases = demoCases();
  if (!cases) return cases.error();
  DemoInfo info;
  info.dir = dir.string();
  info.databasePath = (dir / kDemoDatabaseFile).string();
  info.workspacePath = (dir / kDemoWorkspaceFile).string();
  if (reusable(info, cases->size())) return info;

  if (auto s = buildDatabase(info.databasePath); !s) return s.error();
  // The workspace: create it under a temporary name, fill it, then rename it over any old one.
  removeStaleSiblings(info.workspacePath);
  const std::string temp = siblingTempPath(info.workspacePath);
  {
    auto ws = Workspace::create(temp);
    if (!ws) return ws.error();
    auto fill = [&]() -> Status {
      auto dbId = ws->attachDatabase(info.databasePath, "demo");
      if (!dbId) return dbId.error();
      RunInfo run{kDemoRunName, "demo", "demo/cases.jsonl", R"({"origin":"bundled demo"})"};
      auto runId = ws->createRun(run);
      if (!runId) return runId.error();
      auto ids = ws->insertCases(runId.value(), cases.value(),
                                 [&](const hs::Case&) { return std::optional<std::int64_t>(dbId.value()); });
      if (!ids) return ids.error();
      if (auto s = ws->setSetting(kSqlHashKey, sha256Hex(demoSql())); !s) return s;
      if (auto s = ws->setSetting(kCasesHashKey, sha256Hex(demoCasesJsonl())); !s) return s;
      if (auto s = exec(ws->handle(), "PRAGMA wal_checkpoint(TRUNCATE)", temp); !s) return s;
      info.databaseId = dbId.value();
      info.runId = runId.value();
      info.caseCount = ids->size();
      return ok();
    };
    Status s = fill();
    ws->close();
    if (!s) {
      removeSqliteFiles(temp);
      return s.error();
    }
  }
  // A stale -wal of an old workspace must not be replayed into the new file.
  std::error_code rmEc;
  fs::remove(info.workspacePath + "-wal", rmEc);
  fs::remove(info.workspacePath + "-shm", rmEc);
  fs::rename(temp, info.workspacePath, ec);
  if (ec) {
    removeSqliteFiles(temp);
    return demoError("io", info.workspacePath, "cannot move the demo workspace into place: " + ec.message());
  }
  info.reused = false;
  return info;
}

bool isDemoWorkspace(const Workspace& ws) {
  auto hash = ws.setting(kCasesHashKey);
  return hash && hash->has_value();
}

Status unmarkDemo(Workspace& ws) {
  if (auto s = ws.removeSetting(kSqlHashKey); !s) return s;
  return ws.removeSetting(kCasesHashKey);
}

}  // namespace hs::ws
