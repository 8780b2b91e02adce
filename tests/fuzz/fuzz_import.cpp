// libFuzzer target: the import formats (JSONL, MRSQLGen JSONL, drill-down JSON, Spider JSON and
// gold lines, BIRD JSON, CSV) read from a real file as importCases() reads them (streamed lines and
// CSV records, format detection, the not-text check, the warning cap) and the bounded JSON reader.
// The first byte picks the format.
// Invariants: no crash or sanitizer report; every warning/error offset lies inside the input; no
// more than kMaxIssuesPerImport + 1 warnings or errors reach the caller.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>

#include "engine/core/json_input.h"
#include "engine/workspace/import/import.h"
#include "engine/workspace/import/import_internal.h"

namespace imp = hs::ws::import;

namespace {

void checkOffsets(const imp::ImportReport& r, std::size_t size) {
  for (const auto* list : {&r.warnings, &r.errors})
    for (const hs::Error& e : *list)
      if (e.offset && *e.offset > size) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const int which = data[0] % 8;
  std::string bytes(reinterpret_cast<const char*>(data + 1), size - 1);
  auto json = hs::parseJsonBounded(bytes);
  if (!json && json.error().offset && *json.error().offset > bytes.size()) std::abort();
  if (which == 6) {
    std::string sql = bytes;
    (void)imp::stripTrailingDbId(sql);
    (void)imp::detail::mrsqlgenCode(bytes);
    return 0;
  }
  // Every format through a real file: lines and CSV records stream from it.
  static const std::string path = "/tmp/hallusql-fuzz-import-" + std::to_string(::getpid()) + ".json";
  {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f << bytes;
  }
  static constexpr imp::Format kFormats[] = {
      imp::Format::Jsonl, imp::Format::MrSqlGen, imp::Format::Drilldown, imp::Format::Spider,
      imp::Format::Bird,  imp::Format::Csv,      imp::Format::Auto,      imp::Format::Auto};
  imp::ImportOptions options;
  options.casesPath = path;
  options.format = kFormats[which];
  imp::ImportReport report = imp::importCases(options);
  if (report.warnings.size() > imp::kMaxIssuesPerImport + 1 ||
      report.errors.size() > imp::kMaxIssuesPerImport + 1)
    std::abort();
  checkOffsets(report, bytes.size());
  return 0;
}
