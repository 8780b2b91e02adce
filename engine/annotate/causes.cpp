// judgeCauses: verified repairs with a database, a conservative static rule set without.
#include "engine/annotate/causes.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <optional>
#include <set>
#include <string_view>

#include "engine/annotate/checks.h"
#include "engine/annotate/rules.h"
#include "engine/core/finding_messages.h"
#include "engine/core/text.h"

namespace hs::annotate {

namespace {

std::string percent(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f%%", x * 100.0);
  return buf;
}

// Whether the question names the selected expression (its column name or a word of it, e.g.
// "singer.country" or "first_name" -> "country", "first" + "name").
bool questionAsksFor(const std::vector<std::string>& words, std::string_view expr) {
  std::string name(expr);
  if (name.find('(') != std::string::npos) return false;  // expressions: not "asked for" by name
  const std::size_t dot = name.rfind('.');
  if (dot != std::string::npos) name = name.substr(dot + 1);
  std::vector<std::string> parts;
  std::string cur;
  for (char ch : name) {
    if (std::isalnum(static_cast<unsigned char>(ch)) != 0) {
      cur.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(ch))));
    } else if (!cur.empty()) {
      parts.push_back(cur);
      cur.clear();
    }
  }
  if (!cur.empty()) parts.push_back(cur);
  if (parts.empty()) return false;
  // "country" is asked for by "countries" too.
  auto named = [&](const std::string& p) {
    return hasWordForm(words, p) ||
           (p.size() > 2 && p.back() == 'y' && hasWordForm(words, p.substr(0, p.size() - 1) + "ies"));
  };
  for (const std::string& p : parts)
    if (p.size() > 1 && p != "id" && !named(p)) return false;
  return true;
}

// The selected expression a C5 "extra column" finding names ("'x' is selected but ...").
std::string quotedHead(const std::string& message) {
  if (message.empty() || message[0] != '\'') return {};
  const std::size_t e = message.find('\'', 1);
  return e == std::string::npos ? std::string() : message.substr(1, e - 1);
}

// The selected expression a C5 "missing column" finding names ("the gold query also selects 'x'").
std::string missingHead(const std::string& message) {
  static constexpr std::string_view kSays = "also selects '";
  const std::size_t b = message.find(kSays);
  if (b == std::string::npos) return {};
  const std::size_t from = b + kSays.size();
  const std::size_t e = message.find('\'', from);
  return e == std::string::npos ? std::string() : message.substr(from, e - from);
}

// Whether a C5 "missing column" finding names a plain gold column the question does not ask for,
// read generously towards "asked": no word of its name is a question word, no question word of four
// letters or more is inside its name ("cname" holds "name"), and it is no name or title ("which
// singer" asks for the name without saying so).
bool unaskedMissingColumn(const Finding& f, const std::vector<std::string>& words) {
  if (f.category != "C5" || f.subcategory != "missing column" || words.empty()) return false;
  const std::string expr = missingHead(f.message);
  if (expr.empty() || expr.find('(') != std::string::npos) return false;
  const std::size_t dot = expr.rfind('.');
  const std::string column = dot == std::string::npos ? expr : expr.substr(dot + 1);
  if (column.find("name") != std::string::npos || column.find("title") != std::string::npos) return false;
  for (const std::string& w : words)
    if (w.size() >= 4 && column.find(w) != std::string::npos) return false;
  std::string part;
  for (char ch : column + "_") {
    if (std::isalnum(static_cast<unsigned char>(ch)) != 0) {
      part.push_back(ch);
      continue;
    }
    if (part.size() >= 3 && questionAsksFor(words, part)) return false;  // any word of it is asked
    part.clear();
  }
  return true;
}

// Static rules: is this difference, on its own, a cause a careful reviewer would name?
// Whether a C5 "extra column" finding stands beside every gold column (no gold column is missing):
// then it is an extra output column, not a wrongly chosen one.
bool pureExtraColumn(const Finding& f, const std::vector<Finding>& all) {
  if (f.category != "C5" || f.subcategory != "extra column") return false;
  for (const Finding& o : all)
    if (o.taxonomy == "mrsqlgen" && o.category == "C5" &&
        (o.subcategory == "missing column" || o.subcategory == "wrong column"))
      return false;
  return true;
}

