#pragma once
// Rendering a report template with kainjow's Mustache: the engine's side of the templates (the
// data they are filled with is a kainjow::mustache::data built by report_html.cpp and
// report_summary.cpp; the markup is in the templates).
#include <string>
#include <string_view>
#include <vector>

#include <kainjow/mustache.hpp>

#include "engine/core/error.h"
#include "engine/report/report_template.h"

namespace hs::report {

namespace mustache = kainjow::mustache;

// An empty list for a template's {{#section}} (kainjow's default data is an object).
inline mustache::data newList() {
  return mustache::data(mustache::data::type::list);
}

// `name` from `templates`, filled with `view`; every {{x}} is escaped by htmlEscape (NUL and
// controls as U+FFFD, bidi controls as visible "<U+202E>"), {{{x}}} is not. The templates of
// `partials` are given to it as {{> NAME}}. Error as for renderHtml(..., templates).
Result<std::string> renderTemplate(const TemplateSource& templates, std::string_view name,
                                   const std::vector<std::string_view>& partials, mustache::data& view);

}  // namespace hs::report
