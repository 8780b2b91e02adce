#pragma once
// The Review tab's keyboard tests' workspace: twelve evaluated Spider-like cases of one run, every
// second one wrong with two findings (an MRSQLGen C8 and a TA-SQL Schema Contradiction).
#include <QString>

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/finding.h"
#include "engine/workspace/results_store.h"
#include "engine/workspace/workspace.h"

namespace hs::test {

inline const char* const kKeysQuestions[] = {
    "How many singers do we have?",
    "What is the average age of all singers from France?",
    "Show the name and the release year of the song by the youngest singer.",
    "List all song names by singers above the average age.",
    "What are the names of the stadiums with the highest capacity?",
    "How many concerts are there in year 2014 or 2015?",
    "Show the stadium name and the number of concerts in each stadium.",
    "Which countries have singers older than 40 and younger than 30?",
    "Find the number of concerts happened in the stadium with the highest capacity.",
    "Show names of singers who performed in concerts in 2014.",
    "What is the maximum capacity and the average of all stadiums?",
    "Which year has the most number of concerts?"};

inline hs::Finding keysFinding(const char* taxonomy, const char* category) {
  hs::Finding f;
  f.taxonomy = taxonomy;
  f.category = category;
  f.message = std::string("test finding ") + category;
  return f;
}

// Twelve evaluated cases, every second one wrong with two findings. Returns the case ids.
inline std::vector<std::int64_t> createKeysWorkspace(const QString& path) {
  auto ws = hs::ws::Workspace::create(path.toStdString());
  if (!ws) return {};
  const auto run = ws->createRun(hs::ws::RunInfo{"keyboard", "gpt-4", "", "{}"});
  if (!run) return {};
  std::vector<hs::Case> cases;
  for (int i = 0; i < 12; ++i) {
    hs::Case c;
    c.id = "spider:" + std::to_string(i);
    c.dbId = "concert_singer";
    c.difficulty = i % 2 ? "hard" : "easy";
    c.question = kKeysQuestions[i];
    c.goldSql = "SELECT count(*) FROM singer";
    c.predSql = i % 2 ? "SELECT count(*) FROM concert" : "SELECT count(*) FROM singer";
    cases.push_back(c);
  }
  auto ids = ws->insertCases(*run, cases);
  if (!ids) return {};
  std::vector<hs::eval::CaseOutcome> outcomes(12);
  std::vector<hs::ws::StoredOutcome> stored;
  for (int i = 0; i < 12; ++i) {
    auto& o = outcomes[static_cast<std::size_t>(i)];
    o.exSet = o.exBag = i % 2 == 0;
    if (i % 2) o.findings = {keysFinding("mrsqlgen", "C8"), keysFinding("tasql", "Schema Contradiction")};
    stored.push_back(hs::ws::StoredOutcome{(*ids)[static_cast<std::size_t>(i)], &o});
  }
  if (!hs::ws::saveOutcomes(*ws, stored)) return {};
  return *ids;
}

}  // namespace hs::test
