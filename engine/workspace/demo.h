#pragma once
// The bundled demo: a small sample database (resources/demo/demo.sql: students, pets, owners, vet
// visits) and a workspace with that database attached and the demo cases (resources/demo/cases.jsonl)
// imported into a run named "demo". Both resources are embedded in the engine.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/case.h"
#include "engine/core/error.h"

namespace hs::ws {

inline constexpr const char* kDemoRunName = "demo";
inline constexpr const char* kDemoDatabaseFile = "demo.sqlite";
inline constexpr const char* kDemoWorkspaceFile = "demo.hallusql";

struct DemoInfo {
  std::string dir;
  std::string databasePath;   // <dir>/demo.sqlite
  std::string workspacePath;  // <dir>/demo.hallusql
  std::int64_t databaseId = 0;
  std::int64_t runId = 0;
  std::size_t caseCount = 0;
  bool reused = false;  // true when both files existed, were valid and current
};

// The embedded SQL script and JSONL text.
std::string_view demoSql();
std::string_view demoCasesJsonl();

// The demo cases parsed from the embedded JSONL.
Result<std::vector<hs::Case>> demoCases();

// Parses JSON Lines of cases (fields: id, db_id, question, evidence, gold_sql, pred_sql, model,
// difficulty); blank lines are skipped; an error names `source` and the 1-based line.
Result<std::vector<hs::Case>> parseCasesJsonl(std::string_view text, const std::string& source);

class Workspace;
// Whether `ws` is a bundled demo workspace made by createDemo() (it carries the demo's resource
// hashes). A copy saved elsewhere stops being one after unmarkDemo().
bool isDemoWorkspace(const Workspace& ws);
Status unmarkDemo(Workspace& ws);

// $XDG_DATA_HOME/hallusql/demo, else ~/.local/share/hallusql/demo.
std::string defaultDemoDir();

// Creates <dir>/demo.sqlite and <dir>/demo.hallusql (the directory is created if needed), or reuses
// them when both are valid and were made from this build's demo resources. Each file is built under
// a temporary name and renamed into place, so a crash never leaves a half-written one.
Result<DemoInfo> createDemo(const std::string& dir);

}  // namespace hs::ws
