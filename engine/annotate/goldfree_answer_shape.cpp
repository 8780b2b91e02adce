// Question cue `cue_answer_shape`: the shape of the answer the SQL returns does not fit the one
// the question asks for, in the two cases that the other cues let pass because the SQL holds the
// right keyword in the wrong place.
//
// The rule:
// 1. A superlative answered by a sorted list. The question has a superlative ("the youngest",
//    "which ... most"; questionSuperlative, as cue_superlative reads it) and asks for no ordering
//    (no form of "order", "sort", "rank", "arrange", "ascend", "descend", "increase", "decrease",
//    nor "alphabetical(ly)", nor a range of two superlatives, "from the most to the least
//    expensive", "highest to lowest"); the SQL orders its first top-level SELECT but has no LIMIT
//    anywhere and no MAX or MIN. It returns every row, best first, where the question asks for the top one
//    (or the top few): cue_superlative does not fire, because ORDER BY is there.
// 2. "How many" answered by a list. The question says "how many" and has no superlative (so "the
//    most number of" is not read as a count); the first top-level SELECT block counts or sums in
//    its HAVING or ORDER BY (a COUNT in a subquery is a filter of its own: "how many people fit in
//    the stadiums with more than 2 concerts" may read a stored capacity), but returns no count: no
//    item holds an aggregate call
//    (count, sum, avg, max, min, total), arithmetic (+ - * /) or a column that stores a count
//    (a name word num, number, count, total, amount, quantity, no); its FROM has no derived table
//    or CTE (their columns may be counts), and `*` counts as a list. The COUNT sits in HAVING,
//    ORDER BY or a subquery, and the answer lists the rows it was meant to count.
// 3. One finding spans the SELECT list; confidence 0.6 (a cue, like the others).
#include <algorithm>
#include <cstddef>

#include "engine/annotate/checks.h"
#include "engine/core/finding_messages.h"

namespace hs::annotate {

namespace {

Finding shapeFinding(const SqlView& v, const SelectBlock& blk, std::string message) {
  Finding f;
  f.taxonomy = "goldfree";
  f.category = "cue_answer_shape";
  f.message = std::move(message);
  const std::size_t b = blk.items.empty() ? 0 : v.beginOf(blk.items.front());
  const std::size_t e = blk.items.empty() ? v.text.size() : v.endOf(blk.items.back());
  f.spans.push_back({"pred", b, e});
  f.confidence = 0.6;
  return f;
}

}  // namespace

bool itemMayHoldCount(const SqlView& v, const Range& r) {
  static const lang::WordSet stored = {"num", "number", "count", "total", "amount", "quantity", "no"};
  static const lang::WordSet calls = {"count", "sum", "avg", "max", "min", "total"};
  for (std::size_t t = r.first; t < r.last; ++t) {
    const Token& tk = v.tokens[t];
    if (isWord(tk) && calls.count(tk.text) && t + 1 < r.last && v.tokens[t + 1].kind == TokKind::LParen)
      return true;
    if (tk.kind == TokKind::Op && (tk.text == "+" || tk.text == "-" || tk.text == "*" || tk.text == "/") &&
        !isStarItem(v, r.first, r.last))
      return true;
    if (tk.kind == TokKind::Word || tk.kind == TokKind::QuotedId || tk.kind == TokKind::Backtick ||
        tk.kind == TokKind::Bracket)
      for (const std::string& w : identifierWords(v.slice(tk.begin, tk.end)))
        if (stored.count(w)) return true;
  }
  return false;
}

std::vector<Finding> answerShapeFindings(const SqlView& v, std::string_view question) {
  std::vector<Finding> out;
  if (question.empty() || !v.ok() || v.topLevel.empty()) return out;
  const SelectBlock& blk = v.blocks[static_cast<std::size_t>(v.topLevel.front())];
  // The SQL side first (cheap); the question's words only when a rule could fire.
  bool limited = false;
  for (const SelectBlock& b : v.blocks) limited = limited || !b.limit.empty();
  bool counts = false;
  for (const Aggregate& a : blk.aggregates)
    counts =
        counts || ((a.func == "count" || a.func == "sum") && (a.clause == kHaving || a.clause == kOrderBy));
  const bool sortedOnly = !blk.orderBy.empty() && !limited && !sqlHasWord(v, {"max", "min"});
  if (!sortedOnly && !counts) return out;
  const std::vector<std::string>& ws = questionWords(question);
  const std::string sup = questionSuperlative(ws);

  // Rule 1.
  if (sortedOnly && !sup.empty()) {
    bool sortAsked = false;
    for (const char* w : {"order", "sort", "rank", "arrange", "ascend", "descend", "increase", "decrease"})
      sortAsked = sortAsked || hasWordForm(ws, w);
    for (const std::string& w : ws) sortAsked = sortAsked || w == "alphabetical" || w == "alphabetically";
    // A range of superlatives asks for an ordering: "from the most to the least", "highest to lowest".
    for (std::size_t i = 1; i + 1 < ws.size() && !sortAsked; ++i) {
      if (ws[i] != "to") continue;
      const std::vector<std::string> before(ws.begin() + static_cast<std::ptrdiff_t>(i > 3 ? i - 3 : 0),
                                            ws.begin() + static_cast<std::ptrdiff_t>(i));
      const std::vector<std::string> after(
          ws.begin() + static_cast<std::ptrdiff_t>(i + 1),
          ws.begin() + static_cast<std::ptrdiff_t>(std::min(ws.size(), i + 4)));
      sortAsked = !questionSuperlative(before).empty() && !questionSuperlative(after).empty();
    }
    if (!sortAsked) {
      out.push_back(shapeFinding(v, blk, formatMessage(FindingMsg::CueSortsOnly, {sup})));
      return out;
    }
  }

  // Rule 2.
  if (!counts || !hasPhrase(ws, {"how", "many"}) || !sup.empty()) return out;
  for (const TableRef& t : blk.tables)
    if (t.derivedSelect >= 0 || t.name.empty()) return out;
  for (const Range& r : blk.items)
    if (itemMayHoldCount(v, r)) return out;
  out.push_back(shapeFinding(v, blk, formatMessage(FindingMsg::CueListNotCount)));
  return out;
}

}  // namespace hs::annotate
