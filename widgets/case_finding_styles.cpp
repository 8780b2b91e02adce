#include "widgets/case_finding_styles.h"

#include <QPainter>

#include "engine/core/finding.h"
#include "engine/core/finding_categories.h"

namespace hs::ui {

namespace {

constexpr int kRoundBox = 7;     // INDIC_ROUNDBOX
constexpr int kSquiggle = 1;     // INDIC_SQUIGGLE
constexpr int kDotBox = 12;      // INDIC_DOTBOX
constexpr int kThickUnder = 14;  // INDIC_COMPOSITIONTHICK

IndicatorStyle style(const hs::FindingStyleInfo& info) {
  IndicatorStyle s;
  switch (info.shape) {
    case hs::StyleShape::Box:
      s.scintillaStyle = kRoundBox;
      break;
    case hs::StyleShape::Underline:
      s.scintillaStyle = kThickUnder;
      break;
    case hs::StyleShape::DottedBox:
      s.scintillaStyle = kDotBox;
      break;
    case hs::StyleShape::Squiggle:
      s.scintillaStyle = kSquiggle;
      break;
  }
  s.color = QColor::fromRgb(static_cast<QRgb>(info.rgb));
  s.alpha = info.alpha;
  s.under = true;
  return s;
}

QString translated(std::string_view text) {
  return QCoreApplication::translate("hs::FindingCategories", std::string(text).c_str());
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
  // One table in the engine (engine/core/finding_categories.h) decides the style of a category,
  // so the Query tab, the case view and the legends agree.
  const hs::FindingStyleInfo& info = hs::styleOf(f.taxonomy, f.category);
  return {QStringLiteral("finding-") + QString::fromUtf8(info.key.data(), qsizetype(info.key.size())),
          translated(info.label), style(info), info.order};
}

QString FindingStyles::categoryLabel(const hs::Finding& f) {
  return categoryLabel(f.taxonomy, f.category);
}

QString FindingStyles::categoryLabel(const std::string& taxonomy, const std::string& category) {
  const hs::FindingCategoryInfo* c = hs::findCategory(taxonomy, category);
  return c && c->id != "*" ? translated(c->label) : QString::fromStdString(category);
}

QString FindingStyles::categoryDescription(const hs::Finding& f) {
  const hs::FindingCategoryInfo* c = hs::findCategory(f.taxonomy, f.category);
  return c ? translated(c->description) : QString();
}

QString FindingStyles::subcategoryText(const hs::Finding& f) {
  return subcategoryText(f.subcategory);
}

QString FindingStyles::subcategoryText(const std::string& subcategory) {
  return QCoreApplication::translate("hs::FindingSubcategories", subcategory.c_str());
}

QString FindingStyles::messageText(const hs::Finding& f) {
  return QCoreApplication::translate("hs::FindingMessages", f.message.c_str());
}

QString FindingStyles::riskReasonText(const std::string& reason) {
  return QCoreApplication::translate("hs::FindingRiskReasons", reason.c_str());
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
  QString head = taxonomyLabel(QString::fromStdString(f.taxonomy)) + QStringLiteral(" · ") + categoryLabel(f);
  if (!f.subcategory.empty()) head += QStringLiteral(" · ") + subcategoryText(f);
  QString text = head + QLatin1Char('\n') + messageText(f);
  if (!f.explanation.empty())
    text += QLatin1Char('\n') +
            tr("Why: %1").arg(QCoreApplication::translate("hs::FindingMessages", f.explanation.c_str()));
  return text;
}

}  // namespace hs::ui
