// Question cue `cue_column_missing`: the question asks for more output attributes than the SQL
// returns ("What are the name and age of ..." answered with SELECT name; "Which program is
// broadcast most, and how many channels use it?" answered with the program alone). Under EX the
// answer lacks a column the question asks for, so it is wrong even when every returned value is
// right.
//
// The rule:
// 1. The question is read sentence by sentence (split at '?', '!', ';' and a '.' ending a word).
//    In each sentence its request part is read, then its extra requests; the words come from
//    questionWordsNoPossessive (whole words, "singer's" -> "singer"), commas kept as separators.
// 2. The request part opens the sentence: "what/which is|are|was|were" or a verb of asking ("list",
//    "show", "give", "find", "return", "display", "state", "provide", "identify", "report", "name",
//    "tell", "get", "retrieve", "output", "print", "select", "indicate", "mention", "include";
//    "please", "also" and "me"/"us" after the verb skipped), followed by the attribute list. The list ends at
//    the first filter or verb word: of, for, whose, that, who, whom, which, with, where, when, in, from, by,
//    on, at, to, than, if, per, each, every, among, between, during, after, before, under, over,
//    within, without, having, a form of be/have/do, sorted/ordered/grouped/listed/arranged, or
//    the end of the sentence. Inside the list, commas, "and", "&", "along with", "as well as",
//    "together with" separate attributes; the determiners the, a, an, all, their, its, his, her,
//    both, also, respective, corresponding, different, distinct, unique are dropped. A one-word
//    attribute followed by a longer one shares its last word ("first and last name", "average and
//    maximum age"). A sentence opened by "which/what <noun>", "who" or "how many" asks for one
//    attribute whose form is not read (it is never checked, it only counts). Any other opening
//    ("For each ...", "Count ...", "In which ...") gives no request part: the sentence is skipped.
// 3. Extra requests, after the request part in the same sentence: "how many" after "and" or a
//    comma (a count asked for), a verb of asking after "and" or a comma ("... and include its
//    department"), and "along with", "as well as", "together with" after a comma or followed
//    (determiners dropped) by an aggregate word; each adds the attributes listed after it up to
//    the next filter word, as in 2.
// 4. A sentence whose attributes (request part and extras) include a word of unknown width
//    (information, info, details, everything, data, attributes, columns, records) is skipped. The
//    question's request is the sentence with the most attributes (a later sentence mostly restates
//    the first), plus the attributes of every sentence that opens with "also"; fewer than two: no
//    cue.
// 5. The SQL's outputs are the items of the first top-level SELECT block; a `*` item stops the
//    check. An item is a plain column (t.col), an aggregate (COUNT/SUM/AVG/MAX/MIN, over a plain
//    column or `*`), or an expression (anything else).
// 6. An attribute is covered by a plain column, or by an aggregate's column, when its words refer
//    to the column as cue_column_unnamed reads a question (columnReferredBy: word forms,
//    abbreviations, compounds, the stand-in phrase table, generic heads through their table's
//    words); an attribute holding an aggregate word (the aggregate-word table of
//    cue_column_order: how many, number(s) of, count, average, total, maximum, ...) or coming
//    from "how many" is covered by any item that may hold a count (itemMayHoldCount, the reading of
//    cue_answer_shape: an aggregate call, arithmetic, or a column storing a count such as
//    `num_staff`). An expression item may be anything: with one, every attribute counts as
//    covered.
// 7. The cue fires when the request has more attributes than the SQL has output items and at least
//    one attribute is covered by no item. The finding spans the SELECT list and names the first
//    uncovered attribute. Confidence 0.6, as the other cues; a question or SQL the rule cannot read
//    (no question, no words: a Chinese question, a parse error) never fires.
//
// Only the first sentence's request counts, with "also" sentences (rule 4): a second sentence
// often restates the first ("What is the complete address ...? Indicate the Street, City, Zip and
// State."), so adding up every sentence's request would count its attributes twice.
#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/annotate/checks.h"
#include "engine/core/finding_messages.h"

