// Question cue `cue_column_order`: the SQL returns its output columns in another order than the
// question names them ("What are the name and age of ..." answered with SELECT age, name). Under
// the project's EX the order of the output columns counts, so such SQL is wrong even when every
// value is right.
//
// The rule:
// 1. The output columns are the items of the first top-level SELECT block. A `*` item (SELECT *,
//    t.*) stops the check: the question cannot name what a star returns.
// 2. An item is placed only when it is a plain column (t.col), an aggregate over a plain column
//    (AVG(t.col), COUNT(DISTINCT col)) or COUNT(*); any other expression is skipped.
// 3. A column's place is where the question names it: the words of its name (snake_case, camelCase,
//    spaces and digits split; one-letter, numeric and linking words such as "of" dropped), matched
//    as consecutive question words in their noun forms (isNounForm: the word or its plural; a
//    plural column word also as its singular; not "named" for `name`), never as substrings. When the whole
//    name occurs exactly once, the place is its last word; when it does not occur, the place is the last word
//    of the name (its head: release_year -> "year") when that occurs exactly once. More than one occurrence
//    is ambiguous: the item is skipped.
// 4. An aggregate's place is its aggregate word, which must occur exactly once: COUNT "how many",
//    "number(s) of", "count"; AVG "average", "mean", "avg"; SUM "sum", "total" (not "total
//    number/count"); MAX "maximum", "max", "highest", "largest", "biggest", "greatest"; MIN
//    "minimum", "min", "lowest", "smallest". Not found or not unique: skipped (the column word alone
//    cannot tell AVG(age) from MAX(age)).
// 5. A place right after "each", "per", "every" or "by" (within the three words before the name)
//    names a grouping or an ordering ("for each country", "sorted by age"), not an output position:
//    the item is skipped. Items that share a place are all skipped.
// 6. The cue fires when at least two items are placed and their places are not in increasing order
//    in the SELECT list. The finding spans the SELECT list and names the column the question names
//    first.
#include <array>
#include <cctype>
#include <optional>

#include "engine/annotate/checks.h"
#include "engine/core/finding_messages.h"
#include "engine/core/text.h"

namespace hs::annotate {

namespace {
bool isIdentifier(const Token& t) {
  return t.kind == TokKind::Word || t.kind == TokKind::QuotedId || t.kind == TokKind::Backtick ||
         t.kind == TokKind::Bracket;
}

}  // namespace

std::optional<std::size_t> plainColumnToken(const SqlView& v, std::size_t a, std::size_t b) {
  static const lang::WordSet constants = {"null",         "true",         "false",
                                          "current_date", "current_time", "current_timestamp"};
  if (b == a + 1 && isIdentifier(v.tokens[a]) && !v.literalToken[a] &&
      !(isWord(v.tokens[a]) && constants.count(v.tokens[a].text)))
    return a;
  if (b == a + 3 && isIdentifier(v.tokens[a]) && v.tokens[a + 1].kind == TokKind::Dot &&
      isIdentifier(v.tokens[a + 2]))
    return a + 2;
  return std::nullopt;
}

bool isStarItem(const SqlView& v, std::size_t a, std::size_t b) {
  auto star = [&](std::size_t i) { return v.tokens[i].kind == TokKind::Op && v.tokens[i].text == "*"; };
  return (b == a + 1 && star(a)) || (b == a + 3 && v.tokens[a + 1].kind == TokKind::Dot && star(a + 2));
}

std::vector<std::string_view> questionSentences(std::string_view q) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= q.size(); ++i) {
    const bool end = i == q.size() || q[i] == '?' || q[i] == '!' || q[i] == ';' ||
                     (q[i] == '.' && (i + 1 == q.size() || q[i + 1] == ' '));
    if (!end) continue;
    out.push_back(q.substr(start, i - start));
    start = i + 1;
  }
  return out;
}

std::string aggregateWordAt(const std::vector<std::string>& ws, std::size_t i, std::size_t* head) {
  static const lang::WordSet avg = {"average", "averages", "averaged", "mean", "avg"};
  static const lang::WordSet sum = {"sum", "sums", "summed", "total", "totals", "totaled", "totalled"};
  static const lang::WordSet max = {"maximum", "max", "highest", "largest", "biggest", "greatest"};
  static const lang::WordSet min = {"minimum", "min", "lowest", "smallest"};
  const std::string& w = ws[i];
  static const std::string none;
  const std::string& next = i + 1 < ws.size() ? ws[i + 1] : none;  // read in place, not copied
  if (head) *head = i;
  if (w == "how" && next == "many") {
    if (head) *head = i + 1;
    return "count";
  }
  if (((w == "number" || w == "numbers") && next == "of") || isWordForm(w, "count")) return "count";
  if (avg.count(w)) return "avg";
  if (sum.count(w) && next != "number" && next != "numbers" && next != "count") return "sum";
  if (max.count(w)) return "max";
  if (min.count(w)) return "min";
  return {};
}

std::string_view identifierSpelling(const SqlView& v, std::size_t t) {
  std::string_view s = v.slice(v.tokens[t].begin, v.tokens[t].end);
  if (v.tokens[t].kind != TokKind::Word && s.size() >= 2) s = s.substr(1, s.size() - 2);  // quotes
  return s;
}

