#pragma once
// Plain records stored in a workspace (see migrations.cpp for the tables).
#include <cstdint>
#include <optional>
#include <string>

#include "engine/core/case.h"

namespace hs::ws {

// A database attached to the project: the file as it was when attached.
struct DatabaseRecord {
  std::int64_t id = 0;
  std::string path;  // absolute
  std::string displayName;
  std::string sha256;  // lower-case hex
  std::int64_t sizeBytes = 0;
  std::int64_t mtimeNs = 0;  // ns since the Unix epoch
  std::string attachedAt;    // ISO 8601 UTC
};

enum class DatabaseState {
  Unchanged,  // same bytes as when attached
  Touched,    // size or time differ but the content hash is the same
  Changed,    // different content
  Moved,      // gone from its path, but a file with the same content sits next to the workspace
  Missing,    // gone, and not found next to the workspace
};

// "unchanged", "touched", ... (not named toString: QTest would pick it up and free its result).
const char* stateName(DatabaseState state);

struct DatabaseCheck {
  DatabaseState state = DatabaseState::Unchanged;
  DatabaseRecord recorded;
  std::optional<std::string> currentSha256;  // when the file (or its moved copy) could be read
  std::optional<std::int64_t> currentSize;
  std::optional<std::string> movedTo;  // the candidate path when state == Moved
  std::string message;                 // human-readable summary naming the file
};

// Hashing a large database takes time; Quick compares size and time only.
enum class VerifyMode { Full, Quick };

struct RunInfo {
  std::string name;
  std::string model;
  std::string sourceFile;
  std::string settingsJson = "{}";  // must be valid JSON
};

struct RunRecord {
  std::int64_t id = 0;
  RunInfo info;
  std::string createdAt;
};

struct CaseRecord {
  std::int64_t id = 0;  // row id in the workspace
  std::int64_t runId = 0;
  std::optional<std::int64_t> databaseId;
  std::int64_t position = 0;
  hs::Case kase;
};

}  // namespace hs::ws
