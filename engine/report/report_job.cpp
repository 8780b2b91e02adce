#include "engine/report/report_job.h"

#include <filesystem>

#include "engine/core/output_file.h"
#include "engine/report/report_load.h"
#include "engine/report/report_render.h"
#include "engine/workspace/workspace.h"

namespace hs::report {

namespace {

Error cancelledError() {
  return makeError(ErrorKind::Cancelled, "cancelled", "the report was cancelled");
}

}  // namespace

const char* formatName(ReportFormat format) {
  switch (format) {
    case ReportFormat::Html:
      return "html";
    case ReportFormat::Pdf:
      return "pdf";
    case ReportFormat::Csv:
      return "csv";
    case ReportFormat::Jsonl:
      return "jsonl";
  }
  return "html";
}

std::optional<ReportFormat> reportFormatFromString(const std::string& name) {
  for (ReportFormat f : {ReportFormat::Html, ReportFormat::Pdf, ReportFormat::Csv, ReportFormat::Jsonl})
    if (name == formatName(f)) return f;
  return std::nullopt;
}

Result<ReportWritten> writeReport(const ReportRequest& request, const workflow::ProgressFn& progress,
                                  const workflow::CancelToken& cancel) {
  constexpr std::size_t kSteps = 3;
  workflow::report(progress, 0, kSteps, "Reading the run");
  if (!ws::isWorkspaceFile(request.workspacePath)) {
    Error e = makeError(ErrorKind::BadInput, "not_workspace", "not a HalluSQL workspace");
    e.where = request.workspacePath;
    return e;
  }
  // Refused before any work: printing a PDF of a large run takes seconds.
  if (Status st = checkOutputPath(request.outPath, {{request.workspacePath, "the workspace"}}); !st)
    return st.error();
  auto workspace = ws::Workspace::open(request.workspacePath);
  if (!workspace) return workspace.error();
  auto input = request.runId ? loadReport(*workspace, *request.runId, request.language)
                             : loadReport(*workspace, request.runName, request.language);
  if (!input) return input.error();
  workspace->close();
  if (input->cases.empty()) {
    Error e =
        makeError(ErrorKind::BadInput, "empty_run",
                  "the run '" + input->runName + "' has no cases: nothing to report (import cases first)");
    e.where = request.workspacePath;
    return e;
  }
  if (cancel.cancelled()) return cancelledError();
  workflow::report(progress, 1, kSteps, "Rendering the report");
  Status written = ok();
  if (request.format == ReportFormat::Pdf) {
    workflow::report(progress, 2, kSteps, "Printing the PDF");
    written = renderPdf(*input, request.outPath, cancel.flag());  // Chromium prints the HTML; Cancel stops it
  } else {
    Result<std::string> text = std::string();
    if (request.format == ReportFormat::Html)
      text = renderHtml(*input);  // from the templates: a broken one is an Error
    else
      text = request.format == ReportFormat::Csv ? renderCsv(*input) : renderJsonl(*input);
    if (!text) return text.error();
    if (cancel.cancelled()) return cancelledError();
    workflow::report(progress, 2, kSteps, "Writing the file");
    written = writeOutputFile(request.outPath, *text, "the report file");
  }
  if (!written) return written.error();
  ReportWritten out;
  out.outPath = request.outPath;
  out.runName = input->runName;
  out.cases = input->cases.size();
  std::error_code ec;
  out.bytes = std::filesystem::file_size(request.outPath, ec);
  if (ec) out.bytes = 0;
  workflow::report(progress, kSteps, kSteps, "Done");
  return out;
}

}  // namespace hs::report
