// generate --cases: every case of a benchmark file through the model, concurrently, with a
// progress line on stderr; writes JSONL that `evaluate` reads as predictions.
#include "app/cli/llm/generate_cases.h"

#include <chrono>
#include <condition_variable>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>

#include <nlohmann/json.hpp>

#include "app/cli/cases_input.h"
#include "engine/db/database.h"
#include "engine/eval/runner.h"
#include "engine/llm/generate.h"
#include "engine/llm/schema_prompt.h"

namespace hs::cli {

namespace {

struct Slot {
  std::optional<llm::ChatRequest> request;
  std::optional<nlohmann::json> line;  // the finished output line
};

nlohmann::json errorJson(const Error& e) {
  return {{"kind", toString(e.kind)}, {"code", e.code}, {"message", e.message}};
}

nlohmann::json baseLine(const Case& c) {
  nlohmann::json j;
  j["id"] = c.id;
  j["db_id"] = c.dbId;
  j["question"] = c.question;
  j["evidence"] = c.evidence;
  j["gold_sql"] = c.goldSql ? nlohmann::json(*c.goldSql) : nlohmann::json(nullptr);
  j["difficulty"] = c.difficulty;
  j["source"] = c.source;
  j["pred_sql"] = nullptr;
  return j;
}

}  // namespace

int runGenerateCases(const Args& args, LlmSetup setup) {
  auto dbRoot = args.require("db-root");
  if (!dbRoot) return fail(dbRoot.error());
  auto outPath = args.require("out");
  if (!outPath) return fail(outPath.error());
  auto imported = importCasesOption(args, setup.options.profile.model);
  if (!imported) return fail(imported.error());
  const ws::import::ImportReport& report = imported.value();
  auto tmpl = llm::builtinTemplate("text_to_sql");
  if (!tmpl) return fail(tmpl.error());
  std::ofstream out(outPath.value(), std::ios::binary | std::ios::trunc);
  if (!out) {
    Error e = makeError(ErrorKind::BadInput, "io", "cannot write the output file");
    e.where = outPath.value();
    return fail(e);
  }

  // Prompts: the schema of each database is serialised once.
  const auto& cases = report.cases;
  std::vector<Slot> slots(cases.size());
  std::map<std::string, Result<std::string>> schemas;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    auto it = schemas.find(c.dbId);
    if (it == schemas.end()) {
      Result<std::string> text = Error{};
      auto path = eval::resolveDatabase(dbRoot.value(), c.dbId);
      if (!path) {
        Error e = makeError(ErrorKind::BadInput, "no_database",
                            "database '" + c.dbId + "' not found under the db root");
        e.where = dbRoot.value();
        text = e;
      } else if (auto database = db::Database::openReadOnly(*path); !database) {
        text = database.error();
      } else {
        text = llm::serialiseSchema(*database.value());
      }
      it = schemas.emplace(c.dbId, std::move(text)).first;
    }
    nlohmann::json line = baseLine(c);
    if (!it->second) {
      line["error"] = errorJson(it->second.error());
      slots[i].line = std::move(line);
      continue;
    }
    llm::TextToSqlInput input{it->second.value(), c.question, c.evidence, "SQLite"};
    auto request = llm::textToSqlRequest(tmpl.value(), input, setup.params);
    if (!request) {
      line["error"] = errorJson(request.error());
      slots[i].line = std::move(line);
      continue;
    }
    slots[i].request = std::move(request.value());
  }

  auto client = llm::Client::create(setup.options);
  if (!client) return fail(client.error());
  std::mutex m;
  std::condition_variable cv;
  std::size_t done = 0, failed = 0, cached = 0, noSql = 0, submitted = 0;
  std::int64_t promptTokens = 0, completionTokens = 0;
  double cost = 0.0;
  for (std::size_t i = 0; i < slots.size(); ++i) {
    if (!slots[i].request) {
      std::lock_guard lock(m);
      ++done;
      ++failed;
      continue;
    }
    ++submitted;
    client.value()->submit(*slots[i].request, [&, i](llm::RequestId, const llm::ChatResult& r) {
      nlohmann::json line = baseLine(cases[i]);
      std::lock_guard lock(m);
      if (r.ok()) {
        auto g = llm::interpretResponse(r.value());
        nlohmann::json gen = llm::generationJson(g, *slots[i].request);
        line["pred_sql"] = gen["sql"];
        line["model"] = gen["model"];
        line["generation"] = std::move(gen);
        cached += r->cached ? 1 : 0;
        noSql += g.extraction.ok() ? 0 : 1;
        promptTokens += r->usage.promptTokens;
        completionTokens += r->usage.completionTokens;
        cost += r->cost;
      } else {
        line["model"] = setup.options.profile.model;
        line["error"] = errorJson(r.error());
        ++failed;
      }
      slots[i].line = std::move(line);
      ++done;
      cv.notify_all();
    });
  }

  // Progress on stderr; lines go out in input order as soon as their prefix is complete.
  auto start = std::chrono::steady_clock::now();
  std::size_t written = 0;
  for (;;) {
    std::unique_lock lock(m);
    cv.wait_for(lock, std::chrono::milliseconds(250));
    while (written < slots.size() && slots[written].line) {
      out << slots[written].line->dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
      slots[written].line.reset();
      slots[written].request.reset();
      ++written;
    }
    out.flush();
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cerr << "\rgenerate: " << done << "/" << slots.size() << " done, " << failed << " failed, " << cached
              << " cached, " << (secs > 0 ? static_cast<double>(done) / secs : 0.0) << " cases/s   "
              << std::flush;
    if (written == slots.size()) break;
  }
  std::cerr << "\n";
  client.value().reset();  // joins the worker: no callback runs past this point
  double elapsedMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (!out) {
    Error e = makeError(ErrorKind::BadInput, "io", "writing the output file failed");
    e.where = outPath.value();
    return fail(e);
  }
  print({{"out", outPath.value()},
         {"format", ws::import::toString(report.format)},
         {"total", slots.size()},
         {"submitted", submitted},
         {"ok", slots.size() - failed},
         {"failed", failed},
         {"no_sql", noSql},
         {"cached", cached},
         {"prompt_tokens", promptTokens},
         {"completion_tokens", completionTokens},
         {"cost", cost},
         {"elapsed_ms", elapsedMs},
         {"import_warnings", report.warnings.size()},
         {"import_errors", report.errors.size()}});
  return kOk;
}

}  // namespace hs::cli
