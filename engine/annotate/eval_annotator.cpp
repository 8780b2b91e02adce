// RuleAnnotator: annotateCase() behind the evaluation hook.
#include "engine/annotate/eval_annotator.h"

#include "engine/annotate/annotate.h"
#include "engine/annotate/database_checks.h"
#include "engine/core/finding_messages.h"
#include "engine/eval/runner.h"

namespace hs::annotate {

namespace {

// Closeness of a result to the gold result in [0, 1]: 1 for the same rows as multisets (Spider's
// EX counts duplicates, so a missing or extra DISTINCT is a difference: C8), else the mean of the
// row Jaccard index (bag) and BIRD's Soft-F1, scaled below 1.
// When the gold orders its rows (`ordered`), the same rows in another order are close but not equal.
// The gold rows with the columns in another order count as the gold rows.
double closeness(const std::vector<db::Row>& gold, std::size_t goldColumns, const std::vector<db::Row>& rows,
                 std::size_t columns, bool ordered) {
  if (goldColumns == columns && eval::bagEqual(gold, rows))
    return !ordered || eval::orderedEqual(gold, rows) ? 1.0 : 0.995;
  const eval::ResultDiff d = eval::diffResults(gold, goldColumns, rows, columns, 0);
  // The gold rows with the columns in another order (column order is no C-type): the same.
  if (d.columnPermutation) {
    std::vector<db::Row> projected;
    projected.reserve(rows.size());
    for (const db::Row& r : rows) {
      db::Row p;
      for (std::size_t j : *d.columnPermutation) p.push_back(j < r.size() ? r[j] : db::Value::null());
      projected.push_back(std::move(p));
    }
    return !ordered || eval::orderedEqual(gold, projected) ? 1.0 : 0.995;
  }
  const double matched = static_cast<double>(gold.size()) - static_cast<double>(d.missingTotal);
  const double all = static_cast<double>(gold.size() + rows.size()) - matched;
  const double jaccard = all > 0 ? matched / all : 1.0;
  return 0.999 * (0.5 * jaccard + 0.5 * eval::softF1(gold, rows));
}

// How the results differ, for a wrong case no rule explains.
std::string describeDifference(const eval::ResultDiff& d, std::size_t goldRows, std::size_t predRows) {
  // Parts joined with "; ", each a message template (engine/core/finding_messages.inc).
  using enum FindingMsg;
  if (d.columnPermutation) return formatMessage(DiffColumnsPermuted);
  std::string s;
  if (d.columnCountMismatch)
    s = formatMessage(DiffColumnCount, {std::to_string(d.predColumns), std::to_string(d.goldColumns)}) + "; ";
  if (d.missingTotal == 0 && d.extraTotal == 0) return s + formatMessage(DiffRowOrder);
  const bool oneMissing = d.missingTotal == 1, oneExtra = d.extraTotal == 1;
  const FindingMsg rows = oneMissing ? (oneExtra ? DiffRowMissingRowExtra : DiffRowMissingRowsExtra)
                                     : (oneExtra ? DiffRowsMissingRowExtra : DiffRowsMissingRowsExtra);
  s += formatMessage(rows, {std::to_string(d.missingTotal), std::to_string(d.extraTotal),
                            std::to_string(goldRows), std::to_string(predRows)});
  return s;
}

// Value look-ups and probe queries bound by the case's time limit (`budget` may be null): each
// runs until the case's deadline at most, none starts after it, and the step it stopped is kept.
ValueLookup boundLookup(db::Database& database, eval::CaseBudget* budget) {
  if (!budget) return databaseLookup(database);
  ValueLookup lookup = databaseLookup(database, budget->bound({2000, 1, 1 << 20}));
  return [lookup = std::move(lookup), budget](const std::string& table, const std::string& column,
                                              const std::string& value, bool numeric) {
    if (budget->spent()) {
      budget->reached(eval::CaseStep::ValueLookup);
      return ValueCheck::Unknown;
    }
    ValueCheck found = lookup(table, column, value, numeric);
    if (found == ValueCheck::Unknown && budget->spent()) budget->reached(eval::CaseStep::ValueLookup);
    return found;
  };
}

QueryRows boundRows(db::Database& database, eval::CaseBudget* budget) {
  if (!budget) return databaseRows(database);
  QueryRows rows = databaseRows(database, budget->bound(kProbeLimits));
  return [rows = std::move(rows), budget](const std::string& sql) -> std::optional<std::vector<db::Row>> {
    if (budget->spent()) {
      budget->reached(eval::CaseStep::ProbeQuery);
      return std::nullopt;
    }
    auto r = rows(sql);
    if (!r && budget->spent()) budget->reached(eval::CaseStep::ProbeQuery);
    return r;
  };
}

}  // namespace

std::shared_ptr<const db::Schema> RuleAnnotator::schemaOf(const std::string& path,
                                                          db::Database& database) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = schemas_.find(path);
  if (it != schemas_.end()) return it->second;
  auto s = database.schema();
  auto p = std::make_shared<const db::Schema>(s ? std::move(*s) : db::Schema{});
  schemas_[path] = p;
  return p;
}

