#include "engine/mr/stage_rewrite.h"

#include <algorithm>
#include <set>

#include "engine/core/finding_messages.h"
#include "engine/core/text.h"
#include "engine/llm/template.h"
#include "engine/mr/phrase_match.h"

namespace hs::mr {
namespace {

std::string trimmed(std::string_view s) {
  std::size_t b = 0, e = s.size();
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (b < e && space(s[b])) ++b;
  while (e > b && space(s[e - 1])) --e;
  return std::string(s.substr(b, e - b));
}

std::vector<std::string> lowerWords(std::string_view text) {
  std::vector<std::string> out;
  for (const auto& w : splitWords(text)) out.push_back(w.lower);
  return out;
}

// Length of the longest common subsequence of two word lists, and which words of `b` are in it.
std::size_t lcs(const std::vector<std::string>& a, const std::vector<std::string>& b,
                std::vector<bool>* inB) {
  std::vector<std::vector<std::size_t>> t(a.size() + 1, std::vector<std::size_t>(b.size() + 1, 0));
  for (std::size_t i = a.size(); i-- > 0;) {
    for (std::size_t j = b.size(); j-- > 0;) {
      t[i][j] = a[i] == b[j] ? t[i + 1][j + 1] + 1 : std::max(t[i + 1][j], t[i][j + 1]);
    }
  }
  if (inB) {
    inB->assign(b.size(), false);
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
      if (a[i] == b[j]) {
        (*inB)[j] = true;
        ++i;
        ++j;
      } else if (t[i + 1][j] >= t[i][j + 1]) {
        ++i;
      } else {
        ++j;
      }
    }
  }
  return t[0][0];
}

// Letters (ASCII or any non-ASCII byte) and spaces over all bytes.
double wordyShare(std::string_view text) {
  if (text.empty()) return 0.0;
  std::size_t good = 0;
  for (unsigned char c : text) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == ' ' || c >= 0x80) ++good;
  }
  return static_cast<double>(good) / static_cast<double>(text.size());
}

bool startsWithI(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && iequals(s.substr(0, prefix.size()), prefix);
}

}  // namespace

Result<llm::ChatRequest> rewriteRequest(std::string_view mr, const std::string& question,
                                        const llm::SamplingParams& params) {
  static const std::set<std::string_view> kRewritten = {"ESR", "ENSR", "RC", "OS", "SC"};
  if (!kRewritten.count(mr)) {
    return makeError(ErrorKind::BadInput, "not_rewritten",
                     "MR " + std::string(mr) + " has no rewrite prompt");
  }
  auto tmpl = llm::builtinTemplate("mr_" + asciiLower(mr));
  if (!tmpl) return tmpl.error();
  auto r = llm::requestFromTemplate(tmpl.value(), {{"question", question}}, params);
  if (r) r->label = std::string(mr) + " rewrite: " + question;
  return r;
}

std::string readRewrite(std::string_view answer) {
  std::size_t pos = 0;
  while (pos <= answer.size()) {
    std::size_t nl = answer.find('\n', pos);
    if (nl == std::string_view::npos) nl = answer.size();
    std::string line = trimmed(answer.substr(pos, nl - pos));
    pos = nl + 1;
    for (std::string_view p : {"rewritten question:", "rewritten:", "follow-up:", "question:"}) {
      if (startsWithI(line, p)) line = trimmed(std::string_view(line).substr(p.size()));
    }
    while (line.size() >= 2 && (line.front() == '"' || line.front() == '\'' || line.front() == '`') &&
           line.back() == line.front()) {
      line = trimmed(std::string_view(line).substr(1, line.size() - 2));
    }
    if (!line.empty()) return line;
  }
  return {};
}

std::optional<std::string> checkRewrite(std::string_view mr, std::string_view source,
                                        std::string_view followUp) {
  const auto s = lowerWords(source);
  const auto f = lowerWords(followUp);
  if (f.empty()) return formatMessage(FindingMsg::MrRewriteEmpty);
  if (followUp.find("```") != std::string_view::npos || startsWithI(followUp, "select ") ||
      followUp.front() == '{' || followUp.front() == '[') {
    return formatMessage(FindingMsg::MrRewriteIsCode);
  }
  if (followUp.size() > 3 * source.size() + 60) return formatMessage(FindingMsg::MrRewriteFarLonger);
  if (wordyShare(followUp) < 0.6) return formatMessage(FindingMsg::MrRewriteNotText);
  if (s == f) return formatMessage(FindingMsg::MrRewriteSame);
  const std::size_t common = lcs(s, f, nullptr);
  const double kept = s.empty() ? 0.0 : static_cast<double>(common) / static_cast<double>(s.size());
  if (mr == "ESR" || mr == "ENSR") {
    if (common == s.size()) return formatMessage(FindingMsg::MrNoWordReplaced);
    if (kept < 0.5)
      return formatMessage(FindingMsg::MrManyEntitiesReplaced,
                           {std::to_string(common), std::to_string(s.size())});
  } else if (mr == "RC" || mr == "OS") {
    if (f.size() >= s.size()) return formatMessage(FindingMsg::MrRewriteNotShorter);
    if (kept < (mr == "RC" ? 0.4 : 0.3)) return formatMessage(FindingMsg::MrRewriteKeepsLittle);
  } else if (mr == "SC") {
    if (f.size() <= s.size()) return formatMessage(FindingMsg::MrRewriteNotLonger);
    if (kept < 0.6) return formatMessage(FindingMsg::MrRewriteDropsMuch);
  }
  return std::nullopt;
}

std::vector<std::pair<std::size_t, std::size_t>> changedWords(std::string_view source,
                                                              std::string_view followUp) {
  const auto fw = splitWords(followUp);
  std::vector<std::string> f;
  for (const auto& w : fw) f.push_back(w.lower);
  std::vector<bool> inCommon;
  lcs(lowerWords(source), f, &inCommon);
  std::vector<std::pair<std::size_t, std::size_t>> out;
  for (std::size_t j = 0; j < fw.size(); ++j) {
    if (inCommon[j]) continue;
    if (!out.empty() && j > 0 && !inCommon[j - 1]) {
      out.back().second = fw[j].end;  // extend a run of changed words
    } else {
      out.emplace_back(fw[j].begin, fw[j].end);
    }
  }
  return out;
}

}  // namespace hs::mr
