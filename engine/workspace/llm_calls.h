#pragma once
// The workspace table llm_calls (migration 2): the transcript and cache of LLM calls. engine/llm
// only knows the abstract llm::CallStore; WorkspaceCallStore is its implementation on a workspace
// file, and the only code that reads or writes the table.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/llm/call_store.h"
#include "engine/workspace/workspace.h"

namespace hs::ws {

// Appends a record (createdAt filled when empty); returns its row id.
Result<std::int64_t> recordLlmCall(Workspace& ws, llm::CallRecord rec);
// The newest successful record with this cache key, if any.
Result<std::optional<llm::CallRecord>> findLlmCall(const Workspace& ws, const std::string& cacheKey);
// The newest `limit` records, newest first.
Result<std::vector<llm::CallRecord>> recentLlmCalls(const Workspace& ws, std::size_t limit);

// llm::CallStore on the llm_calls table of a workspace, through its own connection (thread-safe).
class WorkspaceCallStore : public llm::CallStore {
 public:
  // An existing workspace (Workspace::open refuses anything else, untouched).
  static Result<std::unique_ptr<WorkspaceCallStore>> open(const std::string& path);
  // The CLI's --cache FILE: the workspace at `path`, created when no file is there. Refuses a file
  // that is not a HalluSQL workspace, a workspace of a newer version, and any of `inputs` (the
  // databases the command reads), all without writing to them.
  static Result<std::unique_ptr<WorkspaceCallStore>> openOrCreate(
      const std::string& path, const std::vector<std::string>& inputs = {});

  Result<std::int64_t> record(llm::CallRecord rec) override;
  Result<std::optional<llm::CallRecord>> findOk(const std::string& cacheKey) override;
  Result<std::vector<llm::CallRecord>> recent(std::size_t limit) override;

  const std::string& path() const { return ws_.path(); }

 private:
  explicit WorkspaceCallStore(Workspace ws) : ws_(std::move(ws)) {}
  std::mutex mutex_;
  Workspace ws_;
};

}  // namespace hs::ws