// Static rules: is this difference, on its own, a cause a careful reviewer would name?
bool staticCause(const Finding& f, const std::vector<Finding>& all, std::string* why) {
  if (pureExtraColumn(f, all)) {
    *why = formatMessage(FindingMsg::ExExtraColumnNoCause);
    return false;
  }
  *why = formatMessage(FindingMsg::ExStaticRules);
  return true;
}

// Priority among types when the repairs leave the choice open: the difference that explains the
// others first (a wrong join brings other columns and conditions, a wrong grouping other
// aggregates), surface differences (ordering, DISTINCT, one column) last.
constexpr std::string_view kPriority[] = {"C3", "C10", "C7", "C2", "C6", "C1", "C4", "C9", "C8", "C5"};
int priority(const std::string& category) {
  for (std::size_t i = 0; i < std::size(kPriority); ++i)
    if (kPriority[i] == category) return static_cast<int>(i);
  return static_cast<int>(std::size(kPriority));
}

// The findings of one C-type and what repairing them did.
struct TypeGroup {
  std::string category;
  std::vector<std::size_t> members;     // finding indexes
  std::vector<std::size_t> repairable;  // members whose repair ran
  std::vector<std::size_t> spliced;     // members with a repaired text (it may fail alone)
  double best = -1.0;                   // best closeness of a repair of its own
  bool fixes = false;                   // a repair of its own gives the gold result
  std::vector<std::size_t> fixers;      // members whose single repair gives the gold result
};

