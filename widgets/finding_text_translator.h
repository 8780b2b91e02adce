#pragma once
// Finding texts in the GUI: a QTranslator that answers the contexts of the engine's finding texts
// from the engine's one catalogue of their translations (engine/core/finding_texts.h), so the GUI
// and the report read the same source. Contexts:
//   hs::FindingCategories     category labels, descriptions and legend texts
//   hs::FindingSubcategories  a finding's subcategory as stored ("aggregate function")
//   hs::FindingMessages       a finding's message (or explanation) as stored, arguments kept
//   hs::FindingRiskReasons    a reason of the risk score as stored
#include <QTranslator>

namespace hs {
class FindingTexts;
}

namespace hs::ui {

class FindingTextTranslator : public QTranslator {
  Q_OBJECT
 public:
  explicit FindingTextTranslator(QObject* parent = nullptr) : QTranslator(parent) {}
  // "zh_CN"; false (and nothing to translate) for a language without finding texts.
  bool setLanguage(const QString& language);

  QString translate(const char* context, const char* sourceText, const char* disambiguation = nullptr,
                    int n = -1) const override;
  bool isEmpty() const override { return texts_ == nullptr; }

 private:
  const hs::FindingTexts* texts_ = nullptr;
};

}  // namespace hs::ui
