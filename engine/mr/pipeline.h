#pragma once
// SQLHD (seed 000): two-stage metamorphic hallucination detection for one question.
//
//   Stage 1, schema linking: the LLM lists the table.column set of the question; follow-ups from
//   SROCW, AROCW (lexicon), ESR, ENSR, RC, OS, SC (LLM rewrites, checked) and DSR (renamed copy)
//   must keep, change or map that set (Algorithm 1).
//   Stage 2, logical synthesis: the LLM writes SQL from the question plus the verified linking
//   (or the caller gives the SQL); follow-ups from PI, PR, PS, SROE, AROE, CRU, CRE, CWR
//   (lexicon) and DR (renamed copy) are run read-only and their results must keep the relation.
//
// Cost control: identical follow-up requests are sent once, the client's CallStore answers
// repeats, each wave of follow-ups runs concurrently (Client::runBatch), and early stopping ends
// the run once the first K decided MRs (ordered by detection rate) agree there is no hallucination.
//
// Threading: detect() blocks (run it off the UI thread); `progress` runs on the calling thread
// between waves and after each MR; `cancel` is polled between steps and cancels the batch in flight.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/finding.h"
#include "engine/db/database.h"
#include "engine/llm/chat.h"
#include "engine/mr/relation.h"
#include "engine/mr/relation_check.h"

namespace hs::llm {
class Client;
}

namespace hs::mr {

struct DetectInput {
  std::string dbPath;    // the SQLite database (opened read-only through hs::db)
  std::string question;  // the source question
  std::string evidence;  // BIRD's external knowledge; may be empty
  // Given: stage 2 uses this as the source SQL instead of asking the LLM for it.
  std::optional<std::string> sourceSql;
};

struct DetectProgress {
  std::size_t done = 0;   // MRs decided so far (any verdict)
  std::size_t total = 0;  // MRs selected
  std::string mr;         // the MR just decided ("" for a stage step)
  std::string message;    // e.g. "source schema linking", "wave 2: 3 follow-ups"
};

struct DetectOptions {
  std::vector<std::string> mrs;  // abbreviations to run; empty: all seventeen
  // Early stopping: stop once the first K decided MRs (satisfied or violated, in `order`) are all
  // satisfied. 0: run every selected MR.
  int earlyStopK = 0;
  // A case is flagged when any MR is violated (0), or when violated / decided >= voteThreshold.
  double voteThreshold = 0.0;
  int concurrency = 0;  // LLM requests per runBatch chunk; 0: the client's profile decides
  const std::atomic<bool>* cancel = nullptr;
  std::function<void(const DetectProgress&)> progress;
  llm::SamplingParams params;      // for every LLM request (temperature 0 recommended)
  std::vector<std::string> order;  // MR order for early stopping; empty: defaultMrOrder()
  std::string tempDir;             // where the DSR/DR renamed copy is written; empty: the private
                                   // temporary directory (core/temp_files.h)
  db::Limits limits;               // for every query the pipeline runs
  std::size_t keepRows = 200;      // result rows kept per record (for the GUI's result diff)
};

// One MR of one run: what was asked, what came back, and the verdict.
struct MrRecord {
  Stage stage = Stage::SchemaLinking;
  std::string mr;  // the seed's abbreviation
  Relation relation = Relation::SameLinking;
  Producer producer = Producer::Lexicon;
  std::string followUp;  // the follow-up question ("" when none was produced)
  // Byte ranges [begin, end) of the changed words in `followUp` (for highlighting).
  std::vector<std::pair<std::size_t, std::size_t>> changed;
  std::set<std::string> followUpLinking;  // stage 1: the follow-up's table.column set
  std::string followUpSql;                // stage 2: the follow-up's SQL
  std::string followUpDb;                 // DSR/DR: "renamed copy" (the copy is removed afterwards)
  Verdict verdict = Verdict::Inapplicable;
  std::string reason;
  bool evaluated = false;                    // false: not run (inapplicable, or skipped by early stopping)
  bool skipped = false;                      // not run because early stopping ended the case
  std::optional<std::int64_t> sourceRows;    // stage 2: rows of the source result
  std::optional<std::int64_t> followUpRows;  // stage 2: rows of the follow-up result
  db::QueryResult sourceResult;              // stage 2: first keepRows rows of each result
  db::QueryResult followUpResult;
  int llmCalls = 0;      // requests this MR sent to the client (cache hits included)
  int cacheHits = 0;     // of those, answered from the CallStore
  int deduplicated = 0;  // requests answered by an identical request of another MR
};

struct StageResult {
  Stage stage = Stage::SchemaLinking;
  std::set<std::string> artifact;    // stage 1: the source linking as the LLM gave it
  std::set<std::string> verified;    // stage 1: the items that exist in the schema
  std::vector<std::string> unknown;  // stage 1: items naming no table/column of the schema
  std::string sql;                   // stage 2: the source SQL
  bool sqlGiven = false;             // stage 2: the caller gave the SQL (--sql)
  std::string error;                 // why the source artifact is missing or failed, "" if fine
  std::vector<MrRecord> mrs;         // in the seed's order
};

struct DetectResult {
  std::string question;
  std::string sql;  // the source SQL (given or generated)
  bool flagged = false;
  int llmCalls = 0;       // requests sent to the client (source + follow-ups, cache hits included)
  int llmCallsSaved = 0;  // requests avoided by deduplication and early stopping
  int cacheHits = 0;
  bool earlyStopped = false;
  bool cancelled = false;
  std::size_t satisfied = 0, violated = 0, inapplicable = 0, errors = 0, skipped = 0;
  std::vector<StageResult> stages;  // schema_linking, then logical_synthesis
  // One per violated MR: taxonomy "mr", category = the MR's abbreviation, spans ("pred" side) in
  // the source SQL: ORDER BY / MIN / MAX for extrema, the comparison for ranges, the columns of
  // a changed linking, the differing clauses otherwise.
  std::vector<Finding> findings;

  const MrRecord* record(std::string_view mr) const;
};

// Seventeen abbreviations, most detecting first (seed 000, section 5.4/6.1: ESR, OS, SC, then
// PI, AROE, ...; DSR and CWR last).
const std::vector<std::string>& defaultMrOrder();

// Per MR: how many decided runs (satisfied or violated), how many violated. The order sorts by the
// smoothed rate (violated + 1) / (decided + 2), ties in the default order; an MR without
// observations scores 0.5.
struct MrRate {
  std::string mr;
  std::size_t decided = 0;
  std::size_t violated = 0;
};
std::vector<std::string> orderByRate(const std::vector<MrRate>& rates);

// Parses "PI,AROE,cre" (case-insensitive, comma or space separated); unknown names are BadInput.
Result<std::vector<std::string>> parseMrList(std::string_view list);

// Runs the pipeline. Errors (as values): the database cannot be opened (BadInput), the question
// is empty (BadInput), cancelled before anything ran (Cancelled). Everything after that is
// reported in the result: an LLM failure or garbage answer makes the affected MRs "error".
Result<DetectResult> detect(const DetectInput& input, llm::Client& client, const DetectOptions& options);

}  // namespace hs::mr
