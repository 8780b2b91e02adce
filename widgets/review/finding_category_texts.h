// The source texts of the engine's finding categories, as lupdate sees them.
#pragma once

#include <vector>

namespace hs::ui {

// Every label and description of engine/core/finding_categories.cpp, marked for translation in
// the context "hs::FindingCategories" (the engine cannot mark them for lupdate itself).
const std::vector<const char*>& findingCategoryTexts();

}  // namespace hs::ui
