#pragma once
// Plain-words explanations of LLM endpoint failures, with what to do about them.
#include <QString>

#include "engine/core/error.h"

namespace hs::ui {

// "No LLM endpoint answered at ... To use a local Ollama server: ..." and the like.
QString explainLlmError(const Error& error, const QString& baseUrl, const QString& model);

}  // namespace hs::ui
