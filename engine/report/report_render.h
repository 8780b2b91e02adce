#pragma once
// Rendering a review report: one self-contained HTML file (inline CSS, charts as inline SVG, no
// network, printable), PDF (the same HTML printed by a headless Chromium), and the data as CSV or
// JSON Lines with one row per case, finding and annotation (column/field `kind`).
#include <string>

#include "engine/core/error.h"
#include "engine/report/report_input.h"

namespace hs::report {

std::string renderHtml(const ReportInput& input);
std::string renderCsv(const ReportInput& input);
std::string renderJsonl(const ReportInput& input);

// Prints renderHtml(input) to `pdfPath` with Chromium (`chromium` or `chromium-browser` on PATH,
// or $HALLUSQL_CHROMIUM). The file is written under a temporary name and renamed when complete.
// Error "external" when no Chromium is installed or it fails.
Status renderPdf(const ReportInput& input, const std::string& pdfPath);

// Writes `text` to `path` atomically (temporary file in the same directory, then rename).
Status writeFileAtomically(const std::string& path, const std::string& text);

}  // namespace hs::report
