#include "engine/workspace/migrations.h"

#include <string>

#include "engine/workspace/sqlite_util.h"
#include "engine/workspace/transaction.h"

namespace hs::ws {

namespace {

// Version 1: the project, its databases, benchmark runs, cases, executions, findings and
// manual annotations. Times are ISO 8601 UTC text; JSON columns hold UTF-8 JSON text.
constexpr std::string_view kV1 = R"SQL(
CREATE TABLE settings (
  key   TEXT PRIMARY KEY NOT NULL,
  value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE databases (
  id           INTEGER PRIMARY KEY,
  path         TEXT NOT NULL UNIQUE,          -- absolute path
  display_name TEXT NOT NULL,
  sha256       TEXT NOT NULL,                 -- lower-case hex of the file's bytes when attached
  size_bytes   INTEGER NOT NULL CHECK (size_bytes >= 0),
  mtime_ns     INTEGER NOT NULL,              -- modification time, ns since the Unix epoch
  attached_at  TEXT NOT NULL
);

CREATE TABLE runs (
  id            INTEGER PRIMARY KEY,
  name          TEXT NOT NULL,
  model         TEXT NOT NULL DEFAULT '',
  source_file   TEXT NOT NULL DEFAULT '',
  created_at    TEXT NOT NULL,
  settings_json TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(settings_json))
);
CREATE INDEX runs_name ON runs(name);

CREATE TABLE cases (
  id          INTEGER PRIMARY KEY,
  run_id      INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  database_id INTEGER REFERENCES databases(id) ON DELETE SET NULL,
  position    INTEGER NOT NULL,               -- order within the run, 0-based
  case_key    TEXT NOT NULL,                  -- hs::Case::id, e.g. "spider_dev:17"
  db_id       TEXT NOT NULL DEFAULT '',
  question    TEXT NOT NULL DEFAULT '',
  evidence    TEXT NOT NULL DEFAULT '',
  gold_sql    TEXT,                           -- NULL when there is no gold query
  pred_sql    TEXT,                           -- NULL when the generation failed
  model       TEXT NOT NULL DEFAULT '',
  difficulty  TEXT NOT NULL DEFAULT '',
  source      TEXT NOT NULL DEFAULT '',
  source_line INTEGER NOT NULL DEFAULT 0,
  labels_json TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(labels_json))  -- imported human labels
);
CREATE INDEX cases_run ON cases(run_id, position);
CREATE INDEX cases_key ON cases(run_id, case_key);
CREATE INDEX cases_database ON cases(database_id);

CREATE TABLE executions (
  id          INTEGER PRIMARY KEY,
  case_id     INTEGER NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
  side        TEXT NOT NULL CHECK (side IN ('gold', 'pred')),
  ok          INTEGER NOT NULL CHECK (ok IN (0, 1)),
  error       TEXT,
  error_code  TEXT,
  row_count   INTEGER,
  truncated   INTEGER NOT NULL DEFAULT 0 CHECK (truncated IN (0, 1)),
  columns_json TEXT CHECK (columns_json IS NULL OR json_valid(columns_json)),
  rows_json   TEXT CHECK (rows_json IS NULL OR json_valid(rows_json)),
  elapsed_ms  REAL,
  created_at  TEXT NOT NULL,
  UNIQUE (case_id, side)
);

CREATE TABLE findings (
  id          INTEGER PRIMARY KEY,
  case_id     INTEGER NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
  taxonomy    TEXT NOT NULL,                  -- "tasql", "mrsqlgen", "gold_free"
  category    TEXT NOT NULL,
  subcategory TEXT NOT NULL DEFAULT '',
  message     TEXT NOT NULL DEFAULT '',
  spans_json  TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(spans_json)),
  origin      TEXT NOT NULL,                  -- "rule", "gold_free", "mr", "drilldown", "human"
  confidence  REAL CHECK (confidence IS NULL OR (confidence >= 0 AND confidence <= 1)),
  created_at  TEXT NOT NULL
);
CREATE INDEX findings_case ON findings(case_id);
CREATE INDEX findings_category ON findings(taxonomy, category);

CREATE TABLE annotations (
  id          INTEGER PRIMARY KEY,
  case_id     INTEGER NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
  finding_id  INTEGER REFERENCES findings(id) ON DELETE SET NULL,
  annotator   TEXT NOT NULL,
  verdict     TEXT NOT NULL,                  -- e.g. "confirmed", "rejected", "added", "correct"
  taxonomy    TEXT NOT NULL DEFAULT '',
  category    TEXT NOT NULL DEFAULT '',
  subcategory TEXT NOT NULL DEFAULT '',
  note        TEXT NOT NULL DEFAULT '',
  created_at  TEXT NOT NULL
);
CREATE INDEX annotations_case ON annotations(case_id);
CREATE INDEX annotations_finding ON annotations(finding_id);
)SQL";

