#include "engine/workspace/annotation_exchange.h"

#include <map>
#include <set>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/output_file.h"
#include "engine/workspace/annotation_json.h"
#include "engine/workspace/annotations.h"
#include "engine/workspace/import/source_text.h"
#include "engine/workspace/sqlite_util.h"

namespace hs::ws {

namespace {

struct FindingRow {
  std::int64_t id = 0;
  std::string taxonomy, category, subcategory;
  nlohmann::json spans;
};

Result<std::vector<FindingRow>> findingsOf(const Workspace& ws, std::int64_t caseId) {
  auto st = Statement::prepare(
      ws.handle(),
      "SELECT id, taxonomy, category, subcategory, spans_json FROM findings WHERE case_id = ?1 ORDER BY id",
      ws.path());
  if (!st) return st.error();
  st->bind(1, caseId);
  std::vector<FindingRow> out;
  for (;;) {
    auto row = st->step();
    if (!row) return row.error();
    if (!*row) break;
    out.push_back({st->int64(0), st->text(1), st->text(2), st->text(3),
                   nlohmann::json::parse(st->text(4), nullptr, false)});
  }
  return out;
}

nlohmann::json findingJson(const FindingRow& f) {
  return {
      {"taxonomy", f.taxonomy}, {"category", f.category}, {"subcategory", f.subcategory}, {"spans", f.spans}};
}

// Whether the same row is already there (finding compared by id, span and text fields exactly).
Result<bool> exists(const Workspace& ws, const AnnotationRecord& a) {
  auto st = Statement::prepare(
      ws.handle(),
      "SELECT 1 FROM annotations WHERE case_id = ?1 AND finding_id IS ?2 AND annotator = ?3 "
      "AND verdict = ?4 AND taxonomy = ?5 AND category = ?6 AND subcategory = ?7 AND "
      "note = ?8 AND created_at = ?9 AND span_side IS ?10 AND span_begin IS ?11 AND "
      "span_end IS ?12 LIMIT 1",
      ws.path());
  if (!st) return st.error();
  st->bind(1, a.caseId).bind(2, a.findingId).bind(3, a.annotator).bind(4, a.verdict).bind(5, a.taxonomy);
  st->bind(6, a.category).bind(7, a.subcategory).bind(8, a.note).bind(9, a.createdAt);
  if (a.span) {
    st->bind(10, a.span->side)
        .bind(11, static_cast<std::int64_t>(a.span->begin))
        .bind(12, static_cast<std::int64_t>(a.span->end));
  } else {
    st->bindNull(10).bindNull(11).bindNull(12);
  }
  auto row = st->step();
  if (!row) return row.error();
  return *row;
}

struct Line {
  AnnotationRecord record;
  std::string run, caseKey;
  nlohmann::json finding;
  std::size_t number = 0;
  std::size_t offset = 0;  // of the line's first byte in the file
};

// Offset in `text` of the first JSON escape \u0000 (a backslash not itself escaped), else 0.
std::size_t nulEscapeAt(std::string_view text) {
  for (std::size_t at = text.find("\\u0000"); at != std::string_view::npos;
       at = text.find("\\u0000", at + 1)) {
    std::size_t backslashes = 0;
    while (backslashes < at && text[at - 1 - backslashes] == '\\') ++backslashes;
    if (backslashes % 2 == 0) return at;
  }
  return 0;
}

std::string quotedList(const std::set<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "'" : ", '") + n + "'";
  return out;
}

}  // namespace

Result<std::size_t> exportAnnotations(const Workspace& ws, const std::string& reviewer,
                                      std::optional<std::int64_t> runId, std::ostream& out) {
  auto runs = ws.runs();
  if (!runs) return runs.error();
  std::size_t written = 0;
  for (const RunRecord& run : *runs) {
    if (runId && run.id != *runId) continue;
    auto cases = ws.cases(run.id);
    if (!cases) return cases.error();
    for (const CaseRecord& c : *cases) {
      auto rows = annotationsOfCase(ws, c.id);
      if (!rows) return rows.error();
      std::optional<std::vector<FindingRow>> findings;
      for (const AnnotationRecord& a : *rows) {
        if (!reviewer.empty() && a.annotator != reviewer) continue;
        nlohmann::json j = {{"format", kAnnotationExchangeFormat},
                            {"version", 1},
                            {"run", run.info.name},
                            {"case_key", c.kase.id}};
        j.update(annotationJson(a));
        j["finding"] = nullptr;
        if (a.findingId) {
          if (!findings) {
            auto f = findingsOf(ws, c.id);
            if (!f) return f.error();
            findings = std::move(*f);
          }
          for (const FindingRow& f : *findings)
            if (f.id == *a.findingId) j["finding"] = findingJson(f);
        }
        out << j.dump() << '\n';
        ++written;
      }
    }
  }
  if (!out) return makeError(ErrorKind::External, "io", "cannot write the annotations");
  return written;
}

