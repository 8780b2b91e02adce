#pragma once
// The report draws finding spans, tags and legend swatches in the application's styles: one CSS
// class per style of the one category table (engine/core/finding_categories.h), so a C5 finding is
// underlined in the C5 colour in the report as in the case view.
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/finding.h"
#include "engine/report/report_input.h"

namespace hs::report {

// CSS rules for every style of findingStyles(): `mark.s-KEY` (the highlight: box, thick underline,
// dotted box, squiggle) and `.tag.s-KEY` / `.bar.s-KEY` (solid colour).
std::string findingStyleCss();

// "s-" + the style key of a finding's category ("s-mr-columns" for C5; "s-other" when unknown).
std::string styleClass(std::string_view taxonomy, std::string_view category);
inline std::string styleClass(const Finding& f) {
  return styleClass(f.taxonomy, f.category);
}

// The legend: (style key, label) of each style key in `keys` (without "s-"), in the table's legend
// order.
std::vector<std::pair<std::string, std::string>> legendEntries(const std::set<std::string>& keys,
                                                               Language language);

}  // namespace hs::report
