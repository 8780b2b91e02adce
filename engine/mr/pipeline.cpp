// SQLHD's two stages for one question: source artifacts, follow-ups in waves, verdicts, early
// stopping and findings (pipeline.h).
#include "engine/mr/pipeline.h"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <memory>

#include <unistd.h>

#include "engine/core/finding_messages.h"
#include "engine/core/temp_files.h"
#include "engine/llm/client.h"
#include "engine/llm/schema_prompt.h"
#include "engine/mr/applicability.h"
#include "engine/mr/attribution.h"
#include "engine/mr/db_transform.h"
#include "engine/mr/llm_runner.h"
#include "engine/mr/stage_linking.h"
#include "engine/mr/stage_rewrite.h"
#include "engine/mr/stage_synthesis.h"

namespace hs::mr {
namespace {

struct Task {
  const MrInfo* info = nullptr;
  MrRecord rec;
  bool finished = false;
};

// Calls an MR needs: LLM-rewritten follow-ups one rewrite plus one linking; the others one.
int expectedCalls(const MrInfo& m) {
  return m.producer == Producer::Llm ? 2 : 1;
}

std::string errorText(const Error& e) {
  return e.code.empty() ? e.message : e.code + ": " + e.message;
}

// The renamed copy holds the user's data: by default it goes to this process's private temporary
// directory (0700; a crashed run's copies are removed by the next process, see temp_files.h).
Result<std::string> tempCopyPath(const std::string& dir) {
  static std::atomic<unsigned> counter{0};
  if (dir.empty()) return privateTempPath("mr-copy", ".sqlite");
  return (std::filesystem::path(dir) /
          ("hallusql-mr-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + ".sqlite"))
      .string();
}

class Pipeline {
 public:
  Pipeline(const DetectInput& input, llm::Client& client, const DetectOptions& options)
      : in_(input), opt_(options), llm_(client, options.concurrency, options.cancel) {}
  ~Pipeline() {
    copyDb_.reset();
    if (copy_) {
      std::error_code ec;
      std::filesystem::remove(copy_->path, ec);
    }
  }
  Pipeline(const Pipeline&) = delete;
  Pipeline& operator=(const Pipeline&) = delete;

  Result<DetectResult> run();

 private:
  bool cancelled() const { return opt_.cancel && opt_.cancel->load(); }
  Status open();
  void createTasks();
  void sourceLinking();
  void runWave(const std::vector<Task*>& wave);
  void rewritePhase(const std::vector<Task*>& wave);
  void followUpPhase(const std::vector<Task*>& wave);
  std::optional<std::string> ensureCopy();
  void takeSourceSql(const std::optional<LlmAnswer>& answer);
  void decideLinking(Task& t, const LlmAnswer& a);
  void decideResults(Task& t, const LlmAnswer& a);
  void finish(Task& t, Verdict v, std::string reason);
  void count(Task& t, const LlmAnswer& a);
  void report(const std::string& mr, const std::string& message);
  DetectResult assemble();

  const DetectInput& in_;
  const DetectOptions& opt_;
  LlmRunner llm_;
  std::unique_ptr<db::Database> db_;
  db::Schema schema_;
  std::string schemaText_;
  SchemaNames names_;
  std::vector<Task> tasks_;  // seed order
  std::size_t decided_ = 0;
  bool earlyStopped_ = false;
  int skippedCalls_ = 0;

  // Stage 1 source artifact.
  std::set<std::string> linking_;
  VerifiedLinking verified_;
  std::string linkingError_;
  // Stage 2 source artifact.
  bool sqlDone_ = false;
  std::string sql_;
  std::optional<db::QueryResult> sourceResult_;
  std::string sqlError_;
  // DSR / DR renamed copy.
  std::optional<TransformedDatabase> copy_;
  std::unique_ptr<db::Database> copyDb_;
  std::string copySchemaText_;
  std::string copyError_;
  bool copyTried_ = false;
};

Status Pipeline::open() {
  auto database = db::Database::openReadOnly(in_.dbPath);
  if (!database) return database.error();
  db_ = std::move(database.value());
  auto schema = db_->schema();
  if (!schema) return schema.error();
  schema_ = std::move(schema.value());
  auto text = llm::serialiseSchema(*db_);
  if (!text) return text.error();
  schemaText_ = std::move(text.value());
  for (const auto& t : schema_.tables) {
    names_.tables.push_back(t.name);
    for (const auto& c : t.columns) names_.columns.push_back(c.name);
  }
  return ok();
}

void Pipeline::createTasks() {
  const auto assessed = assessQuestion(in_.question, names_);
  for (const Applicability& a : assessed) {
    const MrInfo& m = *a.mr;
    if (!opt_.mrs.empty() && std::find(opt_.mrs.begin(), opt_.mrs.end(), m.abbrev) == opt_.mrs.end())
      continue;
    Task t;
    t.info = &m;
    t.rec.stage = m.stage;
    t.rec.mr = std::string(m.abbrev);
    t.rec.relation = m.relation;
    t.rec.producer = m.producer;
    if (m.producer == Producer::Lexicon && a.applicable) {
      t.rec.followUp = a.followUp.question;
      t.rec.changed = a.followUp.changed;
    }
    if (m.producer == Producer::Database) t.rec.followUp = in_.question;
    if (!a.applicable) {
      t.rec.verdict = Verdict::Inapplicable;
      t.rec.reason = a.reason;
      t.finished = true;
      ++decided_;
    }
    tasks_.push_back(std::move(t));
  }
}

void Pipeline::report(const std::string& mr, const std::string& message) {
  if (!opt_.progress) return;
  opt_.progress(DetectProgress{decided_, tasks_.size(), mr, message});
}

void Pipeline::finish(Task& t, Verdict v, std::string reason) {
  t.rec.verdict = v;
  t.rec.reason = std::move(reason);
  t.rec.evaluated = v == Verdict::Satisfied || v == Verdict::Violated || v == Verdict::Error;
  t.finished = true;
  ++decided_;
  report(t.rec.mr, std::string(toString(v)));
}

void Pipeline::count(Task& t, const LlmAnswer& a) {
  if (a.sent) {
    ++t.rec.llmCalls;
    if (a.cached) ++t.rec.cacheHits;
  } else {
    ++t.rec.deduplicated;
  }
}

void Pipeline::sourceLinking() {
  report("", "source schema linking");
  auto request = linkingRequest(schemaText_, in_.question, in_.evidence, opt_.params);
  if (!request) {
    linkingError_ = errorText(request.error());
    return;
  }
  auto answers = llm_.run({request.value()});
  const auto& a = answers.front();
  if (!a.result) {
    linkingError_ = formatMessage(FindingMsg::MrLlmCallFailed, {errorText(a.result.error())});
    return;
  }
  auto parsed = parseLinking(a.result->text());
  if (!parsed) {
    linkingError_ = errorText(parsed.error());
    return;
  }
  linking_ = std::move(parsed.value());
  verified_ = verifyLinking(linking_, schema_);
}

std::optional<std::string> Pipeline::ensureCopy() {
  if (!copyTried_) {
    copyTried_ = true;
    auto target = tempCopyPath(opt_.tempDir);
    auto copy = target ? writeRenamedCopy(in_.dbPath, target.value(), {}, opt_.cancel)
                       : Result<TransformedDatabase>(target.error());
    if (!copy) {
      copyError_ = "the renamed copy failed: " + errorText(copy.error());
    } else {
      copy_ = std::move(copy.value());
      auto opened = db::Database::openReadOnly(copy_->path);
      auto text = opened ? llm::serialiseSchema(*opened.value()) : Result<std::string>(opened.error());
      if (!text) {
        copyError_ = "the renamed copy cannot be read: " + errorText(text.error());
      } else {
        copyDb_ = std::move(opened.value());
        copySchemaText_ = std::move(text.value());
      }
    }
  }
  if (!copyError_.empty()) return copyError_;
  return std::nullopt;
}

void Pipeline::takeSourceSql(const std::optional<LlmAnswer>& answer) {
  sqlDone_ = true;
  ExecutedSql run;
  if (in_.sourceSql) {
    run = runSql(*db_, *in_.sourceSql, opt_.limits);
  } else if (!answer || !answer->result) {
    sqlError_ = "no source SQL: " + (answer ? "the LLM call failed: " + errorText(answer->result.error())
                                            : std::string("no request"));
    return;
  } else {
    run = runAnswer(*db_, answer->result->text(), opt_.limits);
  }
  sql_ = run.sql;
  if (!run.result) {
    sqlError_ = "the source SQL failed: " + errorText(run.result.error());
  } else {
    sourceResult_ = std::move(run.result.value());
  }
}

void Pipeline::rewritePhase(const std::vector<Task*>& wave) {
  std::vector<llm::ChatRequest> requests;
  std::vector<Task*> owners;  // nullptr: the source SQL
  if (!sqlDone_ && !in_.sourceSql) {
    auto r = synthesisRequest(schemaText_, in_.question, verified_.verified, in_.evidence, opt_.params);
    if (r) {
      requests.push_back(std::move(r.value()));
      owners.push_back(nullptr);
    } else {
      sqlDone_ = true;
      sqlError_ = errorText(r.error());
    }
  }
  for (Task* t : wave) {
    if (t->info->producer != Producer::Llm) continue;
    auto r = rewriteRequest(t->rec.mr, in_.question, opt_.params);
    if (!r) {
      finish(*t, Verdict::Error, errorText(r.error()));
      continue;
    }
    requests.push_back(std::move(r.value()));
    owners.push_back(t);
  }
  if (!requests.empty())
    report("", "rewrites and source SQL: " + std::to_string(requests.size()) + " requests");
  auto answers = requests.empty() ? std::vector<LlmAnswer>{} : llm_.run(requests);
  std::optional<LlmAnswer> sqlAnswer;
  for (std::size_t i = 0; i < answers.size(); ++i) {
    if (!owners[i]) {
      sqlAnswer = answers[i];
      continue;
    }
    Task& t = *owners[i];
    count(t, answers[i]);
    if (!answers[i].result) {
      finish(t, Verdict::Error,
             formatMessage(FindingMsg::MrRewriteCallFailed, {errorText(answers[i].result.error())}));
      continue;
    }
    std::string followUp = readRewrite(answers[i].result->text());
    if (auto problem = checkRewrite(t.rec.mr, in_.question, followUp)) {
      t.rec.followUp = followUp;
      finish(t, Verdict::Error, formatMessage(FindingMsg::MrRewriteRejected, {*problem}));
      continue;
    }
    t.rec.changed = changedWords(in_.question, followUp);
    t.rec.followUp = std::move(followUp);
  }
  if (!sqlDone_) takeSourceSql(sqlAnswer);
}

void Pipeline::followUpPhase(const std::vector<Task*>& wave) {
  std::vector<llm::ChatRequest> requests;
  std::vector<Task*> owners;
  for (Task* t : wave) {
    if (t->finished) continue;
    const bool onCopy = t->info->producer == Producer::Database;
    if (onCopy) {
      if (auto problem = ensureCopy()) {
        finish(*t, Verdict::Error, *problem);
        continue;
      }
      t->rec.followUpDb = "renamed copy";
    }
    const std::string& schemaText = onCopy ? copySchemaText_ : schemaText_;
    Result<llm::ChatRequest> r = Error{};
    if (t->rec.stage == Stage::SchemaLinking) {
      if (!linkingError_.empty()) {
        finish(*t, Verdict::Error, formatMessage(FindingMsg::MrNoSourceLinking, {linkingError_}));
        continue;
      }
      r = linkingRequest(schemaText, t->rec.followUp, in_.evidence, opt_.params);
    } else {
      if (!sqlError_.empty()) {
        finish(*t, Verdict::Error, sqlError_);
        continue;
      }
      auto linking = onCopy ? copy_->mapping.mapLinking(verified_.verified) : verified_.verified;
      r = synthesisRequest(schemaText, t->rec.followUp, linking, in_.evidence, opt_.params);
    }
    if (!r) {
      finish(*t, Verdict::Error, errorText(r.error()));
      continue;
    }
    requests.push_back(std::move(r.value()));
    owners.push_back(t);
  }
  if (requests.empty()) return;
  report("", "follow-ups: " + std::to_string(requests.size()) + " requests");
  auto answers = llm_.run(requests);
  for (std::size_t i = 0; i < answers.size(); ++i) {
    Task& t = *owners[i];
    count(t, answers[i]);
    if (!answers[i].result) {
      finish(t, Verdict::Error,
             formatMessage(FindingMsg::MrFollowUpCallFailed, {errorText(answers[i].result.error())}));
    } else if (t.rec.stage == Stage::SchemaLinking) {
      decideLinking(t, answers[i]);
    } else {
      decideResults(t, answers[i]);
    }
  }
}

void Pipeline::decideLinking(Task& t, const LlmAnswer& a) {
  auto parsed = parseLinking(a.result->text());
  if (!parsed) {
    finish(t, Verdict::Error, formatMessage(FindingMsg::MrFollowUpLinking, {errorText(parsed.error())}));
    return;
  }
  t.rec.followUpLinking = std::move(parsed.value());
  const SchemaMapping* mapping = t.info->relation == Relation::MappedLinking ? &copy_->mapping : nullptr;
  auto check = checkLinking(t.info->relation, linking_, t.rec.followUpLinking, mapping);
  finish(t, check.verdict, check.reason);
}

void Pipeline::decideResults(Task& t, const LlmAnswer& a) {
  db::Database& database = t.info->producer == Producer::Database ? *copyDb_ : *db_;
  auto run = runAnswer(database, a.result->text(), opt_.limits);
  t.rec.followUpSql = run.sql;
  t.rec.sourceRows = static_cast<std::int64_t>(sourceResult_->rows.size());
  t.rec.sourceResult = firstRows(*sourceResult_, opt_.keepRows);
  if (!run.result) {
    finish(t, Verdict::Error,
           formatMessage(FindingMsg::MrFollowUpSqlFailed, {errorText(run.result.error())}));
    return;
  }
  t.rec.followUpRows = static_cast<std::int64_t>(run.result->rows.size());
  t.rec.followUpResult = firstRows(run.result.value(), opt_.keepRows);
  auto check = checkResults(t.info->relation, *sourceResult_, run.result.value());
  finish(t, check.verdict, check.reason);
}

void Pipeline::runWave(const std::vector<Task*>& wave) {
  rewritePhase(wave);
  if (cancelled()) return;
  followUpPhase(wave);
}

Result<DetectResult> Pipeline::run() {
  if (in_.question.find_first_not_of(" \t\r\n") == std::string::npos) {
    return makeError(ErrorKind::BadInput, "empty_question", "the question is empty");
  }
  if (cancelled()) return makeError(ErrorKind::Cancelled, "cancelled", "detection cancelled");
  if (auto s = open(); !s) return s.error();
  createTasks();
  sourceLinking();
  const auto& order = opt_.order.empty() ? defaultMrOrder() : opt_.order;
  std::vector<Task*> pending;
  for (const auto& name : order) {
    for (Task& t : tasks_) {
      if (t.rec.mr == name && !t.finished) pending.push_back(&t);
    }
  }
  for (Task& t : tasks_) {  // MRs the order does not name go last, in the seed's order
    if (!t.finished && std::find(pending.begin(), pending.end(), &t) == pending.end()) pending.push_back(&t);
  }
  std::size_t satisfied = 0;
  bool violated = false;
  bool first = true;
  while ((!pending.empty() || first) && !cancelled()) {
    first = false;
    std::size_t size = pending.size();
    if (opt_.earlyStopK > 0 && !violated) {
      size = std::min(size, std::max<std::size_t>(1, static_cast<std::size_t>(opt_.earlyStopK) - satisfied));
    }
    std::vector<Task*> wave(pending.begin(), pending.begin() + static_cast<std::ptrdiff_t>(size));
    pending.erase(pending.begin(), pending.begin() + static_cast<std::ptrdiff_t>(size));
    runWave(wave);
    for (Task* t : wave) {
      if (t->rec.verdict == Verdict::Satisfied) ++satisfied;
      if (t->rec.verdict == Verdict::Violated) violated = true;
    }
    if (opt_.earlyStopK > 0 && !violated && satisfied >= static_cast<std::size_t>(opt_.earlyStopK) &&
        !pending.empty()) {
      earlyStopped_ = true;
      for (Task* t : pending) {
        t->rec.skipped = true;
        t->rec.verdict = Verdict::Inapplicable;
        t->rec.reason = formatMessage(FindingMsg::MrEarlyStopped, {std::to_string(opt_.earlyStopK)});
        t->finished = true;
        skippedCalls_ += expectedCalls(*t->info);
      }
      pending.clear();
    }
  }
  if (!sqlDone_ && !cancelled()) takeSourceSql(std::nullopt);
  return assemble();
}

DetectResult Pipeline::assemble() {
  DetectResult out;
  out.question = in_.question;
  out.sql = in_.sourceSql ? *in_.sourceSql : sql_;
  out.cancelled = cancelled();
  out.earlyStopped = earlyStopped_;
  out.llmCalls = llm_.calls();
  out.cacheHits = llm_.cacheHits();
  out.llmCallsSaved = llm_.deduplicated() + skippedCalls_;
  StageResult s1, s2;
  s1.stage = Stage::SchemaLinking;
  s1.artifact = linking_;
  s1.verified = verified_.verified;
  s1.unknown = verified_.unknown;
  s1.error = linkingError_;
  s2.stage = Stage::LogicalSynthesis;
  s2.sql = out.sql;
  s2.sqlGiven = in_.sourceSql.has_value();
  s2.error = sqlError_;
  std::size_t decided = 0;
  for (Task& t : tasks_) {
    if (!t.finished) {  // cancelled before it ran
      t.rec.verdict = Verdict::Error;
      t.rec.reason = formatMessage(FindingMsg::MrCancelled);
    }
    switch (t.rec.verdict) {
      case Verdict::Satisfied:
        ++out.satisfied;
        ++decided;
        break;
      case Verdict::Violated:
        ++out.violated;
        ++decided;
        out.findings.push_back(attributeViolation(t.rec, out.sql, linking_));
        break;
      case Verdict::Inapplicable:
        ++(t.rec.skipped ? out.skipped : out.inapplicable);
        break;
      case Verdict::Error:
        ++out.errors;
        break;
    }
    (t.rec.stage == Stage::SchemaLinking ? s1 : s2).mrs.push_back(std::move(t.rec));
  }
  if (opt_.voteThreshold > 0.0) {
    out.flagged =
        decided > 0 && static_cast<double>(out.violated) / static_cast<double>(decided) >= opt_.voteThreshold;
  } else {
    out.flagged = out.violated > 0;
  }
  out.stages.push_back(std::move(s1));
  out.stages.push_back(std::move(s2));
  return out;
}

}  // namespace

Result<DetectResult> detect(const DetectInput& input, llm::Client& client, const DetectOptions& options) {
  Pipeline pipeline(input, client, options);
  return pipeline.run();
}

}  // namespace hs::mr
