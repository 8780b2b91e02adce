#pragma once
// The report's own words in the UI languages (English, Simplified Chinese). The engine has no Qt, so
// the report carries its small catalogue; finding texts (category names, subcategories, messages)
// come from the engine's one catalogue of them (engine/core/finding_texts.h).
#include <string>

#include "engine/core/finding_texts.h"
#include "engine/report/report_input.h"

namespace hs::report {

// The text for `key` (an English phrase) in `lang`; the key itself when there is no translation.
std::string tr(Language lang, const std::string& key);

// Display name of a finding category: "C5" -> "C5 Column Selection Error", TA-SQL names, gold-free
// ids ("value_absent" -> "Value absent from the database").
std::string categoryName(Language lang, const std::string& taxonomy, const std::string& category);
// A finding's subcategory and message as stored, in `lang` (SQL fragments and values unchanged).
std::string subcategoryText(Language lang, const std::string& subcategory);
std::string messageText(Language lang, const std::string& message);
// The finding texts (labels of the category and style tables, subcategories, messages) in `lang`.
const FindingTexts& findingTexts(Language lang);

}  // namespace hs::report
