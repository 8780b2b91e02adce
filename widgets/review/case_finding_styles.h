#pragma once
// How findings look in the case view: one indicator style per category group. TA-SQL's six
// categories are filled boxes, MRSQLGen's C1..C10 thick underlines coloured by family, the
// gold-free checks dotted boxes coloured by family; the shape tells the taxonomy, the colour the
// group, so the colours stay few and distinguishable.
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
  // The tooltip of a finding's span: taxonomy, category, subcategory and message.
  static QString tooltip(const hs::Finding& finding);
};

}  // namespace hs::ui
