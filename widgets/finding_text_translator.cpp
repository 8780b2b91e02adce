#include "widgets/finding_text_translator.h"

#include <cstring>

#include "engine/core/finding_texts.h"

namespace hs::ui {

bool FindingTextTranslator::setLanguage(const QString& language) {
  const hs::FindingTexts& t = hs::FindingTexts::of(language.toStdString());
  texts_ = t.empty() ? nullptr : &t;
  return texts_ != nullptr;
}

QString FindingTextTranslator::translate(const char* context, const char* sourceText, const char*,
                                         int) const {
  if (!texts_ || !context || !sourceText) return {};
  std::string out;
  if (std::strcmp(context, "hs::FindingMessages") == 0)
    out = texts_->message(sourceText);
  else if (std::strcmp(context, "hs::FindingSubcategories") == 0)
    out = texts_->subcategory(sourceText);
  else if (std::strcmp(context, "hs::FindingRiskReasons") == 0)
    out = texts_->riskReason(sourceText);
  else if (std::strcmp(context, "hs::FindingCategories") == 0)
    out = texts_->label(sourceText);
  else
    return {};
  // Unchanged means untranslated: let the source text (or another translator) answer.
  return out == sourceText ? QString() : QString::fromStdString(out);
}

}  // namespace hs::ui
