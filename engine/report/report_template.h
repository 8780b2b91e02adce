#pragma once
// The Mustache templates of the HTML report (resources/report/*.mustache, built into the engine),
// and renderHtml with templates from elsewhere, so that a test can hand it a broken one.
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "engine/core/error.h"
#include "engine/report/report_render.h"

namespace hs::report {

// The text of a report template by name ("report.html", the page; "case.html", one case of the
// appendix), or nothing when there is no such template.
using TemplateSource = std::function<std::optional<std::string_view>(std::string_view name)>;

// The templates built into the engine: resources/report/NAME.mustache.
std::optional<std::string_view> embeddedTemplate(std::string_view name);

// renderHtml with the templates of `templates`. A template that is missing or does not parse is
// Error "template" (ErrorKind::Internal: the built-in ones are part of the program) whose `where`
// names it and whose `line` is the line of the template file, when known.
Result<std::string> renderHtml(const ReportInput& input, const HtmlOptions& options,
                               const TemplateSource& templates);

}  // namespace hs::report
