#pragma once
// Small pieces the HTML report is made of: escaping (the one escaping function of the report's
// templates too), numbers, SQL with finding spans marked.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "engine/core/finding.h"
#include "engine/report/report_text.h"

namespace hs::report {

// `text` for HTML text and attribute values: & < > " ' escaped; NUL and the other C0 controls
// (but tab, LF and CR), DEL, C1 controls and invalid UTF-8 replaced by U+FFFD; the bidirectional
// embeddings, overrides and isolates (U+202A..U+202E, U+2066..U+2069) shown as "<U+202E>" so that
// they cannot reorder the text around them ("abc" U+202E "gnp.exe" reads "abc<U+202E>gnp.exe").
std::string htmlEscape(std::string_view text);

// The report shows at most this many bytes of a reviewer's note (an old workspace may hold longer
// ones; the CSV and JSON Lines data hold them whole).
inline constexpr std::size_t kReportNoteBytes = 4096;
// `note` cut to kReportNoteBytes at a character boundary, followed by a marker saying how many
// bytes were left out; shorter notes unchanged.
std::string shownNote(std::string_view note, Language language);

// "81.4%" from a rate in [0, 1]; "–" when it is not a number.
std::string fmtRate(const nlohmann::json& rate);
std::string fmtNum(double value, const char* format = "%.3f");

// The SQL of one side with each finding span on that side wrapped in <mark class="s-STYLE"
// title="category: message"> in `language` (the application's style of the category, report_style.h); a span
// inside another is a mark inside its mark, crossing spans are split where they cross.
std::string markedSql(const std::string& sql, const std::string& side, const std::vector<Finding>& findings,
                      Language language);

}  // namespace hs::report
