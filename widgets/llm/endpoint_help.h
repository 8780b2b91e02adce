#pragma once
// Plain-words explanations of LLM endpoint failures, with what to do about them.
#include <QString>

#include "engine/core/error.h"

namespace hs::ui {

// Where the explanation is shown: inside Settings > LLM Endpoints and Prompts it says "above"
// rather than sending the reader to the dialog they are in.
enum class EndpointHelpPlace { Elsewhere, InSettings };

// "No LLM endpoint answered at ... To use a local Ollama server: ..." and the like.
QString explainLlmError(const Error& error, const QString& baseUrl, const QString& model,
                        EndpointHelpPlace place = EndpointHelpPlace::Elsewhere);

}  // namespace hs::ui
