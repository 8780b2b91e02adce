#include "engine/abstain/feasibility.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "engine/abstain/feasibility_linking.h"
#include "engine/abstain/feasibility_words.h"
#include "engine/core/sql_quote.h"
#include "engine/core/text.h"
#include "engine/lang/word_forms.h"

namespace hs::abstain {
namespace {

using detail::nameWords;
using detail::prefixRelated;

struct Word {
  std::string text;  // lower case
  bool capitalised = false;
  bool first = false;
};

// Words of the question outside quotes; numbers are dropped.
std::vector<Word> questionWords(const std::string& q) {
  std::vector<Word> out;
  std::string cur;
  bool cap = false, inQuote = false;
  char quote = 0;
  auto flush = [&] {
    if (!cur.empty()) out.push_back({asciiLower(cur), cap, out.empty()});
    cur.clear();
  };
  for (std::size_t i = 0; i < q.size(); ++i) {
    char ch = q[i];
    auto c = static_cast<unsigned char>(ch);
    if (!inQuote &&
        (ch == '"' || (ch == '\'' && (i == 0 || !std::isalpha(static_cast<unsigned char>(q[i - 1])))))) {
      flush();
      inQuote = true;
      quote = ch;
      continue;
    }
    if (inQuote) {
      if (ch == quote) inQuote = false;
      continue;
    }
    if (std::isalpha(c)) {
      if (cur.empty()) cap = std::isupper(c) != 0;
      cur += ch;
    } else if (ch == '\'' && !cur.empty()) {
      flush();  // possessive 's: the rest is dropped below
    } else {
      flush();
    }
  }
  flush();
  return out;
}

bool hasCue(const std::string& lowerQ, const std::string& cue) {
  std::string padded = " " + lowerQ + " ";
  for (char& ch : padded)
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-') ch = ' ';
  std::string c = " " + cue;
  return padded.find(c) != std::string::npos;
}

// Levenshtein distance, bounded inputs (words).
std::size_t editDistance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j)
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

}  // namespace

