#pragma once
// A case's difficulty as the user reads it: Spider's (easy .. extra) and BIRD's (simple ..
// challenging) names in the user's language, any other as the benchmark wrote it. The stored value
// stays the benchmark's word; only the display is translated.
#include <QString>

#include <string>

namespace hs::ui {

QString difficultyText(const std::string& difficulty);  // "unknown" for ""

}  // namespace hs::ui
