#pragma once
// How findings look in every editor (case view and Query tab): the style of each category comes
// from the engine's one table (engine/core/finding_categories.h). TA-SQL's six categories are
// filled boxes, MRSQLGen's C1..C10 thick underlines coloured by family, the gold-free checks dotted
// boxes coloured by family; the shape tells the taxonomy, the colour the group.
#include <QCoreApplication>
#include <QPixmap>
#include <QString>

#include "widgets/indicator_registry.h"

namespace hs {
struct Finding;
}

namespace hs::ui {

struct FindingStyleGroup {
  QString key;    // indicator name, e.g. "finding-tasql-0"
  QString label;  // legend text, translated
  IndicatorStyle style;
  int order = 0;  // legend order
};

class FindingStyles {
  Q_DECLARE_TR_FUNCTIONS(hs::ui::FindingStyles)
 public:
  static FindingStyleGroup groupOf(const hs::Finding& finding);
  // "TA-SQL", "MRSQLGen", "Gold-free", ...
  static QString taxonomyLabel(const QString& taxonomy);
  // A small picture of the indicator style for legends and lists.
  static QPixmap swatch(const IndicatorStyle& style, int width = 28, int height = 16);
  // The category's label and description from the engine's table (translated).
  static QString categoryLabel(const hs::Finding& finding);
  static QString categoryLabel(const std::string& taxonomy, const std::string& category);
  static QString categoryDescription(const hs::Finding& finding);
  // The finding's subcategory and message in the UI language (engine/core/finding_texts.h: SQL
  // fragments and values kept; a message no template knows is shown as stored).
  static QString subcategoryText(const hs::Finding& finding);
  static QString subcategoryText(const std::string& subcategory);
  static QString messageText(const hs::Finding& finding);
  // A reason of the risk score as stored ("value_absent: no row has ..."), in the UI language.
  static QString riskReasonText(const std::string& reason);
  // The tooltip of a finding's span: taxonomy, category, subcategory, message and why.
  static QString tooltip(const hs::Finding& finding);
};

}  // namespace hs::ui
