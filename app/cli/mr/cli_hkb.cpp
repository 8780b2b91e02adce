// hallusql-cli hkb: MRSQLGen's hallucination knowledge base (seed 002).
//   hkb --workspace W.hallusql --question Q [--db DB] [--db-root DIR] [--top K] [--neighbours K]
//       the standardised question and the likely C-types, with evidence cases
//   hkb --cases F.jsonl [--db-root DIR] [--neighbours K] [--question Q [--db DB]]
//       an in-memory HKB from a labelled file: leave-one-out hit@1/hit@3 (or retrieval for Q)
//   ... --check --db DB [--sql S] [--types C1,C6] [--n N] [--threshold T] [llm options]
//       runs the QMR family of each retrieved (or given) type
#include <chrono>
#include <filesystem>
#include <sstream>

#include <nlohmann/json.hpp>

#include "app/cli/command.h"
#include "app/cli/llm/llm_options.h"
#include "engine/db/database.h"
#include "engine/mr/hkb_build.h"
#include "engine/mr/hkb_workspace.h"
#include "engine/mr/qmr_json.h"

namespace hs::cli {
namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

// Import problems, then databases whose vocabulary could not be read (heuristics only there).
nlohmann::json warningsJson(const std::vector<Error>& problems, const mr::VocabularyCache& vocabularies) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto* list : {&problems, &vocabularies.warnings()})
    for (const auto& w : *list) out.push_back({{"code", w.code}, {"message", w.message}, {"where", w.where}});
  return out;
}

std::vector<std::string> splitList(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream in(s);
  for (std::string item; std::getline(in, item, ',');)
    if (!item.empty()) out.push_back(item);
  return out;
}

// --check: the QMR families of `types` on the question.
int runCheck(const Args& args, const std::string& question, std::vector<std::string> types,
             nlohmann::json& out) {
  auto setup = parseLlmOptions(args);
  if (!setup) return fail(setup.error());
  auto dbPath = args.require("db");
  if (!dbPath) return fail(dbPath.error());
  auto database = db::Database::openReadOnly(*dbPath);
  if (!database) return fail(database.error());
  if (auto given = args.get("types")) types = splitList(*given);
  auto n = args.getInt("n", 3);
  if (!n) return fail(n.error());
  auto threshold = args.getDouble("threshold", 0.8);
  if (!threshold) return fail(threshold.error());
  mr::QmrOptions options;
  options.n = static_cast<int>(*n);
  options.threshold = *threshold;
  options.params = setup->params;
  options.evidence = args.getOr("evidence", "");
  auto client = llm::Client::create(setup->options);
  if (!client) return fail(client.error());
  auto report =
      mr::runQmr(*client.value(), *database.value(), question, args.getOr("sql", ""), types, options);
  if (!report) return fail(report.error());
  out["qmr"] = mr::qmrJson(*report);
  return kOk;
}

int runHkb(const Args& args) {
  auto topK = args.getInt("neighbours", 10);
  if (!topK) return fail(topK.error());
  auto topTypes = args.getInt("top", 3);
  if (!topTypes) return fail(topTypes.error());
  mr::VocabularyCache vocabularies;
  if (auto root = args.get("db-root")) vocabularies.setDbRoot(*root);
  // The question's database also standardises the knowledge base's cases of the same db_id (its
  // file stem), so that both sides use the same placeholders.
  if (auto dbPath = args.get("db"))
    vocabularies.setPath(std::filesystem::path(*dbPath).stem().string(), *dbPath);
  std::vector<Error> problems;
  mr::Hkb hkb;
  nlohmann::json out;
  if (auto ws = args.get("workspace")) {
    auto workspace = ws::Workspace::open(*ws);
    if (!workspace) return fail(workspace.error());
    auto loaded = mr::loadHkb(*workspace, vocabularies);
    if (!loaded) return fail(loaded.error());
    hkb = std::move(loaded.value());
    out["workspace"] = *ws;
  } else if (auto cases = args.get("cases")) {
    auto labelled = mr::loadLabelledCases(*cases, &problems);
    if (!labelled) return fail(labelled.error());
    auto t0 = Clock::now();
    hkb = mr::hkbFromCases(*labelled, vocabularies);
    out["cases"] = *cases;
    out["build_ms"] = msSince(t0);
  } else {
    return fail(makeError(ErrorKind::BadInput, "usage", "hkb needs --workspace W or --cases F"));
  }
  std::size_t labelled = 0;
  for (const auto& e : hkb.entries()) labelled += e.typeCodes().empty() ? 0 : 1;
  out["hkb_entries"] = hkb.size();
  out["hkb_labelled"] = labelled;

  auto question = args.get("question");
  if (!question) {
    if (!args.has("cases")) return fail(makeError(ErrorKind::BadInput, "usage", "missing --question"));
    auto t0 = Clock::now();
    mr::HkbEvaluation ev = mr::leaveOneOut(hkb, static_cast<std::size_t>(*topK));
    out["leave_one_out"] = {{"evaluated", ev.evaluated},
                            {"hit_at_1", ev.hitAt1()},
                            {"hit_at_3", ev.hitAt3()},
                            {"hits_1", ev.hit1},
                            {"hits_3", ev.hit3},
                            {"neighbours", *topK},
                            {"prior_hits_1", ev.priorHit1},
                            {"prior_hits_3", ev.priorHit3},
                            {"elapsed_ms", msSince(t0)}};
    out["warnings"] = warningsJson(problems, vocabularies);
    print(out);
    return kOk;
  }
  mr::SchemaVocabulary vocabulary;
  if (auto dbPath = args.get("db")) {
    auto database = db::Database::openReadOnly(*dbPath);
    if (!database) return fail(database.error());
    auto v = mr::vocabularyFromDatabase(*database.value());
    if (!v) return fail(v.error());
    vocabulary = std::move(v.value());
  }
  mr::StandardisedText st = mr::standardiseQuestion(*question, vocabulary);
  mr::HkbRetrieval retrieval = hkb.retrieve(st.text, {static_cast<std::size_t>(*topK), std::nullopt});
  if (retrieval.types.size() > static_cast<std::size_t>(*topTypes))
    retrieval.types.resize(static_cast<std::size_t>(*topTypes));
  out["question"] = *question;
  out["standardised"] = st.text;
  nlohmann::json r = mr::retrievalJson(hkb, retrieval);
  out["neighbours"] = r["neighbours"];
  out["types"] = r["types"];
  out["warnings"] = warningsJson(problems, vocabularies);
  if (args.has("check")) {
    std::vector<std::string> types;
    for (const auto& ts : retrieval.types) types.push_back(ts.type);
    if (int rc = runCheck(args, *question, types, out); rc != kOk) return rc;
  }
  print(out);
  return kOk;
}

std::vector<std::string> hkbFlags() {
  std::vector<std::string> flags = llmFlags();
  flags.push_back("check");
  return flags;
}

const CommandRegistration kHkb{
    {"hkb",
     "hkb (--workspace W | --cases F [--db-root DIR]) [--question Q [--db DB]] [--top K] [--neighbours K] "
     "[--check --db DB [--sql S] [--types C1,C6] [--n N] [--threshold T] " +
         llmUsage() + "]   MRSQLGen HKB retrieval, leave-one-out accuracy, QMR checks",
     hkbFlags(),
     runHkb,
     {"hallusql-cli hkb --workspace review.hallusql --question \"Which singers are older than 30?\" --db "
      "concert_singer.sqlite"}}};

}  // namespace
}  // namespace hs::cli