Result<AnnotationImport> importAnnotations(Workspace& ws, const std::string& path,
                                           std::optional<std::int64_t> runId) {
  auto source = import::readSourceText(path);
  if (!source) return source.error();
  std::vector<Line> lines;
  for (const import::SourceLine& l : import::splitLines(*source)) {
    if (l.text.find_first_not_of(" \t\r") == std::string::npos) continue;
    nlohmann::json j = nlohmann::json::parse(l.text, nullptr, false);
    if (j.is_discarded() || !j.is_object())
      return import::importIssue("json", "line is not a JSON object", path, l.number, l.offset);
    if (j.value("format", std::string()) != kAnnotationExchangeFormat)
      return import::importIssue(
          "format",
          std::string("not an annotations file (\"format\" must be \"") + kAnnotationExchangeFormat + "\")",
          path, l.number, l.offset);
    auto record = annotationFromJson(j);
    if (!record) return import::importIssue("field", record.error().message, path, l.number, l.offset);
    if (auto s = checkAnnotationText(*record); !s) {
      const std::size_t at = s.error().code == "nul_in_text" ? nulEscapeAt(l.text) : 0;
      return import::importIssue(s.error().code, s.error().message, path, l.number, l.offset + at);
    }
    Line line{std::move(*record), {}, {}, j.value("finding", nlohmann::json()), l.number, l.offset};
    if (!j.contains("case_key") || !j["case_key"].is_string() || (j.contains("run") && !j["run"].is_string()))
      return import::importIssue("field", "\"case_key\" (and \"run\") must be strings", path, l.number,
                                 l.offset);
    line.caseKey = j["case_key"].get<std::string>();
    line.run = j.value("run", std::string());
    lines.push_back(std::move(line));
  }
  auto runs = ws.runs();
  if (!runs) return runs.error();
  std::string runNames;
  for (const RunRecord& r : *runs) runNames += (runNames.empty() ? "'" : ", '") + r.info.name + "'";
  if (runId) {
    bool known = false;
    for (const RunRecord& r : *runs) known = known || r.id == *runId;
    if (!known) {
      Error e = makeError(
          ErrorKind::BadInput, "unknown_run",
          "the workspace has no run with id " + std::to_string(*runId) + " (runs: " + runNames + ")");
      e.where = ws.path();
      return e;
    }
  }
  std::map<std::string, std::optional<std::int64_t>> runOfName;  // name -> run id (newest)
  if (!runId) {
    // Without a chosen run every line's run must be here (a line without a run name goes to the
    // workspace's only run): an unknown name refuses the whole file, naming its first line.
    std::set<std::string> unknown;
    const Line* first = nullptr;
    for (const Line& line : lines) {
      if (runOfName.count(line.run)) continue;
      auto found = ws.findRun(line.run);
      if (!found) return found.error();
      runOfName[line.run] = *found ? std::optional<std::int64_t>((*found)->id)
                            : line.run.empty() && runs->size() == 1
                                ? std::optional<std::int64_t>(runs->front().id)
                                : std::nullopt;
      if (runOfName[line.run]) continue;
      unknown.insert(line.run);
      if (!first) first = &line;
    }
    if (first)
      return import::importIssue("unknown_run",
                                 "the file names run(s) not in this workspace: " + quotedList(unknown) +
                                     " (runs here: " + (runNames.empty() ? std::string("none") : runNames) +
                                     "); choose the run to import into with --run",
                                 path, first->number, first->offset);
  }
  std::map<std::int64_t, std::map<std::string, std::int64_t>> caseOfKey;  // run -> key -> case
  std::map<std::int64_t, std::vector<FindingRow>> findingsOfCase;
  AnnotationImport result;
  std::set<std::string> reviewers;
  auto tx = ws.transaction();
  if (!tx) return tx.error();
  for (Line& line : lines) {
    ++result.lines;
    reviewers.insert(line.record.annotator);
    const std::optional<std::int64_t> run = runId ? runId : runOfName[line.run];
    if (!caseOfKey.count(*run)) {
      auto cases = ws.cases(*run);
      if (!cases) return cases.error();
      auto& keys = caseOfKey[*run];
      for (const CaseRecord& c : *cases) keys.emplace(c.kase.id, c.id);
    }
    const auto& keys = caseOfKey[*run];
    auto it = keys.find(line.caseKey);
    if (it == keys.end()) {
      ++result.unmatchedCases;
      continue;
    }
    AnnotationRecord& a = line.record;
    a.caseId = it->second;
    if (line.finding.is_object()) {
      if (!findingsOfCase.count(a.caseId)) {
        auto f = findingsOf(ws, a.caseId);
        if (!f) return f.error();
        findingsOfCase[a.caseId] = std::move(*f);
      }
      for (const FindingRow& f : findingsOfCase[a.caseId])
        if (findingJson(f) == line.finding) {
          a.findingId = f.id;
          break;
        }
      if (!a.findingId) ++result.unmatchedFindings;
    }
    if (a.createdAt.empty()) a.createdAt = nowUtcIso();
    auto there = exists(ws, a);
    if (!there) return there.error();
    if (*there) {
      ++result.duplicates;
      continue;
    }
    auto id = insertAnnotation(ws, a, UndoLog::Skip);
    if (!id) {
      Error e = id.error();
      return import::importIssue(e.code, e.message, path, line.number);
    }
    ++result.added;
  }
  if (result.lines > 0 && result.unmatchedCases == result.lines) {
    Error e = makeError(ErrorKind::BadInput, "no_matching_case",
                        "none of the " + std::to_string(result.lines) +
                            " annotations' case keys is a case of the run they go to; nothing imported");
    e.where = path;
    return e;
  }
  if (auto s = tx->commit(); !s) return s.error();
  result.reviewers.assign(reviewers.begin(), reviewers.end());
  return result;
}

Result<std::size_t> exportAnnotationsToFile(const Workspace& ws, const std::string& reviewer,
                                            std::optional<std::int64_t> runId, const std::string& path) {
  if (auto st = checkOutputTarget(path, {{ws.path(), "the workspace"}}, "the annotations file"); !st)
    return st.error();
  auto out = OutputFile::create(path, "the annotations file");
  if (!out) return out.error();
  auto written = exportAnnotations(ws, reviewer, runId, out->stream());
  if (!written) return written;
  if (auto st = out->commit(); !st) return st.error();
  return written;
}

}  // namespace hs::ws
