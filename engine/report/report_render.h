#pragma once
// Rendering a review report: one self-contained HTML file (inline CSS, charts as inline SVG, no
// network, printable), PDF (the same HTML printed by a headless Chromium), and the data as CSV or
// JSON Lines with one row per case, finding and annotation (column/field `kind`).
#include <atomic>
#include <cstddef>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/output_file.h"
#include "engine/report/report_input.h"

namespace hs::report {

struct HtmlOptions {
  // At most this many cases in the appendix (0: all); a line says how many more the data files
  // hold. The PDF uses kPdfAppendixCases: Chromium prints some 4 cases a page, and a run of
  // 10,000 cases would otherwise make a PDF of over a thousand pages that it cannot finish.
  std::size_t maxAppendixCases = 0;
};
inline constexpr std::size_t kPdfAppendixCases = 1000;

// The HTML report, from the templates resources/report/*.mustache; Error "template" (Internal) if
// one of them is broken.
Result<std::string> renderHtml(const ReportInput& input, const HtmlOptions& options = {});
std::string renderCsv(const ReportInput& input);
std::string renderJsonl(const ReportInput& input);

// Prints renderHtml(input) to `pdfPath` with Chromium (`chromium` or `chromium-browser` on PATH,
// or $HALLUSQL_CHROMIUM). The file is written under a temporary name and renamed when complete.
// Error "external" when no Chromium is installed or it fails.
// `cancel`, when given and set while Chromium prints, stops it: error "cancelled", no file.
Status renderPdf(const ReportInput& input, const std::string& pdfPath,
                 const std::atomic<bool>* cancel = nullptr);

// Whether a report can be written to `path`, checked before any work: the folder exists and is
// writable, and the path is none of `inputs` (the workspace the report reads), no SQLite database
// and no folder or other non-regular file (hs::checkOutputTarget). The error names the path.
Status checkOutputPath(const std::string& path, const std::vector<ProtectedFile>& inputs = {});

}  // namespace hs::report
