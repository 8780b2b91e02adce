#pragma once
// Why a stage of follow-up detection has no source artifact, in words: the engine stores
// "no_linking: the answer holds ..." (code and English message) for logs and JSON; the explorer's
// message line says what happened in the user's language and never shows the code.
#include <QString>

#include <string>

namespace hs::mr {
struct StageResult;
struct MrInfo;
}  // namespace hs::mr

namespace hs::ui {

QString stageErrorText(const hs::mr::StageResult& stage);

// Why an MR held, failed or was not run (MrRecord::reason), in the user's language: the engine's
// reason templates through the finding-text translator (engine/core/finding_messages.inc), an LLM
// endpoint that never answered said in words (the details are in the LLM log), no "code: " tags.
QString followUpReasonText(const std::string& reason);

// An MR's name ("Synonym Replacement of Comparative Words") in the user's language.
QString mrNameText(const hs::mr::MrInfo& info);

}  // namespace hs::ui