namespace hs::annotate {

namespace {

struct Attribute {
  std::vector<std::size_t> at;  // indexes of its words in the sentence's words
  std::vector<std::string> words;
  bool aggregate = false;
  bool checked = true;
};

const lang::WordSet& askingVerbs() {
  static const lang::WordSet v = {
      "list", "show", "give", "find",     "return", "display", "state",  "provide",  "identify", "report",
      "name", "tell", "get",  "retrieve", "output", "print",   "select", "indicate", "mention",  "include"};
  return v;
}

// The words of one sentence, a "," standing for each comma ('&' read as "and").
std::vector<std::string> sentenceWords(std::string_view sentence) {
  // The sentence's words (split once, and by the other cues too) are those of its pieces between
  // the separators in order, a ',' or '&' never being part of a word: each piece's share of them
  // is counted, not split again.
  const std::vector<std::string>& words = questionWordsNoPossessive(sentence);
  std::vector<std::string> out;
  out.reserve(words.size() + 4);
  std::size_t start = 0, taken = 0;
  for (std::size_t i = 0; i <= sentence.size(); ++i) {
    if (i < sentence.size() && sentence[i] != ',' && sentence[i] != '&') continue;
    const std::size_t n =
        std::min(lang::questionWordCount(sentence.substr(start, i - start)), words.size() - taken);
    out.insert(out.end(), words.begin() + static_cast<std::ptrdiff_t>(taken),
               words.begin() + static_cast<std::ptrdiff_t>(taken + n));
    taken += n;
    if (i < sentence.size()) out.push_back(sentence[i] == ',' ? "," : "and");
    start = i + 1;
  }
  return out;
}

bool is(const std::vector<std::string>& ws, std::size_t i, std::initializer_list<const char*> phrase) {
  for (const char* w : phrase) {
    if (i >= ws.size() || ws[i] != w) return false;
    ++i;
  }
  return true;
}

// Length of an attribute separator at ws[i] (rule 2), 0 for none.
std::size_t separator(const std::vector<std::string>& ws, std::size_t i) {
  if (ws[i] == "," || ws[i] == "and") return 1;
  if (is(ws, i, {"along", "with"}) || is(ws, i, {"together", "with"})) return 2;
  if (is(ws, i, {"as", "well", "as"})) return 3;
  return 0;
}

bool endsList(const std::string& w) {
  static const lang::WordSet stop = {
      "of",     "for",   "whose",   "that",   "who",    "whom",    "which",   "with",   "where",   "when",
      "in",     "from",  "by",      "on",     "at",     "to",      "than",    "if",     "per",     "each",
      "every",  "among", "between", "during", "after",  "before",  "under",   "over",   "within",  "without",
      "having", "is",    "are",     "was",    "were",   "be",      "been",    "being",  "has",     "have",
      "had",    "do",    "does",    "did",    "sorted", "ordered", "grouped", "listed", "arranged"};
  return stop.count(w) > 0;
}

bool isDeterminer(const std::string& w) {
  static const lang::WordSet d = {"the",       "a",        "an",    "all",  "their",      "its",
                                  "his",       "her",      "both",  "also", "respective", "corresponding",
                                  "different", "distinct", "unique"};
  return d.count(w) > 0;
}

// Rule 2: the attributes listed from ws[i], up to the first filter word; returns where it ended.
std::size_t readList(const std::vector<std::string>& ws, std::size_t i, std::vector<Attribute>& out) {
  std::vector<Attribute> list;
  Attribute cur;
  auto close = [&] {
    if (!cur.at.empty()) list.push_back(cur);
    cur = Attribute{};
  };
  while (i < ws.size()) {
    if (const std::size_t n = separator(ws, i)) {
      close();
      i += n;
      continue;
    }
    if (endsList(ws[i])) break;
    if (!isDeterminer(ws[i])) cur.at.push_back(i);
    ++i;
  }
  close();
  // "first and last name", "average and maximum age": a one-word attribute shares the next one's head.
  for (std::size_t k = 0; k + 1 < list.size(); ++k)
    if (list[k].at.size() == 1 && list[k + 1].at.size() >= 2) list[k].at.push_back(list[k + 1].at.back());
  for (Attribute& a : list) {
    // "number of": its aggregate word reads one word past the list's end.
    for (std::size_t j : a.at) {
      a.aggregate = a.aggregate || !aggregateWordAt(ws, j).empty();
      a.words.push_back(ws[j]);
    }
    out.push_back(std::move(a));
  }
  return i;
}

// Rule 3: extra requests after the request part (from ws[i]).
void readExtras(const std::vector<std::string>& ws, std::size_t i, std::vector<Attribute>& out) {
  while (i < ws.size()) {
    const bool afterLink = i > 0 && (ws[i - 1] == "and" || ws[i - 1] == ",");
    if (afterLink && is(ws, i, {"how", "many"})) {
      Attribute a;
      a.at = {i, i + 1};
      a.words = {ws[i], ws[i + 1]};
      a.aggregate = true;
      out.push_back(a);
      i += 2;
      while (i < ws.size() && !endsList(ws[i]) && ws[i] != ",") ++i;
      continue;
    }
    if (afterLink && askingVerbs().count(ws[i])) {  // "... and include its department"
      i = readList(ws, i + (i + 1 < ws.size() && (ws[i + 1] == "me" || ws[i + 1] == "us") ? 2 : 1), out);
      continue;
    }
    const std::size_t n = ws[i] == "," || ws[i] == "and" ? 0 : separator(ws, i);  // along with, as well as
    if (n == 0) {
      ++i;
      continue;
    }
    std::size_t k = i + n;
    while (k < ws.size() && isDeterminer(ws[k])) ++k;
    if ((i > 0 && ws[i - 1] == ",") || (k < ws.size() && !aggregateWordAt(ws, k).empty())) {
      i = readList(ws, i + n, out);
      continue;
    }
    i += n;
  }
}

// Rules 2-4 for one sentence: its attributes, or none when it has no readable request. `adds`: the
// sentence opens with "also" ("Please also give ...", "Also, list ...").
std::vector<Attribute> sentenceRequest(const std::vector<std::string>& ws, bool& adds) {
  static const lang::WordSet be = {"is", "are", "was", "were"};
  static const lang::WordSet unknownWidth = {"information", "info",       "details", "everything",
                                             "data",        "attributes", "columns", "records"};
  std::vector<Attribute> out;
  std::size_t i = 0;
  if (is(ws, i, {"please"})) ++i;
  adds = is(ws, i, {"also"});
  if (adds) ++i;
  if (adds && is(ws, i, {","})) ++i;
  if (i + 1 < ws.size() && (ws[i] == "what" || ws[i] == "which") && be.count(ws[i + 1])) {
    i = readList(ws, i + 2, out);
  } else if (i < ws.size() && askingVerbs().count(ws[i])) {
    ++i;
    if (i < ws.size() && (ws[i] == "me" || ws[i] == "us")) ++i;
    i = readList(ws, i, out);
  } else if (i + 1 < ws.size() && (ws[i] == "what" || ws[i] == "which" || ws[i] == "who" || ws[i] == "whom" ||
                                   is(ws, i, {"how", "many"}))) {
    Attribute a;
    a.at = {i};
    a.words = {ws[i]};
    a.checked = false;
    out.push_back(a);
    i += ws[i] == "how" ? 2 : 1;
  } else {
    return {};
  }
  readExtras(ws, i, out);
  for (const Attribute& a : out)
    for (std::size_t j : a.at)
      if (unknownWidth.count(ws[j])) return {};
  return out;
}

}  // namespace

std::vector<Finding> columnMissingFindings(const SqlView& v, std::string_view question) {
  std::vector<Finding> out;
  if (question.empty() || !v.ok() || v.topLevel.empty()) return out;
  const SelectBlock& blk = v.blocks[static_cast<std::size_t>(v.topLevel.front())];
  if (blk.items.empty()) return out;
  for (const Range& r : blk.items)
    if (r.empty() || isStarItem(v, r.first, r.last)) return out;  // rule 5
  // Rule 4: the sentence asking for the most attributes (a later sentence mostly restates the
  // request: "What is the address ...? Indicate the street, city and zip."), plus the sentences
  // that open with "also".
  std::vector<Attribute> request, added;
  for (std::string_view sentence : questionSentences(question)) {
    bool adds = false;
    std::vector<Attribute> attrs = sentenceRequest(sentenceWords(sentence), adds);
    if (adds)
      added.insert(added.end(), attrs.begin(), attrs.end());
    else if (attrs.size() > request.size())
      request = std::move(attrs);
  }
  request.insert(request.end(), added.begin(), added.end());
  if (request.size() < 2 || request.size() <= blk.items.size()) return out;

  // Rule 5: what each item is. Rule 6: which attributes it covers.
  struct Output {
    const Range* range;
    std::vector<std::string> column, table;  // a plain column or an aggregate's column
    bool mayCount = false, expression = false;
  };
  static const lang::WordSet aggregates = {"count", "sum", "avg", "max", "min"};
  std::vector<Output> outputs;
  for (const Range& r : blk.items) {
    Output o{&r, {}, {}, itemMayHoldCount(v, r), false};
    std::optional<std::size_t> col = plainColumnToken(v, r.first, r.last);
    const bool call =
        r.last >= r.first + 4 && isWord(v.tokens[r.first]) && aggregates.count(v.tokens[r.first].text) &&
        v.tokens[r.first + 1].kind == TokKind::LParen && matchingParen(v, r.first + 1) == r.last - 1;
    if (call) {
      std::size_t in = r.first + 2;
      if (isWord(v.tokens[in], "distinct")) ++in;
      col = plainColumnToken(v, in, r.last - 1);
      if (!col && !isStarItem(v, in, r.last - 1)) o.expression = true;
    } else if (!col) {
      o.expression = true;
    }
    if (o.expression) return out;  // an expression may be anything: every attribute covered
    if (col) {
      o.column = identifierWords(identifierSpelling(v, *col));
      o.table = columnTableWords(v, blk, *col);
    }
    outputs.push_back(std::move(o));
  }
  for (const Attribute& a : request) {
    if (!a.checked) continue;
    const std::vector<std::string>& words = a.words;
    bool covered = false;
    for (const Output& o : outputs) {
      covered = covered || (a.aggregate && o.mayCount) ||
                (!o.column.empty() && columnReferredBy(words, o.column, o.table));
    }
    if (covered) continue;
    std::string said;
    for (const std::string& w : words) said += (said.empty() ? "" : " ") + w;
    Finding f;
    f.taxonomy = "goldfree";
    f.category = "cue_column_missing";
    f.message = formatMessage(FindingMsg::CueColumnMissing,
                              {said, std::to_string(request.size()), std::to_string(blk.items.size())});
    f.spans.push_back({"pred", v.beginOf(blk.items.front()), v.endOf(blk.items.back())});
    f.confidence = 0.6;
    out.push_back(std::move(f));
    return out;
  }
  return out;
}

}  // namespace hs::annotate
