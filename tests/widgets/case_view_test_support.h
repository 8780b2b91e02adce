#pragma once
// Helpers of test_case_view: evaluating real cases with the rule annotator, and reading back which
// bytes of an editor carry a finding indicator.
#include <QString>

#include <Qsci/qsciscintilla.h>

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "engine/annotate/eval_annotator.h"
#include "engine/eval/runner.h"
#include "support/shared_data.h"
#include "widgets/case_finding_styles.h"
#include "widgets/indicator_registry.h"
#include "widgets/sql_editor.h"

namespace hs::test::caseview {

using hs::ui::FindingStyles;
using hs::ui::SqlEditor;
using Sci = QsciScintillaBase;

// Evaluated and annotated like a review run; the databases are under `dbRoot` (default: Spider's).
inline std::vector<hs::eval::CaseOutcome> evaluate(const std::vector<hs::Case>& cases,
                                                   const std::string& dbRoot = {}) {
  static const hs::annotate::RuleAnnotator annotator;
  hs::eval::EvalOptions o;
  o.dbRoot = dbRoot.empty() ? hs::test::sharedPath("spider/database") : dbRoot;
  o.jobs = 2;
  o.keepRows = true;
  o.annotator = &annotator;
  return hs::eval::evaluateCases(cases, o);
}

inline std::size_t spanCount(const hs::Finding& f) {
  std::size_t n = 0;
  for (const hs::FindingSpan& s : f.spans) n += s.end > s.begin ? 1 : 0;
  return n;
}

inline std::size_t spanCount(const hs::eval::CaseOutcome& o) {
  std::size_t n = 0;
  for (const hs::Finding& f : o.findings) n += spanCount(f);
  return n;
}

// The bytes [begin, end) of `side` covered by the findings of one style group.
inline std::set<long> expectedCover(const std::vector<hs::Finding>& findings, const QString& key,
                                    const std::string& side) {
  std::set<long> bytes;
  for (const hs::Finding& f : findings) {
    if (FindingStyles::groupOf(f).key != key) continue;
    for (const hs::FindingSpan& s : f.spans)
      if (s.side == side)
        for (std::size_t b = s.begin; b < s.end; ++b) bytes.insert(static_cast<long>(b));
  }
  return bytes;
}

// The bytes where the editor has indicator `key` on, read back with SCI_INDICATORALLONFOR.
inline std::set<long> actualCover(SqlEditor* e, const QString& key) {
  std::set<long> bytes;
  const int n = e->indicators()->indicator(key);
  if (n < 0) return bytes;
  const long len = e->SendScintilla(Sci::SCI_GETLENGTH);
  for (long pos = 0; pos < len; ++pos) {
    const long mask = e->SendScintilla(Sci::SCI_INDICATORALLONFOR, static_cast<unsigned long>(pos));
    if (mask & (1L << n)) {
      bytes.insert(pos);
      if (e->SendScintilla(Sci::SCI_INDICATORVALUEAT, static_cast<unsigned long>(n), pos) == 0) return {};
    }
  }
  return bytes;
}

inline std::pair<long, long> selection(SqlEditor* e) {
  return {e->SendScintilla(Sci::SCI_GETSELECTIONSTART), e->SendScintilla(Sci::SCI_GETSELECTIONEND)};
}

}  // namespace hs::test::caseview