// Version 2: LLM transcripts and cache, metamorphic follow-ups, drill-down steps.
constexpr std::string_view kV2 = R"SQL(
CREATE TABLE IF NOT EXISTS llm_calls (  -- IF NOT EXISTS: builds before 0.2 created it elsewhere too
  id                INTEGER PRIMARY KEY,
  cache_key         TEXT NOT NULL,
  endpoint          TEXT NOT NULL,
  model             TEXT NOT NULL,
  template          TEXT,
  template_version  TEXT,
  request_json      TEXT NOT NULL,
  response_json     TEXT,
  response_text     TEXT,
  status            TEXT NOT NULL CHECK (status IN ('ok', 'error')),
  error             TEXT,
  prompt_tokens     INTEGER,
  completion_tokens INTEGER,
  latency_ms        REAL,
  cost              REAL,
  created_at        TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS llm_calls_cache_key ON llm_calls(cache_key);

CREATE TABLE followups (
  id               INTEGER PRIMARY KEY,
  case_id          INTEGER REFERENCES cases(id) ON DELETE CASCADE,  -- NULL for an ad hoc question
  question         TEXT NOT NULL,             -- the source question
  source_sql       TEXT,
  stage            TEXT NOT NULL CHECK (stage IN ('schema_linking', 'logical_synthesis')),
  mr               TEXT NOT NULL,             -- seed 000 abbreviation: SROCW, AROCW, ..., DR
  follow_up        TEXT NOT NULL,             -- the rewritten question
  follow_up_sql    TEXT,
  relation         TEXT NOT NULL,             -- equal, superset, subset, different, mapped
  verdict          TEXT NOT NULL CHECK (verdict IN ('satisfied', 'violated', 'inapplicable', 'error')),
  reason           TEXT NOT NULL DEFAULT '',
  source_rows      INTEGER,
  follow_up_rows   INTEGER,
  llm_call_id      INTEGER REFERENCES llm_calls(id) ON DELETE SET NULL,
  created_at       TEXT NOT NULL
);
CREATE INDEX followups_case ON followups(case_id);
CREATE INDEX followups_llm_call ON followups(llm_call_id);

CREATE TABLE drilldown_steps (
  id              INTEGER PRIMARY KEY,
  case_id         INTEGER NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
  mode            TEXT NOT NULL CHECK (mode IN ('with_history', 'without_history')),
  step_index      INTEGER NOT NULL CHECK (step_index >= 0),
  is_final        INTEGER NOT NULL DEFAULT 0 CHECK (is_final IN (0, 1)),
  sub_question    TEXT NOT NULL DEFAULT '',
  gold_sql        TEXT,
  pred_sql        TEXT,
  ex              INTEGER CHECK (ex IS NULL OR ex IN (0, 1)),
  soft_f1         REAL,
  categories_json TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(categories_json)),
  llm_call_id     INTEGER REFERENCES llm_calls(id) ON DELETE SET NULL,
  created_at      TEXT NOT NULL,
  UNIQUE (case_id, mode, step_index)
);
CREATE INDEX drilldown_steps_llm_call ON drilldown_steps(llm_call_id);
)SQL";

// Version 3: evaluation scores per case (EX under three semantics, Soft-F1, diff, risk) for the
// case list and the case view; findings written by an evaluation are marked so that re-running
// the evaluation replaces them and leaves other findings (metamorphic, drill-down, human) alone.
constexpr std::string_view kV3 = R"SQL(
CREATE TABLE case_scores (
  case_id           INTEGER PRIMARY KEY REFERENCES cases(id) ON DELETE CASCADE,
  db_path           TEXT NOT NULL DEFAULT '',   -- the database the case ran on, '' when not found
  ex_set            INTEGER CHECK (ex_set IS NULL OR ex_set IN (0, 1)),      -- NULL: undecided
  ex_bag            INTEGER CHECK (ex_bag IS NULL OR ex_bag IN (0, 1)),
  ex_ordered        INTEGER CHECK (ex_ordered IS NULL OR ex_ordered IN (0, 1)),
  soft_f1           REAL,
  risk              REAL,
  risk_reasons_json TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(risk_reasons_json)),
  diff_json         TEXT CHECK (diff_json IS NULL OR json_valid(diff_json)),
  pred_error        TEXT NOT NULL DEFAULT '',   -- exec error class of the prediction, '' when it ran
  categories        TEXT NOT NULL DEFAULT '',   -- distinct finding categories, newline-separated
  evaluated_at      TEXT NOT NULL
);
ALTER TABLE findings ADD COLUMN from_eval INTEGER NOT NULL DEFAULT 0 CHECK (from_eval IN (0, 1));
)SQL";

