#include "widgets/difficulty_text.h"

#include <QCoreApplication>

namespace hs::ui {

QString difficultyText(const std::string& difficulty) {
  static const char* const kNames[] = {QT_TRANSLATE_NOOP("hs::ui::DifficultyText", "easy"),
                                       QT_TRANSLATE_NOOP("hs::ui::DifficultyText", "medium"),
                                       QT_TRANSLATE_NOOP("hs::ui::DifficultyText", "hard"),
                                       QT_TRANSLATE_NOOP("hs::ui::DifficultyText", "extra"),
                                       QT_TRANSLATE_NOOP("hs::ui::DifficultyText", "simple"),
                                       QT_TRANSLATE_NOOP("hs::ui::DifficultyText", "moderate"),
                                       QT_TRANSLATE_NOOP("hs::ui::DifficultyText", "challenging")};
  if (difficulty.empty()) return QCoreApplication::translate("hs::ui::DifficultyText", "unknown");
  for (const char* n : kNames)
    if (difficulty == n) return QCoreApplication::translate("hs::ui::DifficultyText", n);
  return QString::fromStdString(difficulty);
}

}  // namespace hs::ui
