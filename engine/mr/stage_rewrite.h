#pragma once
// The LLM-written follow-ups of stage 1 (ESR, ENSR, RC, OS, SC): the few-shot request
// (resources/prompts/mr_<mr>.txt), reading the answer, and the check every rewrite passes before
// use (non-empty, not garbage, differs from the source, keeps what the MR must keep).
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/error.h"
#include "engine/llm/chat.h"

namespace hs::mr {

// The request for one LLM-rewritten MR; BadInput for an MR without a rewrite template.
Result<llm::ChatRequest> rewriteRequest(std::string_view mr, const std::string& question,
                                        const llm::SamplingParams& params);

// The rewritten question from an answer: the first non-empty line after an optional
// "Rewritten:" / "Question:" prefix, without surrounding quotes.
std::string readRewrite(std::string_view answer);

// Why the rewrite cannot be used, or nullopt when it passes the MR's check.
std::optional<std::string> checkRewrite(std::string_view mr, std::string_view source,
                                        std::string_view followUp);

// Byte ranges of the words of `followUp` that are not in the longest common word sequence with
// `source` (for highlighting the change).
std::vector<std::pair<std::size_t, std::size_t>> changedWords(std::string_view source,
                                                              std::string_view followUp);

}  // namespace hs::mr
