// hallusql-cli annotations export | import | script: one reviewer's annotations out of a workspace
// as JSON Lines, another reviewer's into one (no duplicates), and a scripted annotation session
// that prints each committed action at once (the crash test kills it at random moments).
#include <fstream>
#include <iostream>
#include <random>

#include <nlohmann/json.hpp>

#include "app/cli/command.h"
#include "engine/workspace/annotation_exchange.h"
#include "engine/workspace/annotation_undo.h"
#include "engine/workspace/annotations.h"
#include "engine/workspace/run_choice.h"
#include "engine/workspace/workspace.h"

namespace hs::cli {
namespace {

Result<ws::Workspace> openExisting(const Args& args) {
  auto path = args.require("workspace");
  if (!path) return path.error();
  return ws::Workspace::open(*path);
}

int runExport(const Args& args) {
  auto workspace = openExisting(args);
  if (!workspace) return fail(workspace.error());
  auto out = args.require("out");
  if (!out) return fail(out.error());
  std::optional<std::int64_t> runId;
  if (args.has("run")) {
    auto run = ws::chooseRun(*workspace, args.get("run"));
    if (!run) return fail(run.error());
    runId = run->id;
  }
  const std::string reviewer = args.getOr("reviewer", "");
  auto written = ws::exportAnnotationsToFile(*workspace, reviewer, runId, *out);
  if (!written) return fail(written.error());
  print({{"out", *out}, {"reviewer", reviewer}, {"annotations", *written}});
  return kOk;
}

int runImport(const Args& args) {
  auto workspace = openExisting(args);
  if (!workspace) return fail(workspace.error());
  auto in = args.require("in");
  if (!in) return fail(in.error());
  std::optional<std::int64_t> runId;
  if (args.has("run")) {
    auto run = ws::chooseRun(*workspace, args.get("run"));
    if (!run) return fail(run.error());
    runId = run->id;
  }
  auto r = ws::importAnnotations(*workspace, *in, runId);
  if (!r) return fail(r.error());
  print({{"in", *in},
         {"lines", r->lines},
         {"added", r->added},
         {"duplicates", r->duplicates},
         {"unmatched_cases", r->unmatchedCases},
         {"unmatched_findings", r->unmatchedFindings},
         {"reviewers", r->reviewers}});
  return kOk;
}

// N actions on the run's cases: mostly labels (C1..C10), every fifth an undo and every seventh a
// redo of this reviewer. Before each action a line {"i", "begin": label|undo|redo}, after its
// commit a line with "committed" (the row written) or "undone" (the row removed), each flushed.
int runScript(const Args& args) {
  auto workspace = openExisting(args);
  if (!workspace) return fail(workspace.error());
  auto run = ws::chooseRun(*workspace, args.get("run"));
  if (!run) return fail(run.error());
  auto count = args.getInt("count", 100);
  auto seed = args.getInt("seed", 1);
  if (!count) return fail(count.error());
  if (!seed) return fail(seed.error());
  auto cases = workspace->cases(run->id);
  if (!cases) return fail(cases.error());
  if (cases->empty()) return fail(makeError(ErrorKind::BadInput, "empty_run", "the run has no cases"));
  const std::string reviewer = args.getOr("reviewer", "script");
  std::mt19937_64 rng(static_cast<std::uint64_t>(*seed));
  for (long long i = 0; i < *count; ++i) {
    nlohmann::json line = {{"i", i}};
    const char* action = i % 5 == 4 ? "undo" : i % 7 == 6 ? "redo" : "label";
    std::cout << nlohmann::json{{"i", i}, {"begin", action}}.dump() << std::endl;
    if (i % 5 == 4) {
      auto undone = ws::undoAnnotation(*workspace, reviewer);
      if (!undone) return fail(undone.error());
      line["undone"] = *undone ? nlohmann::json((*undone)->id) : nlohmann::json(nullptr);
    } else if (i % 7 == 6) {
      auto redone = ws::redoAnnotation(*workspace, reviewer);
      if (!redone) return fail(redone.error());
      line["committed"] = *redone ? nlohmann::json((*redone)->id) : nlohmann::json(nullptr);
    } else {
      ws::AnnotationRecord a;
      a.caseId = (*cases)[rng() % cases->size()].id;
      a.annotator = reviewer;
      a.verdict = "added";
      a.taxonomy = "mrsqlgen";
      a.category = "C" + std::to_string(1 + rng() % 10);
      a.note = "scripted action " + std::to_string(i);
      auto id = ws::insertAnnotation(*workspace, a);
      if (!id) return fail(id.error());
      line["committed"] = *id;
    }
    std::cout << line.dump() << std::endl;  // flushed: the line is out once the action committed
  }
  return kOk;
}

const CommandRegistration kExport{
    Command{"annotations export",
            "annotations export --workspace W [--reviewer NAME] [--run R] --out F   (JSON Lines)",
            {},
            runExport,
            {"hallusql-cli annotations export --workspace review.hallusql --reviewer ann --out ann.jsonl"}}};
const CommandRegistration kImport{
    Command{"annotations import",
            "annotations import --workspace W --in F [--run R]   (no duplicates)",
            {},
            runImport,
            {"hallusql-cli annotations import --workspace mine.hallusql --in ann.jsonl"}}};
const CommandRegistration kScript{Command{
    "annotations script",
    "annotations script --workspace W [--run R] [--count N] [--reviewer NAME] [--seed S]   (test session)",
    {},
    runScript,
    {"hallusql-cli annotations script --workspace test.hallusql --count 20 --reviewer bot"}}};

}  // namespace
}  // namespace hs::cli
