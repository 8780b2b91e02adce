#include "engine/eval/runner.h"

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

namespace hs::eval {

namespace {

namespace fs = std::filesystem;

void runSide(db::Database& database, const std::string& sql, const EvalOptions& options, CaseBudget& budget,
             CaseStep step, SideRun& side) {
  side.ok = false;
  if (budget.spent()) {  // not started: the case's time is up
    budget.reached(step);
    side.ran = false;
    side.error = ExecError{ExecErrorClass::Timeout, "not run: " + budget.limitMessage()};
    return;
  }
  side.ran = true;
  db::Limits limits;
  limits.timeoutMs = options.timeoutMs;
  limits.maxRows = options.maxRows;
  auto result = database.query(sql, budget.bound(limits));
  if (!result) {
    side.error = classifyExecError(result.error());
    if (budget.stoppedBy(result.error(), step)) side.error->message = "stopped: " + budget.limitMessage();
    return;
  }
  side.ok = true;
  side.columns = std::move(result->columns);
  side.rows = std::move(result->rows);
  side.truncated = result->truncated;
  side.elapsedMs = result->elapsedMs;
}

void noDatabase(SideRun& side, const std::string& message) {
  side.ran = false;
  side.ok = false;
  side.error = ExecError{ExecErrorClass::NoDatabase, message};
}

// One worker's read-only connections, one per database file, opened on first use.
class ConnectionCache {
 public:
  Result<db::Database*> get(const std::string& path) {
    auto it = open_.find(path);
    if (it != open_.end()) return it->second.get();
    auto opened = db::Database::openReadOnly(path);
    if (!opened) return opened.error();
    db::Database* raw = opened->get();
    open_.emplace(path, std::move(*opened));
    return raw;
  }

 private:
  std::map<std::string, std::unique_ptr<db::Database>> open_;
};

void evaluateOne(const Case& c, const EvalOptions& options, ConnectionCache& cache, CaseOutcome& out) {
  CaseBudget budget(options.timeoutMs);
  db::Database* database = nullptr;
  auto path = resolveDatabase(options.dbRoot, c.dbId);
  if (!path) {
    std::string msg = "database '" + c.dbId + "' not found under '" + options.dbRoot + "'";
    if (c.goldSql) noDatabase(out.gold, msg);
    if (c.predSql) noDatabase(out.pred, msg);
  } else {
    out.dbPath = *path;
    auto opened = cache.get(*path);
    if (!opened) {
      std::string msg = "cannot open database: " + opened.error().describe();
      if (c.goldSql) noDatabase(out.gold, msg);
      if (c.predSql) noDatabase(out.pred, msg);
    } else {
      database = *opened;
      if (c.goldSql) runSide(*database, *c.goldSql, options, budget, CaseStep::GoldSql, out.gold);
      if (c.predSql) runSide(*database, *c.predSql, options, budget, CaseStep::PredSql, out.pred);
    }
  }
  scoreOutcome(c, out, options.ignoreColumnOrder);
  const Annotator* annotator = options.annotator;
  static const NullAnnotator kNull;
  if (!annotator) annotator = &kNull;
  Annotation a = annotator->annotate(AnnotationInput{c, out, database, &budget});
  out.findings = std::move(a.findings);
  out.risk = std::move(a.risk);
  out.typeFeatures = std::move(a.typeFeatures);
  out.timeLimit = budget.reachedIn();
  if (!options.keepRows) {
    out.gold.rows.clear();
    out.gold.rows.shrink_to_fit();
    out.pred.rows.clear();
    out.pred.rows.shrink_to_fit();
  }
}

}  // namespace

std::optional<std::string> resolveDatabase(const std::string& dbRoot, const std::string& dbId) {
  if (dbId.empty() || dbId.find('/') != std::string::npos || dbId.find('\\') != std::string::npos ||
      dbId == "..") {
    return std::nullopt;
  }
  std::error_code ec;
  fs::path root = dbRoot.empty() ? fs::path(".") : fs::path(dbRoot);
  for (const fs::path& p : {root / dbId / (dbId + ".sqlite"), root / (dbId + ".sqlite")}) {
    if (fs::is_regular_file(p, ec)) return p.string();
  }
  return std::nullopt;
}

void scoreOutcome(const Case& c, CaseOutcome& out, bool ignoreColumnOrder) {
  out.exSet.reset();
  out.exSetAnyColumnOrder.reset();
  out.exBag.reset();
  out.exOrdered.reset();
  out.softF1.reset();
  out.diff.reset();
  if (!c.goldSql || !out.gold.ok) return;  // cannot be decided
  const bool ordered = hasTopLevelOrderBy(*c.goldSql);
  if (!out.pred.ok) {
    out.exSet = false;
    out.exBag = false;
    if (ordered) out.exOrdered = false;
    out.softF1 = 0.0;
    if (ignoreColumnOrder) out.exSetAnyColumnOrder = false;
    return;
  }
  const auto& g = out.gold.rows;
  const auto& p = out.pred.rows;
  out.exSet = setEqual(g, p);
  out.exBag = bagEqual(g, p);
  if (ordered) out.exOrdered = orderedEqual(g, p);
  out.softF1 = softF1(g, p);
  out.diff = diffResults(g, out.gold.columns.size(), p, out.pred.columns.size());
  if (ignoreColumnOrder)
    out.exSetAnyColumnOrder =
        *out.exSet || setEqualIgnoringColumnOrder(g, out.gold.columns.size(), p, out.pred.columns.size());
}

std::vector<CaseOutcome> evaluateCases(const std::vector<Case>& cases, const EvalOptions& options) {
  std::vector<CaseOutcome> outcomes(cases.size());
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> done{0};
  auto worker = [&]() {
    ConnectionCache cache;
    for (;;) {
      if (options.cancel && options.cancel->load()) return;
      std::size_t i = next.fetch_add(1);
      if (i >= cases.size()) return;
      evaluateOne(cases[i], options, cache, outcomes[i]);
      std::size_t d = done.fetch_add(1) + 1;
      if (options.progress) options.progress(d, cases.size());
    }
  };
  int jobs = options.jobs < 1 ? 1 : options.jobs;
  if (static_cast<std::size_t>(jobs) > cases.size()) jobs = static_cast<int>(cases.size() ? cases.size() : 1);
  if (jobs == 1) {
    worker();
  } else {
    std::vector<std::thread> threads;
    for (int t = 0; t < jobs; ++t) threads.emplace_back(worker);
    for (auto& th : threads) th.join();
  }
  return outcomes;
}

}  // namespace hs::eval