// Causes from executed repairs: the fewest types whose repair gives the gold result (one type,
// else a pair), the priority order choosing among equals; when no repair of one or two types gives
// the gold result, the type whose repair comes closest and the first type that could not be
// verified. A difference whose repair changes nothing is never a cause.
void judgeByRepairs(std::vector<Finding>& findings, const std::vector<std::size_t>& ctypes,
                    const SqlView& pred, const SqlView& gold, const std::vector<std::string>& words,
                    const CauseProbe& probe, std::vector<bool>& keep) {
  int runs = 0;
  auto run = [&](const std::vector<const Finding*>& fs, bool* spliced = nullptr) -> std::optional<double> {
    if (runs >= probe.maxRepairs) return std::nullopt;
    auto sql = repairFor(fs, pred, gold);
    if (!sql) return std::nullopt;
    if (spliced) *spliced = true;
    ++runs;
    return probe.closeness(*sql);
  };
  const double base = probe.baseline;
  const std::string basePct = percent(base);
  std::vector<TypeGroup> groups;
  std::vector<double> score(findings.size(), -1.0);
  std::vector<const Finding*> extraColumns;  // every extra output column beside the gold's
  for (std::size_t i : ctypes) {
    keep[i] = false;
    if (pureExtraColumn(findings[i], findings)) extraColumns.push_back(&findings[i]);
    if (pureExtraColumn(findings[i], findings) && questionAsksFor(words, quotedHead(findings[i].message)))
      continue;  // an extra output column the question asks for is no hallucination
    auto g = std::find_if(groups.begin(), groups.end(),
                          [&](const TypeGroup& t) { return t.category == findings[i].category; });
    if (g == groups.end())
      g = groups.insert(groups.end(), TypeGroup{findings[i].category, {}, {}, {}, -1.0, false, {}});
    g->members.push_back(i);
    bool spliced = false;
    auto c = run({&findings[i]}, &spliced);
    if (spliced) g->spliced.push_back(i);
    if (c) {
      score[i] = *c;
      g->repairable.push_back(i);
      g->best = std::max(g->best, *c);
      if (*c >= 1.0) g->fixers.push_back(i);
    }
  }
  auto findingsOf = [&](const std::vector<const TypeGroup*>& gs) {
    std::vector<const Finding*> fs;
    for (const TypeGroup* g : gs)
      for (std::size_t i : g->repairable) fs.push_back(&findings[i]);
    return fs;
  };
  // For a pair: the repaired members, else the members whose repair only fails alone (ORDER BY
  // SUM(x) LIMIT 1 without the GROUP BY the other difference brings).
  auto pairMembers = [](const TypeGroup& g) -> const std::vector<std::size_t>& {
    return g.repairable.empty() ? g.spliced : g.repairable;
  };
  for (TypeGroup& g : groups) {
    g.fixes = !g.fixers.empty();
    if (!g.fixes && g.repairable.size() > 1)
      if (auto c = run(findingsOf({&g}))) {
        g.best = std::max(g.best, *c);
        g.fixes = *c >= 1.0;
      }
  }
  // The prediction returns the gold rows with extra output columns beside every gold column
  // (deleting them alone gives the gold result, and no row is dropped or added with them): the
  // extra columns only add information (an id, the counted value), the question is served, and
  // a reviewer names no C-type.
  for (const TypeGroup& g : groups)
    if (probe.sameRowCount && g.fixes && g.category == "C5" &&
        std::all_of(g.members.begin(), g.members.end(),
                    [&](std::size_t i) { return pureExtraColumn(findings[i], findings); }))
      return;
  // An extra table joined in only to bring extra output columns: deleting those columns and the
  // gold's joins together give the gold result with as many rows (the join drops or duplicates
  // none): the columns only add information, no C-type.
  if (probe.sameRowCount && !extraColumns.empty())
    for (const TypeGroup& g : groups)
      if (g.category == "C3" && g.repairable.empty() &&
          std::all_of(g.members.begin(), g.members.end(),
                      [&](std::size_t i) { return findings[i].subcategory == "extra table"; })) {
        std::vector<const Finding*> fs = extraColumns;
        for (std::size_t i : g.members) fs.push_back(&findings[i]);
        if (auto c = run(fs); c && *c >= 1.0) return;
      }
  // Likewise the gold rows with a gold column missing that the question does not ask for (the
  // gold selects more than asked; inserting it alone gives the gold result, no row is dropped or
  // added): the prediction is a reasonable reading of the question, no C-type.
  for (const TypeGroup& g : groups)
    if (probe.sameRowCount && g.fixes && g.category == "C5" &&
        std::all_of(g.members.begin(), g.members.end(),
                    [&](std::size_t i) { return unaskedMissingColumn(findings[i], words); }))
      return;
  // A table difference that is only another route to the rows (the extra tables read inside a
  // subquery or derived table) explains the others only when its own repair does: it comes last.
  // So does an extra table joined in the main block whose repair cannot run (the prediction takes
  // columns from it): whether that join drops or duplicates rows is not verified, and a reviewer
  // names the verified differences (or the column taken from the extra table) first.
  auto isRoute = [&](const TypeGroup& g) {
    return std::all_of(g.members.begin(), g.members.end(), [&](std::size_t i) {
      return findings[i].subcategory == "table route" ||
             (findings[i].subcategory == "extra table" && g.repairable.empty());
    });
  };
  auto rank = [&](const TypeGroup& g) {
    return isRoute(g) ? static_cast<int>(std::size(kPriority)) : priority(g.category);
  };
  std::stable_sort(groups.begin(), groups.end(),
                   [&](const TypeGroup& a, const TypeGroup& b) { return rank(a) < rank(b); });
  auto keepGroup = [&](const std::vector<std::size_t>& which, const std::string& why) {
    for (std::size_t i : which) {
      keep[i] = true;
      findings[i].explanation = why;
    }
  };
  // 1. One type whose repair gives the gold result.
  for (const TypeGroup& g : groups)
    if (g.fixes) {
      keepGroup(g.fixers.empty() ? g.repairable : g.fixers, formatMessage(FindingMsg::ExRepairGivesGold));
      return;
    }
  // 2. Two types whose repairs together give the gold result. A grouping (C10) whose every repair
  // ran and changed nothing (the prediction's own rows, perhaps in another order) is no cause
  // beside a LIMIT or ORDER BY difference whose own repair runs: it only changes which tied row
  // comes first.
  auto changesNothing = [&](const TypeGroup& g) {
    return g.category == "C10" && !g.repairable.empty() && g.repairable.size() == g.spliced.size() &&
           std::all_of(g.repairable.begin(), g.repairable.end(),
                       [&](std::size_t i) { return std::abs(score[i] - base) <= 1e-9; });
  };
  auto ordering = [&](const TypeGroup& g) {
    return g.category == "C2" || g.category == "C9" ||
           (!g.members.empty() && std::all_of(g.members.begin(), g.members.end(), [&](std::size_t i) {
             return findings[i].subcategory == kOrderArithmetic;
           }));
  };
  auto tieOnly = [&](const TypeGroup& x, const TypeGroup& y) {
    return changesNothing(x) && ordering(y) && !y.repairable.empty();
  };
  for (std::size_t a = 0; a < groups.size(); ++a)
    for (std::size_t b = a + 1; b < groups.size(); ++b) {
      const std::vector<std::size_t>&ma = pairMembers(groups[a]), &mb = pairMembers(groups[b]);
      if (ma.empty() || mb.empty() || tieOnly(groups[a], groups[b]) || tieOnly(groups[b], groups[a]))
        continue;
      std::vector<const Finding*> fs;
      for (std::size_t i : ma) fs.push_back(&findings[i]);
      for (std::size_t i : mb) fs.push_back(&findings[i]);
      auto c = run(fs);
      if (!c || *c < 1.0) continue;
      // One of the two only deletes extra output columns beside every gold column (no DISTINCT or
      // set operation that they would split rows in): they only add information, as on their own
      // above; the other difference is the cause.
      const bool plainSelect = pred.setOps.empty() && !pred.blocks.empty() && !pred.blocks.front().distinct;
      auto onlyExtra = [&](const TypeGroup& g) {
        return plainSelect && g.category == "C5" &&
               std::all_of(g.members.begin(), g.members.end(),
                           [&](std::size_t i) { return pureExtraColumn(findings[i], findings); });
      };
      if (onlyExtra(groups[a]) != onlyExtra(groups[b])) {
        keepGroup(onlyExtra(groups[a]) ? mb : ma, formatMessage(FindingMsg::ExRepairAndDeleteColumns));
        return;
      }
      keepGroup(ma, formatMessage(FindingMsg::ExRepairBoth, {groups[b].category}));
      keepGroup(mb, formatMessage(FindingMsg::ExRepairBoth, {groups[a].category}));
      return;
    }
  // 3. No repair of one or two types gives the gold result, and the prediction returns the gold's
  // rows, some of them more times (the gold's UNION, DISTINCT or grouping drops duplicates the
  // prediction keeps): a reviewer names the missing DISTINCT (C8); the other differences only
  // restate the same rows (UNION as OR). Fewer duplicates than the gold is not named so: the
  // gold's duplicates rarely mean anything. An OR where the gold intersects or subtracts two
  // queries restates no UNION: it asks for "either" where the gold asks for "both" (or "but not"),
  // and the rows agree only on this data; that operator is the cause (C1).
  if (probe.moreDuplicates) {
    std::vector<std::size_t> setAsOr;
    for (std::size_t i : ctypes)
      if (findings[i].subcategory == "set operator as OR") setAsOr.push_back(i);
    if (!setAsOr.empty()) {
      keepGroup(setAsOr, formatMessage(FindingMsg::ExSetOperatorAsOr));
      return;
    }
    std::vector<std::size_t> distinct;
    for (std::size_t i : ctypes)
      if (findings[i].category == "C8") distinct.push_back(i);
    if (distinct.empty()) {
      Finding f;
      f.taxonomy = "mrsqlgen";
      f.category = "C8";
      f.subcategory = "duplicate rows";
      f.message = formatMessage(FindingMsg::MgDuplicateRows);
      if (const SelectBlock* m = pred.blocks.empty() ? nullptr : &pred.blocks.front(); m && !m->items.empty())
        f.spans.push_back({"pred", pred.beginOf(m->items.front()), pred.endOf(m->items.back())});
      findings.push_back(std::move(f));
      keep.push_back(false);
      distinct.push_back(findings.size() - 1);
    }
    keepGroup(distinct, formatMessage(FindingMsg::ExMoreDuplicates));
    return;
  }
  // 4. No repair of one or two types gives the gold result: the type whose repair comes closest and
  // the first type that could not be verified.
  const TypeGroup* closest = nullptr;
  for (const TypeGroup& g : groups)
    if (!g.repairable.empty() && g.best > base + 1e-9 && (!closest || g.best > closest->best + 1e-9))
      closest = &g;
  if (closest) {
    std::vector<std::size_t> which;
    for (std::size_t i : closest->repairable)
      if (score[i] > base + 1e-9 || closest->repairable.size() > 1) which.push_back(i);
    keepGroup(which, formatMessage(FindingMsg::ExRepairCloser, {basePct, percent(closest->best)}));
  }
  for (const TypeGroup& g : groups) {
    if (!g.repairable.empty()) continue;
    if (isRoute(g) && groups.size() > 1) continue;  // another route to the rows, not verified as the cause
    std::string why;
    std::vector<std::size_t> which;
    for (std::size_t i : g.members)
      if (staticCause(findings[i], findings, &why)) which.push_back(i);
    if (which.empty()) continue;
    // Parts joined with "; ", each a template (engine/core/finding_messages.inc).
    keepGroup(which, formatMessage(FindingMsg::ExNotVerifiable) + "; " + why +
                         (closest ? "" : "; " + formatMessage(FindingMsg::ExNoVerifiedRepair)));
    return;
  }
  if (closest) return;
  // 5. Every repair ran and none moved the result towards the gold: the differences act together.
  // The first type by priority whose repair changes the result, else the first type.
  const TypeGroup* pick = nullptr;
  for (const TypeGroup& g : groups)
    if (!pick && g.best >= 0 && std::abs(g.best - base) > 1e-9) pick = &g;
  if (!pick && !groups.empty()) pick = &groups.front();
  if (pick) keepGroup(pick->members, formatMessage(FindingMsg::ExActTogether));
}

