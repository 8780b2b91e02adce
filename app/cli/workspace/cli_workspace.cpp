// hallusql-cli workspace (--create F | --info F) [--verify]: creates an empty workspace, or
// describes one (schema version, tables and row counts, attached databases, runs, settings).
// --verify re-hashes attached databases (otherwise only their size and time are compared).
#include <nlohmann/json.hpp>

#include "app/cli/command.h"
#include "engine/workspace/migrations.h"
#include "engine/workspace/workspace.h"

namespace hs::cli {
namespace {

Result<nlohmann::json> describe(const ws::Workspace& w, bool verify) {
  nlohmann::json j;
  j["path"] = w.path();
  auto version = w.schemaVersion();
  if (!version) return version.error();
  j["version"] = version.value();
  j["supported_version"] = ws::currentSchemaVersion();
  auto names = w.tableNames();
  if (!names) return names.error();
  nlohmann::json tables = nlohmann::json::array();
  nlohmann::json counts = nlohmann::json::object();
  for (const auto& n : names.value()) {
    auto rows = w.rowCount(n);
    if (!rows) return rows.error();
    tables.push_back({{"name", n}, {"rows", rows.value()}});
    counts[n] = rows.value();
  }
  j["tables"] = tables;
  j["counts"] = counts;
  auto dbs = w.databases();
  if (!dbs) return dbs.error();
  nlohmann::json dbList = nlohmann::json::array();
  for (const auto& d : dbs.value()) {
    auto check = w.verifyDatabase(d.id, verify ? ws::VerifyMode::Full : ws::VerifyMode::Quick);
    if (!check) return check.error();
    dbList.push_back(
        {{"id", d.id},
         {"path", d.path},
         {"display_name", d.displayName},
         {"sha256", d.sha256},
         {"size_bytes", d.sizeBytes},
         {"attached_at", d.attachedAt},
         {"state", ws::stateName(check->state)},
         {"moved_to", check->movedTo ? nlohmann::json(*check->movedTo) : nlohmann::json(nullptr)}});
  }
  j["databases"] = dbList;
  auto runs = w.runs();
  if (!runs) return runs.error();
  nlohmann::json runList = nlohmann::json::array();
  for (const auto& r : runs.value()) {
    auto n = w.caseCount(r.id);
    if (!n) return n.error();
    runList.push_back({{"id", r.id},
                       {"name", r.info.name},
                       {"model", r.info.model},
                       {"source_file", r.info.sourceFile},
                       {"created_at", r.createdAt},
                       {"cases", n.value()}});
  }
  j["runs"] = runList;
  auto settings = w.settings();
  if (!settings) return settings.error();
  j["settings"] = settings.value();
  return j;
}

int runWorkspace(const Args& args) {
  const bool create = args.has("create");
  const bool info = args.has("info");
  if (create == info) {
    return fail(
        makeError(ErrorKind::BadInput, "usage", "workspace needs exactly one of --create F or --info F"));
  }
  const std::string path = *args.get(create ? "create" : "info");
  auto w = create ? ws::Workspace::create(path) : ws::Workspace::open(path);
  if (!w) return fail(w.error());
  auto j = describe(w.value(), args.has("verify"));
  if (!j) return fail(j.error());
  j.value()["created"] = create;
  print(j.value());
  return kOk;
}

const CommandRegistration kWorkspace{
    {"workspace",
     "workspace (--create F | --info F) [--verify]   create a workspace, or describe one",
     {"verify"},
     runWorkspace,
     {"hallusql-cli workspace --create review.hallusql",
      "hallusql-cli workspace --info review.hallusql --verify"}}};

}  // namespace
}  // namespace hs::cli