namespace {

// Question word indexes: where a name starts and its last word (the place used for the order).
struct Place {
  std::size_t first = 0;
  std::size_t head = 0;
};

struct Item {
  std::size_t first = 0, last = 0;  // token range of the item
  std::optional<Place> place;
};

std::vector<Place> phrasePlaces(const std::vector<std::string>& ws, const std::vector<std::string>& name) {
  std::vector<Place> out;
  if (name.empty() || ws.size() < name.size()) return out;
  for (std::size_t i = 0; i + name.size() <= ws.size(); ++i) {
    std::size_t k = 0;
    while (k < name.size() && namesWord(ws[i + k], name[k])) ++k;
    if (k == name.size()) out.push_back({i, i + name.size() - 1});
  }
  return out;
}

// The question's words, and which of them open a sentence as a verb of asking ("State the names
// ...", "... ? Name the ...", "Please list ..."): an imperative, not a column's name.
struct QuestionWords {
  std::vector<std::string> words;
  std::vector<bool> asking;
};

QuestionWords readQuestion(std::string_view q) {
  static const lang::WordSet verbs = {
      "state",    "name",     "list",    "show",    "give",    "find",    "tell",  "indicate",  "provide",
      "identify", "describe", "mention", "specify", "display", "return",  "write", "calculate", "compute",
      "count",    "rank",     "sort",    "order",   "select",  "include", "report"};
  QuestionWords out;
  for (std::string_view sentence : questionSentences(q)) {
    const std::size_t first = out.words.size();
    for (const std::string& w : questionWords(sentence)) out.words.push_back(w);
    out.asking.resize(out.words.size(), false);
    std::size_t f = first;
    if (f < out.words.size() && out.words[f] == "please") ++f;
    if (f < out.words.size() && verbs.count(out.words[f])) out.asking[f] = true;
  }
  return out;
}

std::optional<Place> columnPlace(const QuestionWords& q, std::string_view columnName) {
  const std::vector<std::string> name = identifierWords(columnName);
  if (name.empty()) return std::nullopt;
  auto named = [&](const std::vector<std::string>& words) {
    std::vector<Place> hits = phrasePlaces(q.words, words);
    std::erase_if(hits, [&](const Place& p) { return q.asking[p.first]; });
    return hits;
  };
  std::vector<Place> hits = named(name);
  if (hits.empty() && name.size() > 1) hits = named({name.back()});
  if (hits.size() != 1) return std::nullopt;
  return hits.front();
}

std::optional<Place> aggregatePlace(const std::vector<std::string>& ws, const std::string& func) {
  std::vector<Place> hits;
  for (std::size_t i = 0; i < ws.size(); ++i) {
    std::size_t head = i;
    if (aggregateWordAt(ws, i, &head) == func) hits.push_back({i, head});
  }
  if (hits.size() != 1) return std::nullopt;
  return hits.front();
}

// The item's place in the question, when it is one of the placed shapes and found once.
std::optional<Place> itemPlace(const SqlView& v, const QuestionWords& q, std::size_t a, std::size_t b) {
  if (auto col = plainColumnToken(v, a, b)) return columnPlace(q, identifierSpelling(v, *col));
  // FUNC ( [DISTINCT] col ) or COUNT ( * ).
  static const lang::WordSet funcs = {"count", "sum", "avg", "max", "min"};
  if (b < a + 4 || !isWord(v.tokens[a]) || !funcs.count(v.tokens[a].text) ||
      v.tokens[a + 1].kind != TokKind::LParen || matchingParen(v, a + 1) != b - 1)
    return std::nullopt;
  const std::string& func = v.tokens[a].text;
  std::size_t in = a + 2;
  if (isWord(v.tokens[in], "distinct")) ++in;
  const bool countStar = func == "count" && isStarItem(v, in, b - 1);
  if (!countStar && !plainColumnToken(v, in, b - 1)) return std::nullopt;
  return aggregatePlace(q.words, func);
}

}  // namespace

std::vector<Finding> columnOrderFindings(const SqlView& v, std::string_view question) {
  std::vector<Finding> out;
  if (question.empty() || v.topLevel.empty()) return out;
  const SelectBlock& blk = v.blocks[static_cast<std::size_t>(v.topLevel.front())];
  if (blk.items.size() < 2) return out;
  const QuestionWords q = readQuestion(question);
  const std::vector<std::string>& ws = q.words;
  std::vector<Item> items;
  for (const Range& r : blk.items) {
    if (r.empty() || isStarItem(v, r.first, r.last)) return out;  // SELECT * never fires
    Item it{r.first, r.last, itemPlace(v, q, r.first, r.last)};
    if (it.place) {
      // "for each X", "per X", "sorted by X": a grouping or an ordering, not an output position.
      for (std::size_t k = 1; k <= 3 && k <= it.place->first; ++k) {
        const std::string& w = ws[it.place->first - k];
        if (w == "each" || w == "per" || w == "every" || w == "by") it.place.reset();
        if (!it.place) break;
      }
    }
    items.push_back(it);
  }
  std::vector<const Item*> placed;
  for (const Item& it : items) {
    if (!it.place) continue;
    bool shared = false;
    for (const Item& other : items)
      shared = shared || (&other != &it && other.place && other.place->head == it.place->head);
    if (!shared) placed.push_back(&it);
  }
  if (placed.size() < 2) return out;
  for (std::size_t i = 0; i < placed.size(); ++i)
    for (std::size_t j = i + 1; j < placed.size(); ++j) {
      if (placed[i]->place->head < placed[j]->place->head) continue;
      auto text = [&](const Item* it) {
        return std::string(v.slice(v.tokens[it->first].begin, v.tokens[it->last - 1].end));
      };
      Finding f;
      f.taxonomy = "goldfree";
      f.category = "cue_column_order";
      f.message = formatMessage(FindingMsg::CueColumnOrder, {text(placed[j]), ws[placed[j]->place->head],
                                                             text(placed[i]), ws[placed[i]->place->head]});
      f.spans.push_back(
          {"pred", v.tokens[blk.items.front().first].begin, v.tokens[blk.items.back().last - 1].end});
      f.confidence = 0.6;
      out.push_back(std::move(f));
      return out;
    }
  return out;
}

}  // namespace hs::annotate
