#pragma once
// Why a stage of follow-up detection has no source artifact, in words: the engine stores
// "no_linking: the answer holds ..." (code and English message) for logs and JSON; the explorer's
// message line says what happened in the user's language and never shows the code.
#include <QString>

namespace hs::mr {
struct StageResult;
}

namespace hs::ui {

QString stageErrorText(const hs::mr::StageResult& stage);

}  // namespace hs::ui
