#include "engine/mr/applicability.h"

#include <algorithm>
#include <set>

#include "engine/core/finding_messages.h"
#include "engine/core/text.h"
#include "engine/lang/word_forms.h"
#include "engine/mr/phrase_match.h"

namespace hs::mr {
namespace {

// Lower-case name parts: "Singer_in_concert" -> {"singer", "in", "concert"}; "petType" -> {"pettype"}.
void addNameParts(std::string_view name, std::set<std::string>& parts) {
  for (const auto& w : splitWords(name)) {
    std::string part;
    for (char c : w.lower) {
      if (c == '_') {
        if (part.size() > 2) parts.insert(part);
        part.clear();
      } else {
        part += c;
      }
    }
    if (part.size() > 2) parts.insert(part);
  }
}

// A word of the question that names a table or column, or a value-like token (number, quoted text,
// a capitalised word inside the sentence).
std::string findEntity(std::string_view question, const std::vector<Word>& words, const SchemaNames& schema) {
  std::set<std::string> parts;
  for (const auto& t : schema.tables) addNameParts(t, parts);
  for (const auto& c : schema.columns) addNameParts(c, parts);
  for (const auto& w : words) {
    if (parts.count(w.lower) || parts.count(lang::singular(w.lower))) return w.lower;
  }
  for (std::size_t i = 1; i < words.size(); ++i) {
    char c = question[words[i].begin];
    if ((c >= 'A' && c <= 'Z') || isNumberWord(words[i])) {
      return std::string(question.substr(words[i].begin, words[i].end - words[i].begin));
    }
  }
  return {};
}

bool hasConditionMarker(const std::vector<Word>& words) {
  static constexpr std::string_view kMarkers[] = {"whose", "where",  "with",  "without", "who", "that",
                                                  "which", "having", "named", "called",  "in",  "from"};
  for (std::size_t i = 1; i < words.size(); ++i) {
    for (auto m : kMarkers) {
      if (words[i].lower == m) return true;
    }
  }
  return false;
}

}  // namespace

std::vector<Applicability> assessQuestion(std::string_view question, const SchemaNames& schema) {
  const auto words = splitWords(question);
  const bool hasSchema = !schema.tables.empty();
  std::vector<Applicability> out;
  for (const MrInfo& mr : allMrs()) {
    Applicability a;
    a.mr = &mr;
    if (words.empty()) {
      a.reason = formatMessage(FindingMsg::MrEmptyQuestion);
    } else if (mr.producer == Producer::Lexicon) {
      a.followUp = rewriteLexical(mr.abbrev, question);
      a.applicable = a.followUp.applicable;
      a.reason = a.followUp.reason;
    } else if (mr.producer == Producer::Database) {
      a.applicable = hasSchema;
      a.reason =
          formatMessage(hasSchema ? FindingMsg::MrDatabaseCopyable : FindingMsg::MrNoSchemaToTransform);
    } else if (mr.abbrev == "ESR" || mr.abbrev == "ENSR") {
      std::string entity = findEntity(question, words, schema);
      a.applicable = !entity.empty();
      a.reason = a.applicable ? formatMessage(FindingMsg::MrEntityReplaceable, {entity})
                              : formatMessage(FindingMsg::MrNoEntity);
    } else if (mr.abbrev == "RC") {
      bool comparative =
          rewriteLexical("AROCW", question).applicable || rewriteLexical("CRU", question).applicable;
      a.applicable = comparative || hasConditionMarker(words);
      a.reason = formatMessage(a.applicable ? FindingMsg::MrConditionToRemove : FindingMsg::MrNoCondition);
    } else if (mr.abbrev == "OS") {
      a.applicable = words.size() >= 8;
      a.reason = a.applicable ? formatMessage(FindingMsg::MrLongEnough)
                              : formatMessage(FindingMsg::MrAlreadyShort, {std::to_string(words.size())});
    } else {  // SC: any question can be said in a more complicated way
      a.applicable = true;
      a.reason = formatMessage(FindingMsg::MrAnyComplicated);
    }
    out.push_back(std::move(a));
  }
  return out;
}

}  // namespace hs::mr