// An aggregate inside another aggregate of the same block (MAX(COUNT(*))), not a window function and
// not the two-argument scalar MAX/MIN: SQLite rejects it ("misuse of aggregate function"), so the
// prediction cannot run. The outer aggregate's byte span, when there is one.
std::optional<std::pair<std::size_t, std::size_t>> nestedAggregate(const SqlView& v) {
  for (const SelectBlock& b : v.blocks)
    for (const Aggregate& outer : b.aggregates) {
      bool scalar = false;
      int depth = 0;
      for (std::size_t t = outer.arg.first; t < outer.arg.last && t < v.tokens.size(); ++t) {
        const TokKind k = v.tokens[t].kind;
        depth += k == TokKind::LParen ? 1 : k == TokKind::RParen ? -1 : 0;
        scalar = scalar || (depth == 0 && k == TokKind::Comma);
      }
      std::size_t after = outer.end;
      while (after < v.text.size() && std::isspace(static_cast<unsigned char>(v.text[after]))) ++after;
      const bool window = hs::asciiLower(v.text.substr(after, 4)) == "over";
      if (scalar || window) continue;
      for (const Aggregate& inner : b.aggregates)
        if (&inner != &outer && inner.begin > outer.begin && inner.end <= outer.end)
          return std::make_pair(outer.begin, outer.end);
    }
  return std::nullopt;
}

}  // namespace

