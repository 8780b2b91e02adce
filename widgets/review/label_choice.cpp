// LabelChoice: the hallucination types and TA-SQL categories a reviewer labels a case with.
#include "widgets/review/label_choice.h"

#include <QStringList>

#include "engine/mr/hkb.h"
#include "widgets/case_finding_styles.h"

namespace hs::ui {

namespace {

const char* const kTaSqlCategories[] = {
    "Schema Contradiction", "Attribute Overanalysis", "Value Misrepresentation",
    "Join Redundancy",      "Clause Abuse",           "Mathematical Delusion"};

}  // namespace

LabelChoice::LabelChoice(QWidget* parent) : QComboBox(parent) {
  setObjectName(QStringLiteral("annotationCategory"));
  setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  setMinimumContentsLength(13);  // "C6 Condition…": the popup shows them whole
}

std::optional<LabelChoice::Label> LabelChoice::chosen() const {
  const QStringList choice = currentData().toStringList();
  if (choice.size() != 2) return std::nullopt;
  return Label{choice[0], choice[1]};
}

void LabelChoice::retranslate() {
  const int current = currentIndex();
  const QSignalBlocker block(this);
  clear();
  for (int t = 1; t <= hs::mr::kHallucinationTypes; ++t) {
    const std::string code = hs::mr::typeCode(t);
    addItem(FindingStyles::categoryLabel("mrsqlgen", code),
            QStringList{QStringLiteral("mrsqlgen"), QString::fromStdString(code)});
  }
  insertSeparator(count());
  for (const char* c : kTaSqlCategories)
    addItem(tr("TA-SQL: %1").arg(FindingStyles::categoryLabel("tasql", c)),
            QStringList{QStringLiteral("tasql"), QLatin1String(c)});
  setCurrentIndex(current < 0 ? 0 : current);
}

}  // namespace hs::ui
