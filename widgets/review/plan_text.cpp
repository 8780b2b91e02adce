#include "widgets/review/plan_text.h"

#include <QCoreApplication>
#include <QStringList>

#include <cstring>

namespace hs::ui {

namespace {

constexpr const char* kContext = "hs::ui::PlanText";

QString translated(const char* const* words, std::size_t count, const std::string& word) {
  for (std::size_t i = 0; i < count; ++i)
    if (word == words[i]) return QCoreApplication::translate(kContext, words[i]);
  return QString::fromStdString(word);
}

// The keys the plan builder writes (engine/sql/plan.cpp).
const char* const kKeys[] = {
    QT_TRANSLATE_NOOP("hs::ui::PlanText", "recursive"), QT_TRANSLATE_NOOP("hs::ui::PlanText", "name"),
    QT_TRANSLATE_NOOP("hs::ui::PlanText", "fetch"),     QT_TRANSLATE_NOOP("hs::ui::PlanText", "offset"),
    QT_TRANSLATE_NOOP("hs::ui::PlanText", "rows"),      QT_TRANSLATE_NOOP("hs::ui::PlanText", "kind"),
    QT_TRANSLATE_NOOP("hs::ui::PlanText", "type"),      QT_TRANSLATE_NOOP("hs::ui::PlanText", "natural"),
    QT_TRANSLATE_NOOP("hs::ui::PlanText", "condition"), QT_TRANSLATE_NOOP("hs::ui::PlanText", "using"),
    QT_TRANSLATE_NOOP("hs::ui::PlanText", "table"),     QT_TRANSLATE_NOOP("hs::ui::PlanText", "alias"),
    QT_TRANSLATE_NOOP("hs::ui::PlanText", "function"),  QT_TRANSLATE_NOOP("hs::ui::PlanText", "correlated"),
    QT_TRANSLATE_NOOP("hs::ui::PlanText", "group"),     QT_TRANSLATE_NOOP("hs::ui::PlanText", "clause")};

// The engine's own words among the values (join types, flags, the kind of a subquery); SQL text,
// names and numbers are shown as written.
const char* const kValues[] = {
    QT_TRANSLATE_NOOP("hs::ui::PlanText", "comma"), QT_TRANSLATE_NOOP("hs::ui::PlanText", "inner"),
    QT_TRANSLATE_NOOP("hs::ui::PlanText", "cross"), QT_TRANSLATE_NOOP("hs::ui::PlanText", "left"),
    QT_TRANSLATE_NOOP("hs::ui::PlanText", "right"), QT_TRANSLATE_NOOP("hs::ui::PlanText", "full"),
    QT_TRANSLATE_NOOP("hs::ui::PlanText", "true"),  QT_TRANSLATE_NOOP("hs::ui::PlanText", "false"),
    QT_TRANSLATE_NOOP("hs::ui::PlanText", "scalar")};
const char* const kWordKeys[] = {"type", "natural", "recursive", "correlated", "kind"};

const char* const kOps[] = {
    QT_TRANSLATE_NOOP("hs::ui::PlanText", "Scan"),    QT_TRANSLATE_NOOP("hs::ui::PlanText", "CteRef"),
    QT_TRANSLATE_NOOP("hs::ui::PlanText", "Derived"), QT_TRANSLATE_NOOP("hs::ui::PlanText", "Join"),
    QT_TRANSLATE_NOOP("hs::ui::PlanText", "Filter"),  QT_TRANSLATE_NOOP("hs::ui::PlanText", "Aggregate"),
    QT_TRANSLATE_NOOP("hs::ui::PlanText", "Project"), QT_TRANSLATE_NOOP("hs::ui::PlanText", "Distinct"),
    QT_TRANSLATE_NOOP("hs::ui::PlanText", "Sort"),    QT_TRANSLATE_NOOP("hs::ui::PlanText", "Limit"),
    QT_TRANSLATE_NOOP("hs::ui::PlanText", "SetOp"),   QT_TRANSLATE_NOOP("hs::ui::PlanText", "Apply"),
    QT_TRANSLATE_NOOP("hs::ui::PlanText", "With"),    QT_TRANSLATE_NOOP("hs::ui::PlanText", "Cte"),
    QT_TRANSLATE_NOOP("hs::ui::PlanText", "Values"),  QT_TRANSLATE_NOOP("hs::ui::PlanText", "Window"),
    QT_TRANSLATE_NOOP("hs::ui::PlanText", "Empty")};

QString valueText(const std::string& key, const std::string& value) {
  for (const char* k : kWordKeys)
    if (key == k) return translated(kValues, std::size(kValues), value);
  return QString::fromStdString(value);
}

}  // namespace

QString planOpText(hs::sql::PlanOp op) {
  return translated(kOps, std::size(kOps), hs::sql::toString(op));
}

QString planDetailsText(const hs::sql::PlanNode& node) {
  QStringList parts;
  for (const auto& [k, v] : node.attrs)
    if (!v.empty())
      parts << QCoreApplication::translate("hs::ui::PlanText", "%1: %2")
                   .arg(translated(kKeys, std::size(kKeys), k), valueText(k, v));
  if (!node.exprs.empty()) {
    QStringList e;
    for (const auto& x : node.exprs) e << QString::fromStdString(x);
    parts << e.join(QStringLiteral(", "));
  }
  return parts.join(QStringLiteral(" · "));
}

}  // namespace hs::ui
