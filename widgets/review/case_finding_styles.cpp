#include "widgets/review/case_finding_styles.h"

#include <QPainter>

#include <array>

#include "engine/core/finding.h"
#include "widgets/finding_names.h"

namespace hs::ui {

namespace {

constexpr int kRoundBox = 7;     // INDIC_ROUNDBOX
constexpr int kStraightBox = 8;  // INDIC_STRAIGHTBOX
constexpr int kDotBox = 12;      // INDIC_DOTBOX
constexpr int kThickUnder = 14;  // INDIC_COMPOSITIONTHICK

// Tableau-10-like colours, distinguishable and readable on white.
const QColor kRed(0xd6, 0x27, 0x28);
const QColor kOrange(0xf2, 0x8e, 0x2b);
const QColor kBlue(0x1f, 0x77, 0xb4);
const QColor kPurple(0x94, 0x67, 0xbd);
const QColor kGreen(0x2c, 0xa0, 0x2c);
const QColor kBrown(0x8c, 0x56, 0x4b);
const QColor kTeal(0x17, 0x9c, 0x9c);
const QColor kGrey(0x7f, 0x7f, 0x7f);

IndicatorStyle style(int shape, const QColor& color, int alpha) {
  IndicatorStyle s;
  s.scintillaStyle = shape;
  s.color = color;
  s.alpha = alpha;
  s.under = true;
  return s;
}

struct Group {
  const char* key;
  const char* label;  // source text for tr()
  QColor color;
};

// TA-SQL, in the order of seed 001.
const std::array<std::pair<const char*, Group>, 6> kTaSql{{
    {"Schema Contradiction",
     {"tasql-schema", QT_TRANSLATE_NOOP("hs::ui::FindingStyles", "Schema Contradiction"), kRed}},
    {"Attribute Overanalysis",
     {"tasql-attribute", QT_TRANSLATE_NOOP("hs::ui::FindingStyles", "Attribute Overanalysis"), kOrange}},
    {"Value Misrepresentation",
     {"tasql-value", QT_TRANSLATE_NOOP("hs::ui::FindingStyles", "Value Misrepresentation"), kBlue}},
    {"Join Redundancy",
     {"tasql-join", QT_TRANSLATE_NOOP("hs::ui::FindingStyles", "Join Redundancy"), kPurple}},
    {"Clause Abuse", {"tasql-clause", QT_TRANSLATE_NOOP("hs::ui::FindingStyles", "Clause Abuse"), kGreen}},
    {"Mathematical Delusion",
     {"tasql-math", QT_TRANSLATE_NOOP("hs::ui::FindingStyles", "Mathematical Delusion"), kBrown}},
}};

// MRSQLGen C1..C10 by family.
const std::array<Group, 5> kMrFamilies{{
    {"mr-values", QT_TRANSLATE_NOOP("hs::ui::FindingStyles", "C1/C4 operators, values"), kBlue},
    {"mr-tables", QT_TRANSLATE_NOOP("hs::ui::FindingStyles", "C3 tables, joins"), kPurple},
    {"mr-columns", QT_TRANSLATE_NOOP("hs::ui::FindingStyles", "C5/C7/C8 columns, aggregates"), kRed},
    {"mr-conditions", QT_TRANSLATE_NOOP("hs::ui::FindingStyles", "C6 conditions"), kTeal},
    {"mr-order", QT_TRANSLATE_NOOP("hs::ui::FindingStyles", "C2/C9/C10 limit, order, group"), kOrange},
}};
int mrFamily(const std::string& c) {
  if (c == "C1" || c == "C4") return 0;
  if (c == "C3") return 1;
  if (c == "C5" || c == "C7" || c == "C8") return 2;
  if (c == "C6") return 3;
  if (c == "C2" || c == "C9" || c == "C10") return 4;
  return -1;
}

// Gold-free checks by family (engine/annotate/checks.h kGoldFreeCategories).
const std::array<Group, 5> kGoldFreeFamilies{{
    {"gf-names", QT_TRANSLATE_NOOP("hs::ui::FindingStyles", "names"), kRed},
    {"gf-values", QT_TRANSLATE_NOOP("hs::ui::FindingStyles", "values"), kBlue},
    {"gf-structure", QT_TRANSLATE_NOOP("hs::ui::FindingStyles", "joins and arithmetic"), kPurple},
    {"gf-result", QT_TRANSLATE_NOOP("hs::ui::FindingStyles", "result"), kGrey},
    {"gf-cues", QT_TRANSLATE_NOOP("hs::ui::FindingStyles", "question cues"), kGreen},
}};
int goldFreeFamily(const std::string& c) {
  if (c == "unresolved_name" || c == "ambiguous_name" || c == "quoted_identifier") return 0;
  if (c == "value_absent" || c == "value_case" || c == "like_without_wildcard") return 1;
  if (c == "cartesian_join" || c == "integer_division") return 2;
  if (c == "execution_error" || c == "empty_result" || c == "all_null_result") return 3;
  if (c.rfind("cue_", 0) == 0) return 4;
  return -1;
}

}  // namespace

QString FindingStyles::taxonomyLabel(const QString& taxonomy) {
  if (taxonomy == QLatin1String("tasql")) return tr("TA-SQL");
  if (taxonomy == QLatin1String("mrsqlgen")) return tr("MRSQLGen");
  if (taxonomy == QLatin1String("goldfree")) return tr("Gold-free");
  if (taxonomy == QLatin1String("mr")) return tr("Metamorphic");
  return taxonomy;
}

FindingStyleGroup FindingStyles::groupOf(const hs::Finding& f) {
  const QString tax = taxonomyLabel(QString::fromStdString(f.taxonomy));
  if (f.taxonomy == "tasql") {
    for (std::size_t i = 0; i < kTaSql.size(); ++i)
      if (f.category == kTaSql[i].first) {
        const Group& g = kTaSql[i].second;
        return {QStringLiteral("finding-") + QLatin1String(g.key), tax + QStringLiteral(": ") + tr(g.label),
                style(kRoundBox, g.color, 70), static_cast<int>(i)};
      }
  } else if (f.taxonomy == "mrsqlgen") {
    if (const int i = mrFamily(f.category); i >= 0) {
      const Group& g = kMrFamilies[static_cast<std::size_t>(i)];
      return {QStringLiteral("finding-") + QLatin1String(g.key), tax + QStringLiteral(": ") + tr(g.label),
              style(kThickUnder, g.color, 255), 10 + i};
    }
  } else if (f.taxonomy == "goldfree") {
    if (const int i = goldFreeFamily(f.category); i >= 0) {
      const Group& g = kGoldFreeFamilies[static_cast<std::size_t>(i)];
      return {QStringLiteral("finding-") + QLatin1String(g.key), tax + QStringLiteral(": ") + tr(g.label),
              style(kDotBox, g.color, 90), 20 + i};
    }
  }
  return {QStringLiteral("finding-other"), tr("Other findings"), style(kStraightBox, kGrey, 50), 30};
}

QPixmap FindingStyles::swatch(const IndicatorStyle& s, int width, int height) {
  QPixmap pm(width, height);
  pm.fill(Qt::transparent);
  QPainter p(&pm);
  QColor fill = s.color;
  fill.setAlpha(s.alpha);
  QColor outline = s.color;
  outline.setAlpha(200);
  const QRectF box(1.5, 1.5, width - 3.0, height - 3.0);
  switch (s.scintillaStyle) {
    case kThickUnder:
      p.fillRect(QRectF(1, height - 5, width - 2, 3), s.color);
      break;
    case kDotBox: {
      p.fillRect(box, QColor(s.color.red(), s.color.green(), s.color.blue(), 40));
      QPen pen(outline, 1, Qt::DotLine);
      p.setPen(pen);
      p.drawRect(box);
      break;
    }
    default:
      p.setRenderHint(QPainter::Antialiasing);
      p.setPen(outline);
      p.setBrush(fill);
      p.drawRoundedRect(box, 3, 3);
      break;
  }
  return pm;
}

QString FindingStyles::tooltip(const hs::Finding& f) {
  QString head = taxonomyLabel(QString::fromStdString(f.taxonomy)) + QStringLiteral(" · ") +
                 FindingNames::category(QString::fromStdString(f.category));
  if (!f.subcategory.empty()) head += QStringLiteral(" · ") + QString::fromStdString(f.subcategory);
  return head + QLatin1Char('\n') + QString::fromStdString(f.message);
}

}  // namespace hs::ui
