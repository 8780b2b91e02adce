// Workspace: the compact per-case summary rows of a run, for the case list (one query).
#include <nlohmann/json.hpp>

#include "engine/eval/reliability.h"
#include "engine/workspace/results_codec.h"
#include "engine/workspace/results_store.h"
#include "engine/workspace/sqlite_util.h"

namespace hs::ws {

namespace {

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> out;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) nl = text.size();
    if (nl > pos) out.push_back(text.substr(pos, nl - pos));
    pos = nl + 1;
  }
  return out;
}

}  // namespace

Result<std::vector<CaseSummary>> caseSummaries(const Workspace& ws, std::int64_t runId) {
  if (!ws.isOpen()) return makeError(ErrorKind::Internal, "closed", "the workspace is closed");
  auto st = Statement::prepare(
      ws.handle(),
      "SELECT c.id, c.position, c.case_key, c.db_id, c.question, coalesce(c.gold_sql, ''), "
      "coalesce(c.pred_sql, ''), c.model, c.difficulty, s.case_id IS NOT NULL, s.ex_set, s.ex_bag, "
      "s.ex_ordered, s.soft_f1, s.risk, coalesce(s.pred_error, ''), coalesce(s.categories, ''), "
      "s.ex_set_any_order, c.abstention_json, c.infeasible_type, c.gold_sql IS NOT NULL "
      "FROM cases AS c LEFT JOIN case_scores AS s ON s.case_id = c.id WHERE c.run_id = ?1 "
      "ORDER BY c.position, c.id",
      ws.path());
  if (!st) return st.error();
  st->bind(1, runId);
  std::vector<CaseSummary> out;
  for (;;) {
    auto row = st->step();
    if (!row) return row.error();
    if (!row.value()) break;
    CaseSummary s;
    s.caseId = st->int64(0);
    s.position = st->int64(1);
    s.caseKey = st->text(2);
    s.dbId = st->text(3);
    s.question = st->text(4);
    s.goldSql = st->text(5);
    s.predSql = st->text(6);
    s.model = st->text(7);
    s.difficulty = st->text(8);
    s.evaluated = st->int64(9) != 0;
    s.exSet = codec::boolAt(*st, 10);
    s.exBag = codec::boolAt(*st, 11);
    s.exOrdered = codec::boolAt(*st, 12);
    s.softF1 = codec::realAt(*st, 13);
    s.risk = codec::realAt(*st, 14);
    s.predError = st->text(15);
    s.categories = splitLines(st->text(16));
    s.exSetAnyOrder = codec::boolAt(*st, 17);
    if (!st->isNull(18)) s.abstention = codec::abstentionFromJson(st->text(18));
    s.infeasibleType = st->text(19);
    s.hasGold = st->int64(20) != 0;
    out.push_back(std::move(s));
  }
  return out;
}

nlohmann::json runReliability(const std::vector<CaseSummary>& rows) {
  std::vector<const Abstention*> records;
  std::vector<eval::ReliabilityCase> items;
  for (const CaseSummary& s : rows) {
    if (s.abstention) records.push_back(&*s.abstention);
    eval::ReliabilityCase r;
    r.hasGold = s.hasGold;
    r.infeasible = !s.infeasibleType.empty();
    r.abstained = s.abstention && s.abstention->abstained;
    r.exSet = s.exSet;
    items.push_back(r);
  }
  if (records.empty()) return nullptr;
  return eval::runReliability(items, eval::recordedThresholds(records));
}

Result<std::int64_t> evaluatedCount(const Workspace& ws, std::int64_t runId) {
  if (!ws.isOpen()) return makeError(ErrorKind::Internal, "closed", "the workspace is closed");
  return queryInt(
      ws.handle(),
      "SELECT count(*) FROM case_scores AS s JOIN cases AS c ON c.id = s.case_id WHERE c.run_id = " +
          std::to_string(runId),
      ws.path());
}

}  // namespace hs::ws
