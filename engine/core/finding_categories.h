#pragma once
// The one table of finding categories (issue 13): for every (taxonomy, category) the engine can
// emit, its family, an English label and description (source texts of the translations in
// translations/finding_texts_<lang>.json, engine/core/finding_texts.h), and the
// style key every screen draws it with. The Query tab, the Review case view, reports and the legend
// all read this table, so the same finding looks the same everywhere.
#include <cstdint>
#include <string_view>
#include <vector>

namespace hs {

// How a style is drawn (the widgets map it onto editor indicators).
enum class StyleShape { Box, Underline, DottedBox, Squiggle };

struct FindingStyleInfo {
  std::string_view key;    // "tasql-schema", "mr-values", "gf-result", ...
  std::string_view label;  // legend text (English source of the translation)
  StyleShape shape = StyleShape::Box;
  std::uint32_t rgb = 0x7f7f7f;
  int alpha = 60;  // fill alpha for box shapes
  int order = 0;   // legend order
};

struct FindingCategoryInfo {
  std::string_view taxonomy;  // Finding::taxonomy: "tasql", "mrsqlgen", "goldfree", "mr"
  std::string_view id;        // Finding::category; "*" = any category of the taxonomy
  std::string_view family;    // e.g. "schema", "values", "columns", "result", "cues"
  std::string_view label;     // e.g. "Operator misuse"
  std::string_view description;
  std::string_view style;  // FindingStyleInfo::key
};

const std::vector<FindingCategoryInfo>& findingCategories();
const std::vector<FindingStyleInfo>& findingStyles();

// The entry of a finding's category (an exact id first, then the taxonomy's "*"); nullptr when the
// table does not know it.
const FindingCategoryInfo* findCategory(std::string_view taxonomy, std::string_view id);
const FindingStyleInfo* findStyle(std::string_view key);
// The style of a category, or the fallback style "other" when the category is unknown.
const FindingStyleInfo& styleOf(std::string_view taxonomy, std::string_view id);

}  // namespace hs
