#pragma once
// The HalluSQL project file (*.hallusql): a SQLite database that we own and write, with a
// versioned schema (PRAGMA user_version, see migrations.h), WAL, foreign keys and a busy timeout.
// engine/workspace owns every table of it: other modules read and write through its API
// (results_store.h, llm_calls.h, followups.h, annotations.h), never with SQL of their own. Several
// connections to one file (a second Workspace) are safe: WAL and the busy timeout.
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <sqlite3.h>

#include "engine/core/case.h"
#include "engine/core/error.h"
#include "engine/workspace/records.h"
#include "engine/workspace/transaction.h"

namespace hs::ws {

inline constexpr const char* kWorkspaceExtension = ".hallusql";
inline constexpr int kBusyTimeoutMs = 5000;

// Whether `path` holds a HalluSQL workspace (readable SQLite with our application_id).
bool isWorkspaceFile(const std::string& path);

// Refuses `path` as a workspace to write when it is the same file as one of `inputs` (the user
// databases a command reads, which HalluSQL never writes). `what` names the option, e.g. "--cache".
Status refuseReadInputs(const std::string& path, const std::vector<std::string>& inputs,
                        const std::string& what);

class Workspace {
 public:
  // Creates a new workspace at `path`: built under a temporary name in the same directory and
  // linked into place only when complete. Refuses to replace any existing file.
  static Result<Workspace> create(const std::string& path);
  // Opens an existing workspace and migrates it to the current schema. Refuses, without writing to
  // it (no -wal or -shm file is left either), a file that is not a workspace (an empty file too), a
  // workspace newer than this build, a FIFO or device, and a workspace holding a trigger, a view or
  // any object the migrations do not create; errors name the file (and the object). A corrupt file
  // is refused too. The connection never runs triggers or views (SQLITE_DBCONFIG_ENABLE_TRIGGER/VIEW
  // off, defensive mode on).
  static Result<Workspace> open(const std::string& path);

  Workspace(Workspace&& other) noexcept;
  Workspace& operator=(Workspace&& other) noexcept;
  Workspace(const Workspace&) = delete;
  Workspace& operator=(const Workspace&) = delete;
  ~Workspace();

  void close();
  bool isOpen() const { return db_ != nullptr; }
  const std::string& path() const { return path_; }  // absolute
  sqlite3* handle() const { return db_; }
  Result<int> schemaVersion() const;

  // Writes a consistent copy of the whole workspace to `path` (VACUUM INTO a temporary sibling,
  // synced, then linked or renamed into place: never a half-written file at `path`). Refuses the
  // workspace's own file, and an existing file unless `replace` is set and it is a workspace.
  // This connection stays on the original file.
  Status saveCopy(const std::string& path, bool replace = false) const;

  Result<Transaction> transaction() const { return Transaction::begin(db_, path_); }

  // --- attached databases ---
  // Records the file (absolute path, SHA-256, size, mtime). Attaching a path that is already
  // attached refreshes its record and returns the same id. The file is only read.
  Result<std::int64_t> attachDatabase(const std::string& path, const std::string& displayName = {});
  Result<std::vector<DatabaseRecord>> databases() const;
  Result<DatabaseRecord> database(std::int64_t id) const;
  Result<std::optional<DatabaseRecord>> findDatabaseByPath(const std::string& path) const;
  Status detachDatabase(std::int64_t id);  // cases keep their db_id, lose database_id
  Result<DatabaseCheck> verifyDatabase(std::int64_t id, VerifyMode mode = VerifyMode::Full) const;

  // --- runs ---
  Result<std::int64_t> createRun(const RunInfo& info);
  Result<std::vector<RunRecord>> runs() const;
  Result<RunRecord> run(std::int64_t id) const;
  Result<std::optional<RunRecord>> findRun(const std::string& name) const;  // the newest by that name
  // Deletes the run with its cases and everything hanging off them (executions, scores, findings,
  // annotations, follow-ups, drill-down steps) in one transaction.
  Status deleteRun(std::int64_t id);
  // Renames a run; the name is trimmed and must not be empty. Other runs may share the name.
  Status renameRun(std::int64_t id, const std::string& name);
  // Sets one key of the run's settings JSON (an object), keeping the others, in one transaction.
  // `jsonValue` is JSON text (e.g. "true", "\"/data/spider\""); an empty value removes the key.
  Status setRunSetting(std::int64_t id, const std::string& key, const std::string& jsonValue);
  // `base` when no run has that name, else "base (2)", "base (3)", ... (the first free one).
  Result<std::string> unusedRunName(const std::string& base) const;

  // --- cases ---
  // Inserts all cases in one transaction (all or nothing) and returns their ids in order.
  // `databaseFor` maps a case to an attached database (may be empty: no database_id).
  using DatabaseResolver = std::function<std::optional<std::int64_t>(const hs::Case&)>;
  Result<std::vector<std::int64_t>> insertCases(std::int64_t runId, const std::vector<hs::Case>& cases,
                                                const DatabaseResolver& databaseFor = {});
  Result<std::vector<CaseRecord>> cases(std::int64_t runId) const;
  Result<CaseRecord> caseById(std::int64_t id) const;
  Result<std::int64_t> caseCount(std::int64_t runId) const;

  // --- settings (key/value text) ---
  Status setSetting(const std::string& key, const std::string& value);
  Result<std::optional<std::string>> setting(const std::string& key) const;
  Status removeSetting(const std::string& key);
  Result<std::map<std::string, std::string>> settings() const;

  // --- introspection (for `hallusql-cli workspace --info`) ---
  Result<std::vector<std::string>> tableNames() const;
  Result<std::int64_t> rowCount(const std::string& table) const;  // table must be one of tableNames()

 private:
  Workspace(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}
  Error closedError() const;

  sqlite3* db_ = nullptr;
  std::string path_;
};

}  // namespace hs::ws
