#pragma once
// How an adjudicated final label reads in the case list and the adjudication view:
// "incorrect: C3, C5", "correct", "C2".
#include <QCoreApplication>
#include <QString>

#include "engine/workspace/adjudications.h"

namespace hs::ui {

inline QString finalLabelText(const hs::ws::Adjudication& a) {
  QStringList labels;
  for (const std::string& l : a.labels) labels << QString::fromStdString(l);
  const QString verdict =
      a.verdict == "correct"     ? QCoreApplication::translate("hs::ui::FinalLabel", "correct")
      : a.verdict == "incorrect" ? QCoreApplication::translate("hs::ui::FinalLabel", "incorrect")
      : a.verdict == "unsure"    ? QCoreApplication::translate("hs::ui::FinalLabel", "unsure")
                                 : QString();
  if (verdict.isEmpty()) return labels.join(QStringLiteral(", "));
  return labels.isEmpty() ? verdict
                          : QStringLiteral("%1: %2").arg(verdict, labels.join(QStringLiteral(", ")));
}

}  // namespace hs::ui
