#include "engine/bench/bench.h"

#include <algorithm>
#include <memory>
#include <set>

#include "engine/annotate/eval_annotator.h"
#include "engine/db/database.h"
#include "engine/db/schema.h"
#include "engine/eval/runner.h"
#include "engine/eval/spider_hardness.h"
#include "engine/llm/client.h"
#include "engine/llm/schema_prompt.h"
#include "engine/llm/verifier.h"

namespace hs::bench {
namespace {

bool cancelled(const BenchOptions& o) {
  return o.cancel && o.cancel->load();
}

void report(const BenchOptions& o, const char* stage, std::size_t done, std::size_t total) {
  if (o.progress) o.progress(stage, done, total);
}

std::string difficultyOf(const Case& c) {
  return eval::caseDifficulty(c).level;
}

// Mutants are wrong; each gold query they came from, as its own prediction, is correct.
std::vector<LabelledCase> mutationSet(const std::vector<Case>& cases,
                                      const std::map<std::string, MutationInfo>& info) {
  std::vector<LabelledCase> out;
  std::set<std::string> goldAdded;
  for (const Case& c : cases) {
    auto it = info.find(c.id);
    if (it == info.end() || !c.goldSql || !c.predSql) continue;
    std::string source = it->second.sourceId.empty() ? c.id : it->second.sourceId;
    if (goldAdded.insert(source).second) {
      LabelledCase g;
      g.item = c;
      g.item.id = source + "/gold";
      g.item.predSql = c.goldSql;
      g.wrong = false;
      g.difficulty = difficultyOf(c);
      out.push_back(std::move(g));
    }
    LabelledCase m;
    m.item = c;
    m.wrong = true;
    m.rule = it->second.rule;
    m.category = it->second.tasql;
    m.difficulty = difficultyOf(c);
    m.hasSpan = it->second.hasSpan;
    m.spanBegin = it->second.spanBegin;
    m.spanEnd = it->second.spanEnd;
    out.push_back(std::move(m));
  }
  return out;
}

class Schemas {
 public:
  explicit Schemas(std::string root) : root_(std::move(root)) {}
  const std::string* text(const std::string& dbId) {
    auto it = cache_.find(dbId);
    if (it != cache_.end()) return it->second ? &*it->second : nullptr;
    std::optional<std::string> s;
    if (auto path = eval::resolveDatabase(root_, dbId)) {
      if (auto d = db::Database::openReadOnly(*path)) {
        if (auto t = llm::serialiseSchema(**d)) s = std::move(t.value());
      }
    }
    auto& slot = cache_[dbId] = std::move(s);
    return slot ? &*slot : nullptr;
  }