void judgeCauses(std::vector<Finding>& findings, const SqlView& pred, const SqlView& gold,
                 std::string_view question, const CauseProbe* probe, const ValueLookup& lookup) {
  std::vector<bool> keep(findings.size(), true);
  std::vector<std::size_t> ctypes;
  for (std::size_t i = 0; i < findings.size(); ++i) {
    if (findings[i].taxonomy != "mrsqlgen") continue;
    if (valueBackedByData(findings[i], pred, gold, lookup))
      keep[i] = false;  // the predicted value is in the data, the gold's is not: no C4
    else
      ctypes.push_back(i);
  }
  const std::vector<std::string>& words = questionWords(question);

  // A prediction that cannot run gets the type of the mistake that stops it (the blind-label
  // protocol): an aggregate nested in another is aggregation misuse (C7), whatever else differs.
  if (const auto nested = nestedAggregate(pred)) {
    Finding f;
    f.taxonomy = "mrsqlgen";
    f.category = "C7";
    f.subcategory = "nested aggregate";
    f.message = formatMessage(FindingMsg::MgNestedAggregate,
                              {std::string(pred.slice(nested->first, nested->second))});
    f.spans.push_back({"pred", nested->first, nested->second});
    f.explanation = formatMessage(FindingMsg::ExCannotRun);
    findings.clear();
    findings.push_back(std::move(f));
    return;
  }

  if (probe && probe->resultEqual) {
    // The prediction already gives the gold rows: no difference changes the answer, except the
    // order of the rows when the gold orders them.
    for (std::size_t i : ctypes) {
      Finding& f = findings[i];
      const bool ordering = f.category == "C9" || f.category == "C2" || f.subcategory == kOrderArithmetic;
      keep[i] = probe->orderDiffers && ordering;
      if (keep[i]) f.explanation = formatMessage(FindingMsg::ExOrderOnly);
    }
  } else if (probe && probe->closeness) {
    judgeByRepairs(findings, ctypes, pred, gold, words, *probe, keep);
  } else {
    for (std::size_t i : ctypes) {
      std::string why;
      keep[i] = staticCause(findings[i], findings, &why);
      findings[i].explanation = why;
    }
  }
  std::vector<Finding> out;
  out.reserve(findings.size());
  for (std::size_t i = 0; i < findings.size(); ++i)
    if (keep[i]) out.push_back(std::move(findings[i]));
  findings = std::move(out);
}

}  // namespace hs::annotate