FeasibilityCheck checkFeasibility(const std::string& question, const db::Schema& schema,
                                  db::Database* database, const FeasibilityOptions& options) {
  FeasibilityCheck out;
  const std::string lowerQ = asciiLower(question);
  std::set<std::string> vocab;
  for (const auto& t : schema.tables) {
    for (auto& w : nameWords(t.name)) vocab.insert(w);
    for (const auto& c : t.columns)
      for (auto& w : nameWords(c.name)) vocab.insert(w);
  }

  double nonSql = 0.0, external = 0.0;
  for (const std::string& cue : detail::nonSqlCues())
    if (hasCue(lowerQ, cue)) {
      out.cues.push_back(cue);
      nonSql = 0.9;
    }
  for (const std::string& cue : detail::externalCues())
    if (hasCue(lowerQ, cue)) {
      out.cues.push_back(cue);
      external = 0.8;
    }

  std::string surfaceNear;
  bool anyMatched = false;
  for (const Word& w : questionWords(question)) {
    const std::string s = lang::singular(w.text);
    if (w.text.size() < 3 || detail::genericWords().count(w.text) || detail::genericWords().count(s))
      continue;
    if (vocab.count(s) || vocab.count(w.text)) {
      anyMatched = true;
      continue;
    }
    bool related =
        std::any_of(vocab.begin(), vocab.end(), [&](const std::string& v) { return prefixRelated(s, v); });
    if (related) {
      anyMatched = true;
      continue;
    }
    // Verbs, participles and adverbs rarely name data.
    auto ends = [&](const char* e) {
      std::string_view ev(e);
      return w.text.size() > ev.size() + 2 && w.text.compare(w.text.size() - ev.size(), ev.size(), ev) == 0;
    };
    if (ends("ed") || ends("ing") || ends("ly")) continue;
    // A capitalised word inside the sentence is a value (a name, a place): absent values give an
    // empty answer, not an infeasible question.
    if (w.capitalised && !w.first) continue;
    bool stored = false;
    if (database && options.lookUpValues) {
      db::Limits limits;
      limits.timeoutMs = options.lookupTimeoutMs;
      limits.maxRows = 1;
      for (const auto& t : schema.tables) {
        for (const auto& c : t.columns) {
          if (stored || out.valueLookups >= options.maxLookups) break;
          std::string type = asciiLower(c.declaredType);
          if (type.find("int") != std::string::npos || type.find("real") != std::string::npos ||
              type.find("float") != std::string::npos || type.find("double") != std::string::npos ||
              type.find("num") != std::string::npos || type.find("dec") != std::string::npos)
            continue;
          ++out.valueLookups;
          // A whole word of a stored value, as written or singular (letters only: safe to splice).
          const std::string col = quoteIdentifier(c.name);
          std::string where;
          for (const std::string& form : {w.text, s}) {
            if (!where.empty() && form == w.text) continue;
            for (const std::string& pattern : {form, form + " %", "% " + form, "% " + form + " %"})
              where += (where.empty() ? "" : " OR ") + col + " LIKE '" + pattern + "'";
          }
          auto r = database->query(
              "SELECT 1 FROM " + quoteIdentifier(t.name) + " WHERE " + where + " LIMIT 1", limits);
          stored = r && !r->rows.empty();
        }
        if (stored) break;
      }
    }
    if (stored) {
      anyMatched = true;
      continue;
    }
    if (std::find(out.unmatched.begin(), out.unmatched.end(), w.text) == out.unmatched.end()) {
      out.unmatched.push_back(w.text);
      for (const std::string& v : vocab)
        if (surfaceNear.empty() && v.size() >= 4 && editDistance(s, v) <= 2) surfaceNear = v;
    }
  }

  // "the <attribute> of <entity>": an attribute the entity's table does not have is strong evidence
  // on its own (one unmatched word elsewhere in the question is weak: it may be a verb or a value).
  std::vector<std::string> sequence;
  for (const Word& w : questionWords(question)) sequence.push_back(w.text);
  double linking = 0.0;
  if (auto gap = detail::attributeGap(sequence, schema, out.unmatched)) {
    linking = 0.6;
    out.attribute = gap->attribute;
    out.entity = gap->entity;
    out.entityTable = gap->table;
    out.attributeTables = gap->elsewhere;
  }
  const double k = static_cast<double>(out.unmatched.size());
  const double missing = std::min(0.85, 0.3 * k);
  out.score = 1.0 - (1.0 - nonSql) * (1.0 - external) * (1.0 - missing) * (1.0 - linking);
  out.nearest = surfaceNear;
  const double schemaGap = std::max(missing, linking);
  if (nonSql > 0 && nonSql >= schemaGap) {
    out.type = "non-sql";
    out.reason = "the question asks for something a query cannot do ('" + out.cues.front() + "')";
  } else if (external > 0 && external >= schemaGap) {
    out.type = "external-knowledge";
    out.reason = "the question needs knowledge from outside the database ('" + out.cues.back() + "')";
  } else if (linking > 0 && linking >= missing) {
    out.type = out.attributeTables.empty() ? "column-related" : "column-surface";
    out.reason = "the question asks for the '" + out.attribute + "' of '" + out.entity + "', which table " +
                 out.entityTable + " does not have";
    if (!out.attributeTables.empty())
      out.reason += " ('" + out.attribute + "' is a column of " + out.attributeTables.front() + ")";
  } else if (!out.unmatched.empty()) {
    out.type = !surfaceNear.empty() ? "column-surface" : anyMatched ? "column-related" : "column-unrelated";
    out.reason =
        "the question asks for '" + out.unmatched.front() + "', which no table, column or stored value has";
    if (!surfaceNear.empty()) out.reason += " (nearest: '" + surfaceNear + "')";
  } else {
    out.type = "feasible";
  }
  return out;
}

}  // namespace hs::abstain