 private:
  std::string root_;
  std::map<std::string, std::optional<std::string>> cache_;
};

DetectorScores riskScores(const std::vector<LabelledCase>& set,
                          const std::vector<eval::CaseOutcome>& outcomes) {
  DetectorScores d;
  d.name = "risk";
  for (std::size_t i = 0; i < set.size(); ++i) {
    if (outcomes[i].risk) {
      d.scores.push_back(outcomes[i].risk->score);
    } else {
      d.scores.push_back(0.5);
      ++d.failed;
    }
  }
  return d;
}

DetectorScores verifierScores(const std::vector<LabelledCase>& set, const BenchOptions& o) {
  DetectorScores d;
  d.name = "verifier";
  Schemas schemas(o.dbRoot);
  std::vector<llm::ChatRequest> requests;
  std::vector<std::size_t> index;  // request -> case
  d.scores.assign(set.size(), 0.5);
  for (std::size_t i = 0; i < set.size(); ++i) {
    const std::string* schema = schemas.text(set[i].item.dbId);
    if (!schema) continue;
    auto r = llm::verifierRequest(
        {*schema, set[i].item.question, set[i].item.evidence, set[i].item.predSql.value_or("")}, o.params);
    if (!r) continue;
    requests.push_back(std::move(r.value()));
    index.push_back(i);
  }
  d.failed = set.size() - requests.size();
  d.llmCalls = requests.size();
  std::size_t done = 0;
  const std::size_t total = requests.size();
  auto results = o.client->runBatch(std::move(requests), [&](llm::RequestId, const llm::ChatResult&) {
    report(o, "verifier", ++done, total);
  });
  for (std::size_t k = 0; k < results.size(); ++k) {
    auto v = results[k] ? llm::parseVerifierAnswer(results[k]->text())
                        : Result<llm::VerifierVerdict>(results[k].error());
    if (v)
      d.scores[index[k]] = v->score;
    else
      ++d.failed;
  }
  return d;
}

DetectorScores mrScores(const std::vector<LabelledCase>& set, const BenchOptions& o) {
  DetectorScores d;
  d.name = "mr";
  d.scores.assign(set.size(), 0.5);
  for (std::size_t i = 0; i < set.size() && !cancelled(o); ++i) {
    auto path = eval::resolveDatabase(o.dbRoot, set[i].item.dbId);
    if (!path) {
      ++d.failed;
      continue;
    }
    mr::DetectInput in{*path, set[i].item.question, set[i].item.evidence, set[i].item.predSql};
    auto r = mr::detect(in, *o.client, o.mrOptions);
    if (!r) {
      ++d.failed;
      continue;
    }
    d.llmCalls += static_cast<std::size_t>(std::max(0, r->llmCalls));
    std::size_t decided = r->satisfied + r->violated;
    d.scores[i] =
        decided ? static_cast<double>(r->violated) / static_cast<double>(decided) : (r->flagged ? 1.0 : 0.0);
    report(o, "mr", i + 1, set.size());
  }
  return d;
}

// Localisation of every mutant with a mutated span, for all findings and the gold-free ones.
std::vector<Localisation> localise(const std::vector<LabelledCase>& set,
                                   const std::vector<eval::CaseOutcome>& outcomes) {
  std::vector<Localisation> out{Localisation{FindingSource::All, {}, {}},
                                Localisation{FindingSource::GoldFree, {}, {}}};
  std::map<std::string, std::optional<db::Schema>> schemas;  // by database path
  for (std::size_t i = 0; i < set.size(); ++i) {
    const LabelledCase& c = set[i];
    if (!c.wrong || !c.hasSpan || !c.item.predSql) continue;
    const std::string& path = outcomes[i].dbPath;
    auto it = schemas.find(path);
    if (it == schemas.end()) {
      std::optional<db::Schema> s;
      if (!path.empty())
        if (auto d = db::Database::openReadOnly(path))
          if (auto read = (*d)->schema()) s = std::move(read.value());
      it = schemas.emplace(path, std::move(s)).first;
    }
    const db::Schema* schema = it->second ? &*it->second : nullptr;
    for (Localisation& l : out) {
      LocaliseOutcome o =
          localiseMutant(*c.item.predSql, c.spanBegin, c.spanEnd, outcomes[i].findings, l.source, schema);
      l.all.add(o);
      l.byRule[c.rule].add(o);
    }
  }
  return out;
}

std::vector<std::string> splitPlus(const std::string& name) {
  std::vector<std::string> parts;
  std::size_t pos = 0;
  while (true) {
    std::size_t plus = name.find('+', pos);
    parts.push_back(name.substr(pos, plus == std::string::npos ? std::string::npos : plus - pos));
    if (plus == std::string::npos) break;
    pos = plus + 1;
  }
  return parts;
}

}  // namespace

const std::vector<std::string>& detectorNames() {
  static const std::vector<std::string> names{"risk", "verifier", "mr"};
  return names;
}

Result<std::vector<std::string>> parseDetectorList(const std::string& list) {
  std::vector<std::string> out;
  std::size_t pos = 0;
  while (pos <= list.size()) {
    std::size_t comma = list.find(',', pos);
    std::string item = list.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    for (const std::string& part : splitPlus(item))
      if (std::find(detectorNames().begin(), detectorNames().end(), part) == detectorNames().end())
        return makeError(
            ErrorKind::BadInput, "usage",
            "--detectors: unknown detector '" + part + "' (risk, verifier, mr, or a+b combinations)");
    out.push_back(item);
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  return out;
}

Result<BenchResult> runBench(const std::vector<Case>& cases,
                             const std::map<std::string, MutationInfo>& mutations, const BenchOptions& o) {
  std::set<std::string> needed;
  for (const std::string& name : o.detectors)
    for (const std::string& part : splitPlus(name)) needed.insert(part);
  if ((needed.count("verifier") || needed.count("mr")) && !o.client)
    return makeError(ErrorKind::BadInput, "usage",
                     "the verifier and mr detectors need an LLM (--base-url, --model)");

  BenchResult r;
  r.kind = mutations.empty() ? "run" : "mutation";
  std::vector<LabelledCase> set;
  if (!mutations.empty()) {
    set = mutationSet(cases, mutations);
  } else {
    for (const Case& c : cases) {
      LabelledCase l;
      l.item = c;
      l.difficulty = difficultyOf(c);
      set.push_back(std::move(l));
    }
  }
  std::vector<Case> items;
  for (const LabelledCase& l : set) items.push_back(l.item);
  annotate::RuleAnnotator rules;
  eval::EvalOptions eo;
  eo.dbRoot = o.dbRoot;
  eo.jobs = o.jobs;
  eo.annotator = &rules;
  eo.cancel = o.cancel;
  eo.progress = [&](std::size_t done, std::size_t total) { report(o, "execute", done, total); };
  std::vector<eval::CaseOutcome> outcomes = eval::evaluateCases(items, eo);
  if (cancelled(o)) return makeError(ErrorKind::Cancelled, "cancelled", "the bench was cancelled");

  for (std::size_t i = 0; i < set.size(); ++i) set[i].executes = outcomes[i].pred.ok;
  // A real run: the label is EX (set semantics); cases it cannot decide are left out.
  if (mutations.empty()) {
    std::vector<LabelledCase> kept;
    std::vector<eval::CaseOutcome> keptOutcomes;
    for (std::size_t i = 0; i < set.size(); ++i) {
      if (!outcomes[i].exSet) {
        ++r.skipped;
        continue;
      }
      set[i].wrong = !*outcomes[i].exSet;
      kept.push_back(std::move(set[i]));
      keptOutcomes.push_back(std::move(outcomes[i]));
    }
    set = std::move(kept);
    outcomes = std::move(keptOutcomes);
  }

  if (!mutations.empty()) r.localisation = localise(set, outcomes);

  std::map<std::string, DetectorScores> single;
  if (needed.count("risk")) single["risk"] = riskScores(set, outcomes);
  if (needed.count("verifier")) single["verifier"] = verifierScores(set, o);
  if (needed.count("mr")) single["mr"] = mrScores(set, o);
  if (cancelled(o)) return makeError(ErrorKind::Cancelled, "cancelled", "the bench was cancelled");

  for (const std::string& name : o.detectors) {
    std::vector<std::string> parts = splitPlus(name);
    if (parts.size() == 1) {
      r.detectors.push_back(single[name]);
      continue;
    }
    DetectorScores d;
    d.name = name;
    d.scores.assign(set.size(), 0.0);
    for (const std::string& p : parts) {
      const DetectorScores& s = single[p];
      for (std::size_t i = 0; i < set.size(); ++i)
        d.scores[i] += s.scores[i] / static_cast<double>(parts.size());
      d.llmCalls += s.llmCalls;
      d.failed = std::max(d.failed, s.failed);
    }
    r.detectors.push_back(std::move(d));
  }
  r.cases = std::move(set);
  return r;
}

}  // namespace hs::bench