// Version 4: review as a team. A label may sit on a span of the SQL (side and byte range); every
// annotation written by a reviewer is logged so that undo and redo survive a restart (the log
// keeps the record, so a redo after a restart writes it again); an adjudicator's final label of a
// case where reviewers disagree.
constexpr std::string_view kV4 = R"SQL(
ALTER TABLE annotations ADD COLUMN span_side TEXT CHECK (span_side IS NULL OR span_side IN ('pred', 'gold'));
ALTER TABLE annotations ADD COLUMN span_begin INTEGER CHECK (span_begin IS NULL OR span_begin >= 0);
ALTER TABLE annotations ADD COLUMN span_end INTEGER CHECK (span_end IS NULL OR span_end >= span_begin);

CREATE TABLE annotation_undo (
  id            INTEGER PRIMARY KEY,
  annotator     TEXT NOT NULL,
  annotation_id INTEGER,                      -- the annotations row while done; NULL once undone
  record_json   TEXT NOT NULL CHECK (json_valid(record_json)),
  state         TEXT NOT NULL CHECK (state IN ('done', 'undone')),
  seq           INTEGER NOT NULL,             -- stack order: the highest is the top
  created_at    TEXT NOT NULL
);
CREATE INDEX annotation_undo_stack ON annotation_undo(annotator, state, seq);

CREATE TABLE adjudications (
  case_id     INTEGER PRIMARY KEY REFERENCES cases(id) ON DELETE CASCADE,
  verdict     TEXT NOT NULL DEFAULT '' CHECK (verdict IN ('', 'correct', 'incorrect', 'unsure')),
  labels_json TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(labels_json)),
  adjudicator TEXT NOT NULL,
  note        TEXT NOT NULL DEFAULT '',
  created_at  TEXT NOT NULL
);
)SQL";

// Version 5: EX under set semantics ignoring the order of the output columns, scored when the run's
// settings ask for it ("ignore_column_order": true); NULL when not scored or undecided.
constexpr std::string_view kV5 = R"SQL(
ALTER TABLE case_scores ADD COLUMN ex_set_any_order INTEGER
  CHECK (ex_set_any_order IS NULL OR ex_set_any_order IN (0, 1));
)SQL";

// Version 6: why a finding was given (Finding::explanation), shown in the tooltips of the Review
// case view as in the Query tab.
constexpr std::string_view kV6 = R"SQL(
ALTER TABLE findings ADD COLUMN explanation TEXT NOT NULL DEFAULT '';
)SQL";

// Version 7: what a run generated with abstention decided per case (seed 004): NULL when the run
// had abstention off, else {"abstained", "reason", "stage", "thresholds"}; and the type of an
// infeasible question ('' for a feasible one), so that RS(c) can be computed from the workspace.
constexpr std::string_view kV7 = R"SQL(
ALTER TABLE cases ADD COLUMN abstention_json TEXT
  CHECK (abstention_json IS NULL OR json_valid(abstention_json));
ALTER TABLE cases ADD COLUMN infeasible_type TEXT NOT NULL DEFAULT '';
)SQL";

}  // namespace

const std::vector<Migration>& migrations() {
  static const std::vector<Migration> list = {
      {1, "projects, databases, runs, cases, executions, findings, annotations", kV1},
      {2, "llm_calls, followups, drilldown_steps", kV2},
      {3, "case_scores, findings.from_eval", kV3},
      {4, "annotation spans, annotation_undo, adjudications", kV4},
      {5, "case_scores.ex_set_any_order", kV5},
      {6, "findings.explanation", kV6},
      {7, "cases.abstention_json, cases.infeasible_type", kV7},
  };
  return list;
}

int currentSchemaVersion() {
  return migrations().back().version;
}

Status migrate(sqlite3* db, const std::string& where, int target) {
  if (target < 0) target = currentSchemaVersion();
  // Every pending migration in one write transaction: when one fails (a damaged file), the file is
  // left exactly as it was, not half migrated. The version is read inside the transaction, so two
  // processes opening the same old workspace at once cannot both apply a migration.
  auto tx = Transaction::begin(db, where);
  if (!tx) return tx.error();
  auto version = queryInt(db, "PRAGMA user_version", where);
  if (!version) return version.error();
  bool changed = false;
  for (const Migration& m : migrations()) {
    if (m.version <= version.value() || m.version > target) continue;
    if (auto s = exec(db, m.sql, where); !s) {
      Error e = s.error();
      e.message = "migration to workspace version " + std::to_string(m.version) + " (" + std::string(m.name) +
                  ") failed: " + e.message;
      return e;  // tx rolls back every migration of this call
    }
    if (m.version == 1) {
      if (auto s = exec(db, "PRAGMA application_id = " + std::to_string(kApplicationId), where); !s) {
        return s.error();
      }
    }
    if (auto s = exec(db, "PRAGMA user_version = " + std::to_string(m.version), where); !s) return s.error();
    changed = true;
  }
  if (!changed) return ok();  // tx rolls back: a no-op
  return tx->commit();
}

}  // namespace hs::ws
