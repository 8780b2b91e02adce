#include "engine/mr/detect_metrics.h"

#include <map>
#include <set>

namespace hs::mr {
namespace {

double ratio(std::size_t a, std::size_t b) {
  return b == 0 ? 0.0 : static_cast<double>(a) / static_cast<double>(b);
}

nlohmann::json statsJson(const std::vector<HdStats>& list) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& s : list) {
    out.push_back({{"name", s.name},
                   {"parent", s.parent},
                   {"applicable", s.applicable},
                   {"decided", s.decided},
                   {"violated", s.violated},
                   {"hdn", s.hdn},
                   {"hdr", s.hdr}});
  }
  return out;
}

HdStats named(std::string name, std::string parent) {
  HdStats s;
  s.name = std::move(name);
  s.parent = std::move(parent);
  return s;
}

}  // namespace

DetectOutcome outcomeOf(const DetectResult& result, bool hallucination) {
  DetectOutcome o;
  o.hallucination = hallucination;
  o.flagged = result.flagged;
  o.llmCalls = result.llmCalls;
  o.llmCallsSaved = result.llmCallsSaved;
  o.earlyStopped = result.earlyStopped;
  for (const auto& s : result.stages) {
    for (const auto& r : s.mrs) o.verdicts.emplace_back(r.mr, r.skipped ? Verdict::Inapplicable : r.verdict);
  }
  return o;
}

DetectMetrics computeDetectMetrics(const std::vector<DetectOutcome>& outcomes) {
  DetectMetrics m;
  m.cases = outcomes.size();
  // Index of every group: MRs, families, stages.
  std::map<std::string, HdStats> mrs, families, stages;
  for (const auto& info : allMrs()) {
    mrs[std::string(info.abbrev)] = named(std::string(info.abbrev), std::string(info.family));
    families[std::string(info.family)] = named(std::string(info.family), std::string(toString(info.stage)));
    stages[std::string(toString(info.stage))] = named(std::string(toString(info.stage)), "all");
  }
  long long calls = 0, saved = 0;
  for (const auto& o : outcomes) {
    if (o.hallucination) ++m.hallucinations;
    if (o.flagged && o.hallucination) ++m.confusion.tp;
    if (o.flagged && !o.hallucination) ++m.confusion.fp;
    if (!o.flagged && o.hallucination) ++m.confusion.fn;
    if (!o.flagged && !o.hallucination) ++m.confusion.tn;
    calls += o.llmCalls;
    saved += o.llmCallsSaved;
    if (o.earlyStopped) ++m.earlyStopped;
    std::set<std::string> famApplicable, famDecided, famViolated, stApplicable, stDecided, stViolated;
    for (const auto& [name, v] : o.verdicts) {
      const MrInfo* info = findMr(name);
      if (!info || v == Verdict::Inapplicable) continue;
      HdStats& s = mrs[name];
      const std::string fam(info->family), st(toString(info->stage));
      ++s.applicable;
      famApplicable.insert(fam);
      stApplicable.insert(st);
      if (v == Verdict::Satisfied || v == Verdict::Violated) {
        ++s.decided;
        famDecided.insert(fam);
        stDecided.insert(st);
      }
      if (v == Verdict::Violated) {
        ++s.violated;
        if (o.hallucination) ++s.hdn;
        famViolated.insert(fam);
        stViolated.insert(st);
      }
    }
    auto add = [&](std::map<std::string, HdStats>& group, const std::set<std::string>& applicable,
                   const std::set<std::string>& decided, const std::set<std::string>& violated) {
      for (const auto& n : applicable) ++group[n].applicable;
      for (const auto& n : decided) ++group[n].decided;
      for (const auto& n : violated) {
        ++group[n].violated;
        if (o.hallucination) ++group[n].hdn;
      }
    };
    add(families, famApplicable, famDecided, famViolated);
    add(stages, stApplicable, stDecided, stViolated);
  }
  m.hdn = m.confusion.tp;
  const auto scores = eval::scoreFromConfusion(m.confusion);
  m.precision = scores.precision;
  m.recall = scores.recall;
  m.f1 = scores.f1;
  m.accuracy = ratio(m.confusion.tp + m.confusion.tn, m.cases);
  m.callsPerQuestion = m.cases ? static_cast<double>(calls) / static_cast<double>(m.cases) : 0.0;
  m.savedPerQuestion = m.cases ? static_cast<double>(saved) / static_cast<double>(m.cases) : 0.0;
  for (auto& [n, s] : stages) {
    s.hdr = ratio(s.hdn, m.hdn);
    m.perStage.push_back(s);
  }
  std::set<std::string> seenFamily;
  for (const auto& info : allMrs()) {
    HdStats& s = mrs[std::string(info.abbrev)];
    s.hdr = ratio(s.hdn, families[s.parent].hdn);
    m.perMr.push_back(s);
    if (seenFamily.insert(std::string(info.family)).second) {
      HdStats& f = families[std::string(info.family)];
      f.hdr = ratio(f.hdn, stages[f.parent].hdn);
      m.perFamily.push_back(f);
    }
  }
  return m;
}

nlohmann::json metricsJson(const DetectMetrics& m) {
  return {{"cases", m.cases},
          {"hallucinations", m.hallucinations},
          {"confusion",
           {{"tp", m.confusion.tp}, {"fp", m.confusion.fp}, {"tn", m.confusion.tn}, {"fn", m.confusion.fn}}},
          {"accuracy", m.accuracy},
          {"precision", m.precision},
          {"recall", m.recall},
          {"f1", m.f1},
          {"hdn", m.hdn},
          {"per_mr", statsJson(m.perMr)},
          {"per_class", statsJson(m.perFamily)},
          {"per_stage", statsJson(m.perStage)},
          {"llm_calls_per_question", m.callsPerQuestion},
          {"llm_calls_saved_per_question", m.savedPerQuestion},
          {"early_stopped", m.earlyStopped}};
}

}  // namespace hs::mr
