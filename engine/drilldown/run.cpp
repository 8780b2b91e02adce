// The drill-down workflow: decompose, sub-questions (Prompt 1), per-step SQL (Prompt 2) with and
// without history, evaluation and annotation of every step.
#include "engine/drilldown/run.h"

#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <optional>

#include "engine/annotate/eval_annotator.h"
#include "engine/db/database.h"
#include "engine/drilldown/decompose.h"
#include "engine/eval/runner.h"
#include "engine/eval/spider_hardness.h"
#include "engine/llm/generate.h"
#include "engine/llm/schema_prompt.h"
#include "engine/llm/template.h"

namespace hs::drilldown {

const char* toString(History h) {
  return h == History::On ? "on" : "off";
}

namespace {

using Answers = std::vector<std::optional<llm::ChatResult>>;

struct Progress {
  std::atomic<std::size_t> done{0};
  std::size_t total = 0;
  const RunOptions* options = nullptr;
  const char* step = "";
  void tick() {
    std::size_t d = ++done;
    workflow::report(options->progress, d, total, step);
  }
};

struct Item {
  const Case* item = nullptr;
  Path path;
  const std::string* schema = nullptr;
  std::vector<std::optional<std::string>> subQuestions;  // per step; nullopt when Prompt 1 failed
  std::string difficulty;
};

bool cancelled(const RunOptions& o) {
  return o.cancel.cancelled();
}

// Submits every request at once (the client bounds what is in flight) and waits for all answers;
// the cancel token cancels the batch.
Answers runAll(llm::Client& client, std::vector<llm::ChatRequest> requests, const RunOptions& o,
               Progress& progress, RunResult& result) {
  std::mutex m;
  std::condition_variable cv;
  std::size_t done = 0;
  Answers out(requests.size());
  llm::BatchId batch = client.newBatch();
  for (std::size_t i = 0; i < requests.size(); ++i) {
    client.submit(
        std::move(requests[i]),
        [&, i](llm::RequestId, const llm::ChatResult& r) {
          std::lock_guard lock(m);
          out[i] = r;
          ++done;
          progress.tick();
          cv.notify_all();
        },
        batch);
  }
  {
    // Cancelling the token cancels the batch at once (in-flight transfers are aborted).
    workflow::CancelToken::Hook hook = o.cancel.onCancel([&client, batch] { client.cancelBatch(batch); });
    std::unique_lock lock(m);
    cv.wait(lock, [&] { return done == out.size(); });
  }
  for (const auto& a : out) {
    ++result.llmCalls;
    if (a && a->ok() && a->value().cached) ++result.cacheHits;
    if (a && !a->ok()) ++result.failedCalls;
  }
  return out;
}

std::string cleanQuestion(std::string s) {
  auto blank = [](char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '"'; };
  while (!s.empty() && blank(s.back())) s.pop_back();
  std::size_t b = 0;
  while (b < s.size() && blank(s[b])) ++b;
  return s.substr(b);
}

std::optional<std::string> extracted(const std::optional<llm::ChatResult>& a, std::string& error) {
  if (!a) return std::nullopt;
  if (!a->ok()) {
    error = a->error().message;
    return std::nullopt;
  }
  llm::Generation g = llm::interpretResponse(a->value());
  if (!g.extraction) {
    error = g.extraction.error().message;
    return std::nullopt;
  }
  return g.extraction->sql;
}

}  // namespace

Result<RunResult> runDrilldown(llm::Client& client, const std::vector<Case>& cases,
                               const RunOptions& options) {
  auto rewrite = llm::builtinTemplate("subquestion_rewrite");
  if (!rewrite) return rewrite.error();
  auto textToSql = llm::builtinTemplate("text_to_sql");
  if (!textToSql) return textToSql.error();
  RunResult result;
  const std::string model = options.model.empty() ? client.profile().model : options.model;

  // 1. Decomposition (read-only execution) and the schema prompt of each database.
  std::map<std::string, std::unique_ptr<db::Database>> databases;
  std::map<std::string, std::string> schemas;
  std::vector<Item> items;
  auto skip = [&](const Case& c, const std::string& code, const std::string& message) {
    Error e = makeError(ErrorKind::BadInput, code, message);
    e.where = c.id;
    result.problems.push_back(std::move(e));
    ++result.skipped;
  };
  for (const Case& c : cases) {
    if (!c.goldSql) {
      skip(c, "no_gold", "the case has no gold SQL");
      continue;
    }
    if (!databases.count(c.dbId)) {
      std::unique_ptr<db::Database> opened;
      if (auto p = eval::resolveDatabase(options.dbRoot, c.dbId))
        if (auto d = db::Database::openReadOnly(*p)) {
          opened = std::move(d.value());
          auto s = llm::serialiseSchema(*opened);
          if (s) schemas[c.dbId] = std::move(s.value());
        }
      databases[c.dbId] = std::move(opened);
    }
    db::Database* database = databases[c.dbId].get();
    if (!database || !schemas.count(c.dbId)) {
      skip(c, "no_database", "database '" + c.dbId + "' not found or unreadable under the db root");
      continue;
    }
    auto path = decompose(*c.goldSql, database);
    if (!path) {
      skip(c, path.error().code, path.error().message);
      continue;
    }
    // Cases without a difficulty (Spider) get Spider's hardness of the gold query, as evaluate does.
    items.push_back({&c, std::move(path.value()), &schemas[c.dbId], {}, eval::caseDifficulty(c).level});
  }
  result.cases = items.size();

  std::size_t steps = 0, maxSteps = 0;
  for (const Item& it : items) {
    steps += it.path.steps.size();
    maxSteps = std::max(maxSteps, it.path.steps.size());
  }
  Progress progress;
  progress.options = &options;
  progress.total = steps + 2 * steps * options.modes.size();

  // 2. Sub-questions (Prompt 1), one per step, shared by both history modes.
  progress.step = "Sub-questions (Prompt 1)";
  std::vector<llm::ChatRequest> requests;
  for (const Item& it : items)
    for (const Step& s : it.path.steps) {
      llm::TemplateVars vars{
          {"schema", *it.schema}, {"original_question", it.item->question}, {"partial_sql", s.sql}};
      auto r = llm::requestFromTemplate(rewrite.value(), vars, options.params);
      if (!r) return r.error();
      r->label = it.item->id + " step " + std::to_string(s.index) + " sub-question";
      requests.push_back(std::move(r.value()));
    }
  Answers subAnswers = runAll(client, std::move(requests), options, progress, result);
  std::size_t k = 0;
  for (Item& it : items)
    for (std::size_t s = 0; s < it.path.steps.size(); ++s, ++k) {
      const auto& a = subAnswers[k];
      it.subQuestions.push_back(a && a->ok() ? std::optional<std::string>(cleanQuestion(a->value().text()))
                                             : std::nullopt);
    }

  // 3. Per-step SQL (Prompt 2) for each history mode.
  progress.step = "Per-step SQL (Prompt 2)";
  auto stepRequest = [&](const Item& it, std::size_t s) -> Result<llm::ChatRequest> {
    llm::TextToSqlInput in{*it.schema, *it.subQuestions[s], it.item->evidence, options.dialect};
    auto r = llm::textToSqlRequest(textToSql.value(), in, options.params);
    if (r) r->label = it.item->id + " step " + std::to_string(s + 1);
    return r;
  };
  struct Generated {
    std::vector<std::vector<std::optional<std::string>>> sql;  // [item][step]
    std::vector<std::vector<std::string>> error;
  };
  std::vector<Generated> perMode;
  for (History mode : options.modes) {
    Generated g;
    g.sql.resize(items.size());
    g.error.resize(items.size());
    for (std::size_t i = 0; i < items.size(); ++i) {
      g.sql[i].resize(items[i].path.steps.size());
      g.error[i].resize(items[i].path.steps.size());
    }
    if (mode == History::Off) {
      std::vector<llm::ChatRequest> reqs;
      std::vector<std::pair<std::size_t, std::size_t>> where;
      for (std::size_t i = 0; i < items.size(); ++i)
        for (std::size_t s = 0; s < items[i].path.steps.size(); ++s) {
          if (!items[i].subQuestions[s]) {
            g.error[i][s] = "no sub-question";
            progress.tick();
            continue;
          }
          auto r = stepRequest(items[i], s);
          if (!r) return r.error();
          reqs.push_back(std::move(r.value()));
          where.emplace_back(i, s);
        }
      Answers answers = runAll(client, std::move(reqs), options, progress, result);
      for (std::size_t a = 0; a < answers.size(); ++a)
        g.sql[where[a].first][where[a].second] =
            extracted(answers[a], g.error[where[a].first][where[a].second]);
    } else {
      // One round per step index; the conversation of each case carries its earlier turns.
      std::vector<std::vector<llm::ChatMessage>> conversation(items.size());
      for (std::size_t s = 0; s < maxSteps && !cancelled(options); ++s) {
        std::vector<llm::ChatRequest> reqs;
        std::vector<std::size_t> which;
        for (std::size_t i = 0; i < items.size(); ++i) {
          if (s >= items[i].path.steps.size()) continue;
          if (!items[i].subQuestions[s]) {
            g.error[i][s] = "no sub-question";
            progress.tick();
            continue;
          }
          auto r = stepRequest(items[i], s);
          if (!r) return r.error();
          std::vector<llm::ChatMessage> turn;
          for (const auto& m : r->messages)
            if (conversation[i].empty() || m.role != "system") turn.push_back(m);
          std::vector<llm::ChatMessage> msgs = conversation[i];
          msgs.insert(msgs.end(), turn.begin(), turn.end());
          conversation[i].insert(conversation[i].end(), turn.begin(), turn.end());
          r->messages = std::move(msgs);
          reqs.push_back(std::move(r.value()));
          which.push_back(i);
        }
        Answers answers = runAll(client, std::move(reqs), options, progress, result);
        for (std::size_t a = 0; a < answers.size(); ++a) {
          std::size_t i = which[a];
          g.sql[i][s] = extracted(answers[a], g.error[i][s]);
          if (answers[a] && answers[a]->ok())
            conversation[i].push_back({"assistant", answers[a]->value().text()});
        }
      }
    }
    perMode.push_back(std::move(g));
  }
  result.cancelled = cancelled(options);

  // 4. Execution, EX, Soft-F1 and findings of every step (engine/eval + engine/annotate).
  std::vector<Case> evalCases;
  for (std::size_t m = 0; m < options.modes.size(); ++m)
    for (std::size_t i = 0; i < items.size(); ++i)
      for (std::size_t s = 0; s < items[i].path.steps.size(); ++s) {
        const Item& it = items[i];
        Case c;
        c.id = it.item->id;
        c.dbId = it.item->dbId;
        c.question = it.subQuestions[s].value_or("");
        c.evidence = it.item->evidence;
        c.goldSql = it.path.steps[s].sql;
        c.predSql = perMode[m].sql[i][s];
        c.model = model;
        c.difficulty = it.difficulty;
        evalCases.push_back(std::move(c));
      }
  progress.step = "Executing and annotating the steps";
  annotate::RuleAnnotator rules;
  eval::EvalOptions eo;
  eo.dbRoot = options.dbRoot;
  eo.jobs = options.evalJobs;
  eo.annotator = &rules;
  eo.cancel = options.cancel.flag();
  eo.progress = [&](std::size_t, std::size_t) { progress.tick(); };
  std::vector<eval::CaseOutcome> outcomes = evaluateCases(evalCases, eo);

  std::size_t e = 0;
  for (std::size_t m = 0; m < options.modes.size(); ++m)
    for (std::size_t i = 0; i < items.size(); ++i)
      for (std::size_t s = 0; s < items[i].path.steps.size(); ++s, ++e) {
        const Item& it = items[i];
        StepOutcome o;
        o.caseId = it.item->id;
        o.dbId = it.item->dbId;
        o.model = model;
        o.history = toString(options.modes[m]);
        o.step = s + 1;
        o.final = it.path.steps[s].final;
        o.question = evalCases[e].question;
        o.originalQuestion = it.item->question;
        o.evidence = it.item->evidence;
        o.difficulty = it.difficulty;
        o.goldSql = it.path.steps[s].sql;
        o.predSql = evalCases[e].predSql;
        if (e < outcomes.size()) {
          o.ex = outcomes[e].exSet;
          o.softF1 = outcomes[e].softF1;
          o.findings = outcomes[e].findings;
        }
        o.error = perMode[m].error[i][s];
        result.rows.push_back(std::move(o));
      }
  return result;
}

}  // namespace hs::drilldown
