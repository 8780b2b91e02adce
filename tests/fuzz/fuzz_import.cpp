// libFuzzer target: the import formats (JSONL, MRSQLGen JSONL, drill-down JSON, Spider JSON and
// gold lines, BIRD JSON, CSV), the bounded JSON reader and the file-level path through a real file
// (format detection, the not-text check, the warning cap). The first byte picks the format.
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
#include "engine/workspace/import/source_text.h"

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
  imp::ImportReport report;
  imp::ImportOptions options;
  if (which == 7) {  // the whole path through a file: detection, reading, capping
    static const std::string path = "/tmp/hallusql-fuzz-import-" + std::to_string(::getpid()) + ".json";
    {
      std::ofstream f(path, std::ios::binary | std::ios::trunc);
      f << bytes;
    }
    options.casesPath = path;
    report = imp::importCases(options);
    if (report.warnings.size() > imp::kMaxIssuesPerImport + 1 ||
        report.errors.size() > imp::kMaxIssuesPerImport + 1)
      std::abort();
    checkOffsets(report, bytes.size());
    return 0;
  }
  if (imp::notTextError(bytes, "fuzz")) return 0;  // readSourceText refuses such files
  imp::SourceText source = imp::sourceTextFrom("fuzz", bytes);
  switch (which) {
    case 0:
      imp::detail::importJsonl(source, options, false, report);
      break;
    case 1:
      imp::detail::importJsonl(source, options, true, report);
      break;
    case 2:
      imp::detail::importDrilldown(source, options, report);
      break;
    case 3:
      imp::detail::importSpider(source, options, report);
      break;
    case 4:
      imp::detail::importBird(source, options, report);
      break;
    case 5:
      imp::detail::importCsv(source, options, report);
      break;
    default: {
      std::string sql = bytes;
      (void)imp::stripTrailingDbId(sql);
      (void)imp::detail::mrsqlgenCode(bytes);
      break;
    }
  }
  checkOffsets(report, bytes.size());
  return 0;
}
