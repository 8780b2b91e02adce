#pragma once
// MRSQLGen's MR rule families (seed 002) for a retrieved hallucination type: the family produces
// `n` follow-ups with an expected relation, the LLM writes SQL for each, source and follow-ups run
// read-only, and the type is satisfied when the fraction of satisfied follow-ups (errors excluded)
// reaches the threshold (default 0.8).
//
// The seed names QMR-1 (Intent Perturbation & Reversal: equivalent rewrites of the spans of the
// type, e.g. the operator phrases for C1) and QMR-4 (the question is kept; the model regenerates
// the SQL while self-verifying that it does not introduce the type). The two others follow its
// relation list (equivalent / strengthened / relaxed questions):
//   QMR-1  equivalent rewrite of the type's spans           follow-up result == source result
//   QMR-2  strengthened question (one more restriction)     follow-up result  ⊆ source result
//   QMR-3  relaxed question (a restriction loosened)        follow-up result  ⊇ source result
//   QMR-4  same question, SQL self-verified for the type    follow-up result == source result
// Which family a type gets is our choice (the seed publishes only C1 -> QMR-1), see qmrFamilyFor.
// Prompts: resources/prompts/mrsqlgen_qmr{1,2,3,4}.txt; SQL by the text_to_sql template.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
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

enum class QmrFamily { Qmr1 = 1, Qmr2 = 2, Qmr3 = 3, Qmr4 = 4 };

struct QmrFamilyInfo {
  QmrFamily family;
  std::string_view id;            // "QMR-1"
  std::string_view name;          // "Intent Perturbation & Reversal"
  Relation relation;              // Equal, Subset or Superset
  std::string_view templateName;  // "mrsqlgen_qmr1"
};

const QmrFamilyInfo& qmrFamily(QmrFamily family);
// C1, C4, C5, C8 -> QMR-1; C6 -> QMR-2; C2 -> QMR-3; C3, C7, C9, C10 -> QMR-4. 0 for an unknown type.
const QmrFamilyInfo* qmrFamilyFor(int type);
// The spans a type's rewrite may touch ("the arithmetic, comparison, or logical operation
// descriptions" for C1), inserted into the family's prompt.
std::string_view typeFocus(int type);

struct QmrOptions {
  int n = 3;                   // follow-ups per type
  double threshold = 0.8;      // satisfied when satisfied / (satisfied + violated) >= threshold
  llm::SamplingParams params;  // for the SQL requests (the rewrite request uses them too)
  db::Limits limits;
  std::string schemaText;  // serialiseSchema(...) of the database; read from it when empty
  std::string evidence;    // BIRD's external knowledge, may be empty
  std::string dialect = "SQLite";
};

struct QmrVariant {
  std::string question;  // the follow-up question (QMR-4: the self-verification question)
  std::string sql;       // empty when none was produced
  Verdict verdict = Verdict::Error;
  std::string reason;
  std::optional<std::size_t> rows;
};

struct QmrTypeResult {
  std::string type;  // "C6"
  QmrFamily family = QmrFamily::Qmr1;
  Relation relation = Relation::Equal;
  std::vector<QmrVariant> variants;
  int satisfied = 0;
  int violated = 0;
  int errors = 0;
  double fraction = 0.0;             // satisfied / (satisfied + violated); 0 when all are errors
  Verdict verdict = Verdict::Error;  // Satisfied, Violated, or Error when no variant could be judged
  std::string reason;
};

struct QmrReport {
  std::string question;
  std::string sourceSql;
  bool sourceGenerated = false;  // the source SQL came from the model (none was given)
  std::optional<std::size_t> sourceRows;
  std::vector<QmrTypeResult> types;
  int llmCalls = 0;  // requests sent (cache hits included)
  int cacheHits = 0;
  bool flagged = false;               // some type violated
  std::vector<hs::Finding> findings;  // one per violated type: taxonomy "mrsqlgen", origin "mr"
};

// Runs the families of `types` ("C1".."C10"; unknown codes are an error) for one question. When
// `sourceSql` is empty the model writes it first. A source that fails to run makes every type an
// error (no Result error). Result errors: bad template, unreadable schema.
Result<QmrReport> runQmr(llm::Client& client, db::Database& database, const std::string& question,
                         const std::string& sourceSql, const std::vector<std::string>& types,
                         const QmrOptions& options = {});

// Splits a model's list of questions: one per line, numbering/bullets/"Question:" stripped,
// blank lines, duplicates and copies of `source` dropped; at most `n`.
std::vector<std::string> parseVariantList(std::string_view text, std::string_view source, int n);

// Spans ("pred" side, byte ranges into the source SQL) of a violated type: the clauses where the
// violating follow-ups' SQL differs from the source (engine/sql diff), restricted to the type's
// clauses (C2 LIMIT, C3 FROM/JOIN, C5 select list, C6 WHERE/HAVING, C8 DISTINCT, C9 ORDER BY,
// C10 GROUP BY) when some differ there; empty when nothing parses or nothing differs.
std::vector<FindingSpan> qmrSpans(int type, const std::string& sourceSql,
                                  const std::vector<std::string>& followUps);

// The vote of one type from its variants (counts, fraction, verdict, reason).
void tallyVariants(QmrTypeResult& result, double threshold);

}  // namespace hs::mr
