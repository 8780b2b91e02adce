// judgeCauses: verified repairs with a database, a conservative static rule set without.
#include "engine/annotate/causes.h"

#include <cctype>
#include <cstdio>
#include <set>

#include "engine/annotate/checks.h"
#include "engine/core/text.h"

namespace hs::annotate {

namespace {

enum class Verdict { Fixes, Closer, Changes, NoEffect, NotRun, NoRepair };

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
  for (const std::string& p : parts)
    if (p.size() > 1 && p != "id" && !hasWordForm(words, p)) return false;
  return true;
}

// The selected expression a C5 "extra column" finding names ("'x' is selected but ...").
std::string quotedHead(const std::string& message) {
  if (message.empty() || message[0] != '\'') return {};
  const std::size_t e = message.find('\'', 1);
  return e == std::string::npos ? std::string() : message.substr(1, e - 1);
}

// Static rules: is this difference, on its own, a cause a careful reviewer would name?
// Whether a C5 "extra column" finding stands beside every gold column (no gold column is missing):
// then it is an extra output column, not a wrongly chosen one.
bool pureExtraColumn(const Finding& f, const std::vector<Finding>& all) {
  if (f.category != "C5" || f.subcategory != "extra column") return false;
  for (const Finding& o : all)
    if (o.taxonomy == "mrsqlgen" && o.category == "C5" && o.subcategory == "missing column") return false;
  return true;
}

// Static rules: is this difference, on its own, a cause a careful reviewer would name?
bool staticCause(const Finding& f, const std::vector<Finding>& all, std::string* why) {
  if (pureExtraColumn(f, all)) {
    *why = "an extra output column beside every gold column is not a cause";
    return false;
  }
  *why =
      "no database to verify it: kept by the static rules (the difference changes what is selected, "
      "filtered, grouped, ordered or limited)";
  return true;
}

}  // namespace

void judgeCauses(std::vector<Finding>& findings, const SqlView& pred, const SqlView& gold,
                 std::string_view question, const CauseProbe* probe) {
  std::vector<std::size_t> ctypes;
  for (std::size_t i = 0; i < findings.size(); ++i)
    if (findings[i].taxonomy == "mrsqlgen") ctypes.push_back(i);
  if (ctypes.empty()) return;
  const std::vector<std::string> words = questionWords(question);
  std::vector<bool> keep(findings.size(), true);

  if (probe && probe->resultEqual) {
    // The prediction already gives the gold rows: no difference changes the answer, except the
    // order of the rows when the gold orders them.
    for (std::size_t i : ctypes) {
      Finding& f = findings[i];
      const bool ordering = f.category == "C9" || f.category == "C2";
      keep[i] = probe->orderDiffers && ordering;
      if (keep[i]) f.explanation = "the rows equal the gold rows but come in another order";
    }
  } else if (probe && probe->closeness) {
    std::vector<Verdict> verdict(findings.size(), Verdict::NoRepair);
    std::vector<double> score(findings.size(), 0.0);
    int runs = 0;
    for (std::size_t i : ctypes) {
      if (runs >= probe->maxRepairs) break;
      auto sql = repairFor(findings[i], pred, gold);
      if (!sql) continue;
      ++runs;
      auto c = probe->closeness(*sql);
      if (!c) {
        verdict[i] = Verdict::NotRun;
        continue;
      }
      score[i] = *c;
      verdict[i] = *c >= 1.0                     ? Verdict::Fixes
                   : *c > probe->baseline + 1e-9 ? Verdict::Closer
                   : *c != probe->baseline       ? Verdict::Changes
                                                 : Verdict::NoEffect;
    }
    bool anyFix = false, anyCloser = false, anyChange = false;
    for (std::size_t i : ctypes) {
      anyFix = anyFix || verdict[i] == Verdict::Fixes;
      anyCloser = anyCloser || verdict[i] == Verdict::Closer;
      anyChange = anyChange || verdict[i] == Verdict::Changes;
    }
    const std::string base = percent(probe->baseline);
    for (std::size_t i : ctypes) {
      Finding& f = findings[i];
      std::string why;
      if (pureExtraColumn(f, findings) && questionAsksFor(words, quotedHead(f.message))) {
        keep[i] = false;  // an extra output column the question asks for is no hallucination
        continue;
      }
      switch (verdict[i]) {
        case Verdict::Fixes:
          f.explanation =
              "cause: putting the gold's version of just this part into the prediction gives the "
              "gold result";
          break;
        case Verdict::Closer:
          // When repairing another part alone gives the gold result, the rest of the prediction
          // already agrees with the gold result: this difference is not a cause.
          keep[i] = !anyFix;
          f.explanation =
              "cause: putting the gold's version of just this part into the prediction moves the "
              "result towards the gold result (closeness " +
              base + " -> " + percent(score[i]) + ")";
          break;
        case Verdict::Changes:
          keep[i] = !anyFix && !anyCloser;
          f.explanation =
              "possible cause: repairing just this part changes the result but not towards the "
              "gold result; no single repair does better";
          break;
        case Verdict::NoEffect:
          keep[i] = false;
          break;
        case Verdict::NotRun:
        case Verdict::NoRepair:
          // Not verifiable: kept by the static rules only when no verified repair explains the case.
          keep[i] = !anyFix && !anyCloser && !anyChange && staticCause(f, findings, &why);
          f.explanation = "not verifiable by execution (" +
                          std::string(verdict[i] == Verdict::NotRun ? "the repaired query does not run"
                                                                    : "no textual repair") +
                          "); " + why;
          break;
      }
    }
    bool anyKept = false;
    for (std::size_t i : ctypes) anyKept = anyKept || keep[i];
    if (!anyKept) {
      // No single repair changes the result (the causes depend on each other): the static rules.
      for (std::size_t i : ctypes) {
        std::string why;
        keep[i] = staticCause(findings[i], findings, &why);
        findings[i].explanation =
            "no single repair changes the result (the differences act together); " + why;
      }
    }
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
