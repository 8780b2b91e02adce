// libFuzzer target: a byte blob written to a file and opened as a workspace (engine/workspace).
// Invariants: Workspace::open either refuses the file or opens it cleanly (then its reads work
// without a crash); a refused file is left exactly as it was, with no -wal, -shm or -journal file
// beside it. isWorkspaceFile() never writes either.
#include <sys/stat.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "engine/workspace/results_store.h"
#include "engine/workspace/workspace.h"

namespace {

namespace fs = std::filesystem;

const fs::path& scratchDir() {
  static const fs::path dir = [] {
    fs::path d = fs::temp_directory_path() / ("hallusql-fuzz-ws-" + std::to_string(::getpid()));
    fs::create_directories(d);
    std::atexit([] {
      std::error_code ec;
      fs::remove_all(fs::temp_directory_path() / ("hallusql-fuzz-ws-" + std::to_string(::getpid())), ec);
    });
    return d;
  }();
  return dir;
}

std::string readAll(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

bool anySidecar(const fs::path& p) {
  for (const char* suffix : {"-wal", "-shm", "-journal"}) {
    if (fs::exists(p.string() + suffix)) return true;
  }
  return false;
}

void removeAll(const fs::path& p) {
  std::error_code ec;
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) fs::remove(p.string() + suffix, ec);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const fs::path file = scratchDir() / "input.hallusql";
  removeAll(file);
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  {
    std::ofstream out(file, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  bool looksLikeOne = hs::ws::isWorkspaceFile(file.string());
  if (readAll(file) != bytes || anySidecar(file)) std::abort();  // the check only reads

  auto ws = hs::ws::Workspace::open(file.string());
  if (!ws) {
    // Refused: not a byte changed, nothing left beside it.
    if (readAll(file) != bytes || anySidecar(file)) std::abort();
    if (ws.error().message.empty()) std::abort();
    removeAll(file);
    return 0;
  }
  (void)looksLikeOne;
  // Opened: the reads of every store must not crash on what the file holds.
  (void)ws->schemaVersion();
  (void)ws->settings();
  (void)ws->databases();
  if (auto runs = ws->runs()) {
    for (const auto& run : *runs) {
      (void)hs::ws::caseSummaries(*ws, run.id);
      auto cases = ws->cases(run.id);
      if (!cases) continue;
      std::size_t n = 0;
      for (const auto& c : *cases) {  // stored JSON columns go through the bounded reader
        if (++n > 64) break;
        (void)hs::ws::loadOutcome(*ws, c.id);
      }
    }
  }
  ws->close();
  removeAll(file);
  return 0;
}
