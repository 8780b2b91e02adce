#include "engine/mr/lexical_rewrite.h"

#include <algorithm>
#include <optional>

#include "engine/core/finding_messages.h"
#include "engine/mr/lexicon.h"
#include "engine/mr/phrase_match.h"

namespace hs::mr {
namespace {

std::size_t wordCount(std::string_view phrase) {
  return static_cast<std::size_t>(std::count(phrase.begin(), phrase.end(), ' ')) + 1;
}

// Entries of a lexicon table, longest phrase first, so "no more than" wins over "more than".
template <class Entry>
std::vector<const Entry*> longestFirst(std::span<const Entry> table) {
  std::vector<const Entry*> out;
  for (const auto& e : table) out.push_back(&e);
  std::stable_sort(out.begin(), out.end(), [](const Entry* a, const Entry* b) {
    return wordCount(a->phrase) > wordCount(b->phrase);
  });
  return out;
}

template <class Entry>
std::vector<const Entry*> longestFirstForm(std::span<const Entry> table) {
  std::vector<const Entry*> out;
  for (const auto& e : table) out.push_back(&e);
  std::stable_sort(out.begin(), out.end(),
                   [](const Entry* a, const Entry* b) { return wordCount(a->form) > wordCount(b->form); });
  return out;
}

struct Hit {
  std::size_t firstWord = 0;
  std::size_t words = 0;
  std::size_t begin = 0;
  std::size_t end = 0;
  std::string_view phrase;
  std::string_view synonym, antonym, expanded, reduced;
};

// Ambiguous single words ("over", "before") compare only before a number or an average:
// "above 300000", "before 1980", "above the average age".
bool numberOrAverageAt(const std::vector<Word>& words, std::size_t i) {
  if (i >= words.size()) return false;
  if (isNumberWord(words[i]) || words[i].lower == "average") return true;
  return words[i].lower == "the" && i + 1 < words.size() && words[i + 1].lower == "average";
}

std::vector<Hit> findComparatives(const std::vector<Word>& words) {
  static const auto kEntries = longestFirst(comparatives());
  static const auto kVerbs = longestFirstForm(comparativeVerbs());
  std::vector<Hit> hits;
  for (std::size_t i = 0; i < words.size();) {
    std::optional<Hit> hit;
    for (const ComparativeEntry* e : kEntries) {
      auto n = matchPhrase(words, i, e->phrase);
      if (!n) continue;
      if (e->needsNumber && !numberOrAverageAt(words, i + *n)) continue;
      hit = Hit{i,          *n,          words[i].begin, words[i + *n - 1].end, e->phrase, e->synonym,
                e->antonym, e->expanded, e->reduced};
      break;
    }
    if (!hit) {
      for (const VerbFormEntry* v : kVerbs) {
        auto n = matchPhrase(words, i, v->form);
        if (!n) continue;
        hit = Hit{i, *n, words[i].begin, words[i + *n - 1].end, v->form, v->synonym, v->antonym, "", ""};
        break;
      }
    }
    // A comparative right after a bare negation the lexicon does not know ("never more than") is
    // left alone: rewriting it would turn the meaning around.
    bool negated =
        i > 0 && (words[i - 1].lower == "not" || words[i - 1].lower == "no" || words[i - 1].lower == "never");
    if (hit && !negated) {
      hits.push_back(*hit);
      i += hit->words;
    } else {
      i += hit ? hit->words : 1;
    }
  }
  return hits;
}

std::vector<Hit> findExtrema(const std::vector<Word>& words, const std::vector<Hit>& comparativeHits) {
  static const auto kEntries = longestFirst(extrema());
  auto covered = [&](std::size_t w) {
    return std::any_of(comparativeHits.begin(), comparativeHits.end(),
                       [&](const Hit& h) { return w >= h.firstWord && w < h.firstWord + h.words; });
  };
  auto wordIs = [&](std::size_t w, std::string_view s) { return w < words.size() && words[w].lower == s; };
  std::vector<Hit> hits;
  for (std::size_t i = 0; i < words.size();) {
    std::optional<Hit> hit;
    if (!covered(i)) {
      for (const ExtremumEntry* e : kEntries) {
        auto n = matchPhrase(words, i, e->phrase);
        if (!n || covered(i + *n - 1)) continue;
        std::size_t next = i + *n;
        // "most of the", "at least", "on top of" are not extrema.
        if (wordIs(next, "of") || (i > 0 && (wordIs(i - 1, "at") || wordIs(i - 1, "on")))) continue;
        hit = Hit{i, *n, words[i].begin, words[next - 1].end, e->phrase, e->synonym, e->antonym, "", ""};
        break;
      }
    }
    if (hit) {
      hits.push_back(*hit);
      i += hit->words;
    } else {
      ++i;
    }
  }
  return hits;
}

FollowUp replaceSpan(std::string_view mr, std::string_view question, std::size_t begin, std::size_t end,
                     const std::string& replacement, std::string reason) {
  FollowUp f;
  f.mr = std::string(mr);
  f.applicable = true;
  f.reason = std::move(reason);
  f.edits.push_back(TextEdit{begin, end, replacement});
  f.question = std::string(question.substr(0, begin)) + replacement + std::string(question.substr(end));
  if (!replacement.empty()) f.changed.emplace_back(begin, begin + replacement.size());
  return f;
}

FollowUp notApplicable(std::string_view mr, std::string reason) {
  FollowUp f;
  f.mr = std::string(mr);
  f.reason = std::move(reason);
  return f;
}

std::string quoted(std::string_view s) {
  return "'" + std::string(s) + "'";
}

// SROCW, AROCW, CRU, CRE, CWR, SROE, AROE: replace the first phrase whose mapping exists.
FollowUp rewriteWord(std::string_view mr, std::string_view question, const std::vector<Hit>& hits,
                     std::string_view Hit::*mapping, FindingMsg noWord, FindingMsg noMapping) {
  if (hits.empty()) return notApplicable(mr, formatMessage(noWord));
  for (const Hit& h : hits) {
    std::string_view target = h.*mapping;
    if (target.empty()) continue;
    std::string original(question.substr(h.begin, h.end - h.begin));
    return replaceSpan(mr, question, h.begin, h.end, matchCase(original, target),
                       quoted(original) + " -> " + quoted(matchCase(original, target)));
  }
  return notApplicable(
      mr,
      formatMessage(noMapping,
                    {quoted(question.substr(hits.front().begin, hits.front().end - hits.front().begin))}));
}

std::optional<std::pair<const PrefixEntry*, std::size_t>> leadingPrefix(const std::vector<Word>& words,
                                                                        bool removableOnly) {
  static const auto kEntries = longestFirst(prefixes());
  for (const PrefixEntry* p : kEntries) {
    if (removableOnly && !p->removable) continue;
    if (auto n = matchPhrase(words, 0, p->phrase)) return std::make_pair(p, *n);
  }
  return std::nullopt;
}

bool isWhWord(const Word& w) {
  static constexpr std::string_view kWh[] = {"what", "which", "who", "whom", "whose", "when", "where",
                                             "how",  "why",   "is",  "are",  "do",    "does"};
  return std::any_of(std::begin(kWh), std::end(kWh), [&](std::string_view s) { return w.lower == s; });
}

FollowUp prefixInsert(std::string_view question, const std::vector<Word>& words) {
  if (words.empty()) return notApplicable("PI", formatMessage(FindingMsg::MrEmptyQuestion));
  if (auto p = leadingPrefix(words, true)) {
    return notApplicable(
        "PI",
        formatMessage(FindingMsg::MrHasPrefix,
                      {quoted(question.substr(words[0].begin, words[p->second - 1].end - words[0].begin))}));
  }
  std::string prefix = isWhWord(words[0]) ? "Tell me " : "Please ";
  std::size_t start = words[0].begin;
  std::string rest = lowerFirst(question.substr(start));
  FollowUp f;
  f.mr = "PI";
  f.applicable = true;
  f.reason = formatMessage(FindingMsg::MrInserted, {quoted(prefix.substr(0, prefix.size() - 1))});
  f.edits.push_back(TextEdit{start, start + 1, prefix + rest.substr(0, 1)});
  f.question = std::string(question.substr(0, start)) + prefix + rest;
  f.changed.emplace_back(start, start + prefix.size() - 1);
  return f;
}

FollowUp prefixRemove(std::string_view question, const std::vector<Word>& words) {
  auto p = leadingPrefix(words, true);
  if (!p) return notApplicable("PR", formatMessage(FindingMsg::MrNoRemovablePrefix));
  std::size_t begin = words[0].begin;
  if (p->second >= words.size()) return notApplicable("PR", formatMessage(FindingMsg::MrOnlyPrefix));
  std::size_t end = words[p->second].begin;  // drop the prefix, its comma and the space after it
  std::string rest = capitaliseFirst(question.substr(end));
  FollowUp f;
  f.mr = "PR";
  f.applicable = true;
  f.reason = formatMessage(FindingMsg::MrRemoved,
                           {quoted(question.substr(begin, words[p->second - 1].end - begin))});
  f.edits.push_back(TextEdit{begin, end + 1, rest.substr(0, 1)});
  f.question = std::string(question.substr(0, begin)) + rest;
  f.changed.emplace_back(begin, begin + 1);
  return f;
}

FollowUp prefixSubstitute(std::string_view question, const std::vector<Word>& words) {
  auto p = leadingPrefix(words, false);
  if (!p || p->first->substitute.empty()) {
    return notApplicable("PS", formatMessage(FindingMsg::MrNoRequestPrefix));
  }
  std::size_t begin = words[0].begin;
  std::size_t end = words[p->second - 1].end;
  std::string original(question.substr(begin, end - begin));
  std::string replacement = matchCase(original, p->first->substitute);
  return replaceSpan("PS", question, begin, end, replacement,
                     quoted(original) + " -> " + quoted(replacement));
}

}  // namespace

const std::vector<std::string_view>& lexicalMrs() {
  static const std::vector<std::string_view> kMrs = {"SROCW", "AROCW", "PI",  "PR",  "PS",
                                                     "SROE",  "AROE",  "CRU", "CRE", "CWR"};
  return kMrs;
}

FollowUp rewriteLexical(std::string_view mr, std::string_view question) {
  const auto words = splitWords(question);
  if (mr == "PI") return prefixInsert(question, words);
  if (mr == "PR") return prefixRemove(question, words);
  if (mr == "PS") return prefixSubstitute(question, words);
  const auto comparativeHits = findComparatives(words);
  if (mr == "SROCW" || mr == "CRU") {
    return rewriteWord(mr, question, comparativeHits, &Hit::synonym, FindingMsg::MrNoComparativeWord,
                       FindingMsg::MrNoSynonym);
  }
  if (mr == "AROCW")
    return rewriteWord(mr, question, comparativeHits, &Hit::antonym, FindingMsg::MrNoComparativeWord,
                       FindingMsg::MrNoAntonym);
  if (mr == "CRE") {
    return rewriteWord(mr, question, comparativeHits, &Hit::expanded, FindingMsg::MrNoComparativeWord,
                       FindingMsg::MrNoWiderForm);
  }
  if (mr == "CWR") {
    return rewriteWord(mr, question, comparativeHits, &Hit::reduced, FindingMsg::MrNoComparativeWord,
                       FindingMsg::MrNoNarrowerForm);
  }
  const auto extremumHits = findExtrema(words, comparativeHits);
  if (mr == "SROE")
    return rewriteWord(mr, question, extremumHits, &Hit::synonym, FindingMsg::MrNoExtremumWord,
                       FindingMsg::MrNoSynonym);
  if (mr == "AROE")
    return rewriteWord(mr, question, extremumHits, &Hit::antonym, FindingMsg::MrNoExtremumWord,
                       FindingMsg::MrNoAntonym);
  return notApplicable(mr, std::string(mr) + " is not a lexical MR");
}

}  // namespace hs::mr
