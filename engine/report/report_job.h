#pragma once
// Writing a review report of one workspace run to a file, written once for every front end
// (`hallusql-cli report` and File ▸ Export Report… in the window): load the run, render it in the
// chosen format, write the file atomically. Progress per step; cancel between steps (a cancelled
// report leaves no file behind).
#include <cstdint>
#include <optional>
#include <string>

#include "engine/core/error.h"
#include "engine/report/report_input.h"
#include "engine/workflow/control.h"

namespace hs::report {

enum class ReportFormat { Html, Pdf, Csv, Jsonl };

const char* formatName(ReportFormat format);  // "html", "pdf", "csv", "jsonl"
std::optional<ReportFormat> reportFormatFromString(const std::string& name);

struct ReportRequest {
  std::string workspacePath;
  std::optional<std::int64_t> runId;   // wins over runName
  std::optional<std::string> runName;  // the newest run of that name; neither: the only run
  ReportFormat format = ReportFormat::Html;
  Language language = Language::English;
  std::string outPath;
};

struct ReportWritten {
  std::string outPath;
  std::string runName;
  std::size_t cases = 0;
  std::uintmax_t bytes = 0;
};

// Error "cancelled" (ErrorKind::Cancelled) when the token fired before the file was written.
Result<ReportWritten> writeReport(const ReportRequest& request, const workflow::ProgressFn& progress = {},
                                  const workflow::CancelToken& cancel = {});

}  // namespace hs::report
