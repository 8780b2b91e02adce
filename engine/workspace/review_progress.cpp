#include "engine/workspace/review_progress.h"

#include "engine/workspace/sqlite_util.h"

namespace hs::ws {

namespace {

// The first column of every row of a prepared statement, as a set of case ids.
Result<std::set<std::int64_t>> caseIds(Statement& st) {
  std::set<std::int64_t> out;
  for (;;) {
    auto row = st.step();
    if (!row) return row.error();
    if (!*row) break;
    out.insert(st.int64(0));
  }
  return out;
}

}  // namespace

Result<std::set<std::int64_t>> reviewedCases(const Workspace& ws, std::int64_t runId) {
  auto st = Statement::prepare(ws.handle(),
                               "SELECT c.id FROM cases c WHERE c.run_id = ?1 AND ("
                               "EXISTS (SELECT 1 FROM annotations a WHERE a.case_id = c.id) OR "
                               "EXISTS (SELECT 1 FROM adjudications j WHERE j.case_id = c.id))",
                               ws.path());
  if (!st) return st.error();
  st->bind(1, runId);
  return caseIds(*st);
}

Result<std::set<std::int64_t>> evaluatedCases(const Workspace& ws, std::optional<std::int64_t> runId) {
  auto st = Statement::prepare(ws.handle(),
                               "SELECT s.case_id FROM case_scores s JOIN cases c ON c.id = s.case_id "
                               "WHERE (?1 IS NULL OR c.run_id = ?1)",
                               ws.path());
  if (!st) return st.error();
  st->bind(1, runId);
  return caseIds(*st);
}

}  // namespace hs::ws
