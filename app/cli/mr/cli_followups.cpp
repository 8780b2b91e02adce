// hallusql-cli followups --question Q [--db DB]: which of the 17 MRs apply to a question, with the
// deterministic follow-ups of the lexical MRs (no LLM call) and the reason when an MR does not apply.
#include <nlohmann/json.hpp>

#include "app/cli/command.h"
#include "engine/db/database.h"
#include "engine/mr/applicability.h"

namespace hs::cli {
namespace {

int runFollowups(const Args& args) {
  auto question = args.require("question");
  if (!question) return fail(question.error());
  mr::SchemaNames names;
  if (auto dbPath = args.get("db")) {
    auto db = db::Database::openReadOnly(*dbPath);
    if (!db) return fail(db.error());
    auto schema = db.value()->schema();
    if (!schema) return fail(schema.error());
    for (const auto& t : schema->tables) {
      names.tables.push_back(t.name);
      for (const auto& c : t.columns) names.columns.push_back(c.name);
    }
  }
  nlohmann::json mrs = nlohmann::json::array();
  for (const auto& a : mr::assessQuestion(*question, names)) {
    nlohmann::json j{{"mr", a.mr->abbrev},
                     {"stage", mr::toString(a.mr->stage)},
                     {"relation", mr::toString(a.mr->relation)},
                     {"applicable", a.applicable},
                     {"reason", a.reason}};
    if (a.applicable && a.mr->producer == mr::Producer::Lexicon) {
      j["follow_up"] = a.followUp.question;
      nlohmann::json changed = nlohmann::json::array();
      for (auto [b, e] : a.followUp.changed) changed.push_back({{"begin", b}, {"end", e}});
      j["changed"] = changed;
    } else {
      j["follow_up"] = nullptr;
    }
    j["producer"] = a.mr->producer == mr::Producer::Lexicon ? "lexicon"
                    : a.mr->producer == mr::Producer::Llm   ? "llm"
                                                            : "database";
    mrs.push_back(std::move(j));
  }
  print({{"question", *question}, {"mrs", mrs}});
  return kOk;
}

const CommandRegistration kFollowups{
    {"followups",
     "followups --question Q [--db DB]   the 17 MRs: applicability and lexical follow-ups",
     {},
     runFollowups,
     {"hallusql-cli followups --question \"How many singers are older than 30?\" --db "
      "concert_singer.sqlite"}}};

}  // namespace
}  // namespace hs::cli
