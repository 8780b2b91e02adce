#pragma once
// The one catalogue of finding texts the engine writes: message templates with numbered
// placeholders ({1}, {2}, ...) and the finite list of subcategories. Every message an annotator
// emits is built from a template here (formatMessage), so the English text stored in workspaces
// stays byte for byte what it was, and any stored message, old or new, can be taken apart again
// (parseMessage) and shown in another language (engine/core/finding_texts.h).
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hs {

enum class FindingMsg : std::uint16_t {
#define HS_MSG(id, text) id,
#include "engine/core/finding_messages.inc"
#undef HS_MSG
};

struct FindingMessageTemplate {
  FindingMsg id;
  std::string_view name;  // "TaTableNotInSchema"
  std::string_view text;  // English, with {1}..{9}
};

const std::vector<FindingMessageTemplate>& findingMessageTemplates();
const FindingMessageTemplate& findingMessageTemplate(FindingMsg id);

// The template with its placeholders replaced by `args` ({1} is args[0]); a placeholder without
// an argument is left as it is. As cheap as the concatenation it replaces.
std::string formatMessage(FindingMsg id, std::initializer_list<std::string_view> args = {});
// Any template text (an English one or its translation) with its placeholders replaced.
std::string substituteMessage(std::string_view templ, const std::vector<std::string>& args);

struct ParsedMessage {
  FindingMsg id;
  std::vector<std::string> args;  // args[0] fills {1}
};
// The template a stored message was built from and its arguments; nullopt when no template
// matches. Where several match, the most specific one (the most literal text) wins.
std::optional<ParsedMessage> parseMessage(std::string_view message);

// Every subcategory the engine writes (TA-SQL's of seed 001 Appendix D, MRSQLGen's, the
// metamorphic stages); English, as stored.
const std::vector<std::string_view>& findingSubcategories();

}  // namespace hs