eval::Annotation RuleAnnotator::annotate(const eval::AnnotationInput& in) const {
  eval::Annotation out;
  if (!in.item.predSql) return out;
  CaseInput ci;
  ci.predSql = *in.item.predSql;
  if (in.item.goldSql) ci.goldSql = std::string_view(*in.item.goldSql);
  ci.question = in.item.question;
  std::shared_ptr<const db::Schema> schema;
  // Once the case's time is up (in its gold or predicted SQL), no look-up, probe or repair runs:
  // the rules that need none still apply.
  eval::CaseBudget* budget = in.budget;
  const bool timeLeft = !budget || !budget->spent();
  if (in.database) {
    schema = schemaOf(in.outcome.dbPath, *in.database);
    ci.schema = schema.get();
  }
  if (in.database && timeLeft) {
    ci.lookup = boundLookup(*in.database, budget);
    ci.probeRows = boundRows(*in.database, budget);
  }
  if (in.outcome.pred.ran) {
    ResultSummary r = summariseRows(in.outcome.pred.rows);
    r.failed = !in.outcome.pred.ok;
    ci.predResult = r;
  }
  // Causes, not differences: repaired predictions run read-only on the case's database.
  CauseProbe probe;
  const eval::SideRun& gold = in.outcome.gold;
  const eval::SideRun& pred = in.outcome.pred;
  // Right or wrong as multisets of rows (duplicates count, as in Spider's EX); the set semantics
  // when no bag comparison was made.
  const std::optional<bool> equal = in.outcome.exBag ? in.outcome.exBag : in.outcome.exSet;
  if (in.database && gold.ok && equal) {
    db::Database* database = in.database;
    const std::size_t goldColumns = gold.columns.size();
    const bool ordered = in.outcome.exOrdered.has_value();
    probe.baseline =
        pred.ok ? closeness(gold.rows, goldColumns, pred.rows, pred.columns.size(), ordered) : 0.0;
    // A repair that gives the prediction's own rows in another order (a GROUP BY that only changes
    // the order SQLite returns the groups in) changes nothing: the baseline, whatever Soft-F1's
    // row-by-row comparison says.
    probe.closeness = [database, budget, &gold, &pred, goldColumns, ordered,
                       base = probe.baseline](const std::string& sql) -> std::optional<double> {
      if (budget && budget->spent()) {
        budget->reached(eval::CaseStep::CauseRepair);
        return std::nullopt;
      }
      db::Limits limits;
      limits.timeoutMs = 2000;
      auto r = database->query(sql, budget ? budget->bound(limits) : limits);
      if (!r) {
        if (budget) budget->stoppedBy(r.error(), eval::CaseStep::CauseRepair);
        return std::nullopt;
      }
      if (pred.ok && r->columns.size() == pred.columns.size() && eval::bagEqual(pred.rows, r->rows))
        return base;
      return closeness(gold.rows, goldColumns, r->rows, r->columns.size(), ordered);
    };
    // The gold rows with the columns in another order answer the question too (column order is no
    // C-type): no difference is a cause.
    const bool permuted = !*equal && in.outcome.diff && in.outcome.diff->columnPermutation.has_value();
    probe.resultEqual = *equal || permuted;
    probe.orderDiffers = !permuted && in.outcome.exOrdered && !*in.outcome.exOrdered;
    probe.sameRowCount = pred.ok && pred.rows.size() == gold.rows.size();
    probe.moreDuplicates = pred.ok && !*equal && pred.columns.size() == goldColumns &&
                           pred.rows.size() > gold.rows.size() && eval::setEqual(gold.rows, pred.rows);
    // Repairs need time: once the case's is up, a wrong prediction gets the static rules.
    if (timeLeft || probe.resultEqual) ci.probe = &probe;
    ci.resultEqualsGold = *equal && !probe.orderDiffers;
  }
  if (!disabled_.empty()) ci.disabledChecks = &disabled_;
  ci.keepTypeFeatures = keepTypeFeatures_;
  ci.typeModel = typeModel_;
  Annotation a = annotateCase(ci);
  // A wrong case that no C-type explains gets a finding that says how the results differ.
  bool explained = false;
  for (const Finding& f : a.findings) explained = explained || f.taxonomy == "mrsqlgen";
  const bool differenceOn = !disabled_.contains(kResultDifference);
  if (equal && !*equal && pred.ok && in.outcome.diff && !explained && differenceOn) {
    Finding f;
    f.taxonomy = "goldfree";
    f.category = kResultDifference;
    f.message = describeDifference(*in.outcome.diff, gold.rows.size(), pred.rows.size());
    f.explanation = formatMessage(FindingMsg::ExNoSingleDifference);
    f.spans.push_back({"pred", 0, in.item.predSql->size()});
    a.findings.push_back(std::move(f));
  }
  out.findings = std::move(a.findings);
  out.risk = std::move(a.risk);
  out.typeFeatures = std::move(a.typeFeatures);
  return out;
}

}  // namespace hs::annotate
