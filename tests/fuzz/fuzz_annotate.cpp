// libFuzzer target: the whole annotation of one case (annotateCase) on fuzzed SQL pairs: the
// gold-free checks, TA-SQL, the clause-aligned C1..C10 differences and their repair-and-execute
// causes (with a scripted closeness instead of a database), and the risk score. Input: the
// prediction, a NUL byte, the gold query, a NUL byte, the question (each part may be missing).
// Invariants: no crash; every finding's span lies inside the text it names; the risk score is a
// probability.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <string>
#include <string_view>

#include "engine/annotate/annotate.h"
#include "engine/annotate/causes.h"
#include "engine/db/schema.h"
#include "tests/support/test_schema.h"

namespace {

const hs::db::Schema& schema() {
  static const hs::db::Schema s = [] {
    using hs::test::column;
    hs::db::Schema out;
    out.tables = {hs::test::singerTable(),
                  hs::test::table(
                      "concert",
                      {column("Concert_ID", "INT", true), column("Singer_ID", "INT"), column("Year", "TEXT")},
                      {{{"Singer_ID"}, "singer", {"Singer_ID"}}})};
    return out;
  }();
  return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t a = input.find('\0');
  const std::string pred(input.substr(0, a));
  std::string gold, question;
  bool hasGold = false;
  if (a != std::string_view::npos) {
    const std::string_view rest = input.substr(a + 1);
    const std::size_t b = rest.find('\0');
    gold = std::string(rest.substr(0, b));
    hasGold = true;
    if (b != std::string_view::npos) question = std::string(rest.substr(b + 1));
  }
  // A scripted probe: each repaired SQL gets a closeness from its hash, some "do not run".
  hs::annotate::CauseProbe probe;
  probe.baseline = 0.3;
  probe.closeness = [](const std::string& sql) -> std::optional<double> {
    const std::size_t h = std::hash<std::string>{}(sql);
    if (h % 13 == 0) return std::nullopt;
    return static_cast<double>(h % 11) / 10.0;
  };
  hs::annotate::CaseInput in;
  in.predSql = pred;
  if (hasGold) in.goldSql = gold;
  in.question = question;
  in.schema = &schema();
  in.probe = hasGold ? &probe : nullptr;
  const hs::annotate::Annotation out = hs::annotate::annotateCase(in);
  for (const hs::Finding& f : out.findings)
    for (const hs::FindingSpan& s : f.spans) {
      const std::size_t limit = s.side == "gold" ? gold.size() : pred.size();
      if (s.begin > s.end || s.end > limit) std::abort();
    }
  if (!(out.risk.score >= 0.0 && out.risk.score <= 1.0)) std::abort();
  return 0;
}
