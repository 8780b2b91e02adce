// Recurrence / emergence statistics of drill-down runs. Definitions: README.md.
#include "engine/drilldown/stats.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

#include "engine/core/csv.h"

namespace hs::drilldown {

namespace {

std::string normaliseElement(std::string_view text) {
  std::string out;
  bool space = false;
  for (char ch : text) {
    if (ch == '`' || ch == '"' || ch == '[' || ch == ']') continue;
    if (std::isspace(static_cast<unsigned char>(ch))) {
      space = !out.empty();
      continue;
    }
    if (space) out.push_back(' ');
    space = false;
    out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(ch))));
  }
  return out;
}

// Per path and category: the identities seen in earlier steps and in the final step.
struct PathCategory {
  bool earlier = false;
  bool final = false;
  std::set<std::string> earlierIds;
  std::set<std::string> finalIds;
};

using GroupKey = std::pair<std::string, std::string>;  // model, history

void count(FourRatios& r, bool inEarlier, bool inFinal) {
  ++r.inFinal.N;
  ++r.inEarlier.N;
  r.inFinal.n += inFinal ? 1 : 0;
  r.inEarlier.n += inEarlier ? 1 : 0;
  if (inEarlier) {
    ++r.recurrent.N;
    r.recurrent.n += inFinal ? 1 : 0;
  }
}

nlohmann::json ratioJson(const Ratio& r) {
  auto p = r.p();
  return {{"p", p ? nlohmann::json(*p) : nlohmann::json(nullptr)}, {"n", r.n}, {"N", r.N}};
}

nlohmann::json fourJson(const FourRatios& f) {
  return {{"recurrent", ratioJson(f.recurrent)},
          {"emergent", ratioJson(f.emergent)},
          {"in_final", ratioJson(f.inFinal)},
          {"in_earlier", ratioJson(f.inEarlier)}};
}

}  // namespace

const std::vector<std::string>& tasqlCategories() {
  static const std::vector<std::string> names = {
      "Schema Contradiction", "Attribute Overanalysis", "Value Misrepresentation",
      "Join Redundancy",      "Clause Abuse",           "Mathematical Delusion"};
  return names;
}

std::vector<std::string> exactIdentities(const Finding& f, const std::string& predSql) {
  std::vector<std::string> out;
  const std::string prefix = f.category + "|" + f.subcategory + "|";
  for (const FindingSpan& s : f.spans)
    if (s.side == "pred" && s.begin < s.end && s.end <= predSql.size())
      out.push_back(prefix + normaliseElement(std::string_view(predSql).substr(s.begin, s.end - s.begin)));
  if (out.empty()) out.push_back(prefix + normaliseElement(f.message));
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

Statistics computeStatistics(const std::vector<StepOutcome>& rows) {
  // Group rows into paths: (model, history) -> case id -> rows.
  std::map<GroupKey, std::map<std::string, std::vector<const StepOutcome*>>> paths;
  for (const StepOutcome& r : rows) paths[{r.model, r.history}][r.caseId].push_back(&r);

  Statistics out;
  for (const auto& [key, cases] : paths) {
    GroupStats g;
    g.model = key.first;
    g.history = key.second;
    g.paths = cases.size();
    std::map<std::string, std::size_t> index;
    for (const std::string& c : tasqlCategories()) {
      index[c] = g.categories.size();
      g.categories.push_back({c, {}, {}});
    }
    std::vector<std::map<std::string, PathCategory>> perPath;
    std::map<std::string, std::tuple<std::size_t, double, double>> table;  // difficulty -> n, ex, f1
    for (const auto& [id, steps] : cases) {
      const StepOutcome* last = *std::max_element(
          steps.begin(), steps.end(),
          [](const auto* a, const auto* b) { return a->final != b->final ? b->final : a->step < b->step; });
      std::map<std::string, PathCategory> pc;
      for (const StepOutcome* s : steps) {
        bool isFinal = s == last;
        if (s->ex.value_or(false)) continue;  // Algorithm 1: only failing steps are categorised
        const std::string pred = s->predSql.value_or("");
        for (const Finding& f : s->findings) {
          if (f.taxonomy != "tasql") continue;
          if (!index.count(f.category)) {
            index[f.category] = g.categories.size();
            g.categories.push_back({f.category, {}, {}});
          }
          PathCategory& c = pc[f.category];
          (isFinal ? c.final : c.earlier) = true;  // once per category per step (D.4)
          for (auto& idn : exactIdentities(f, pred)) (isFinal ? c.finalIds : c.earlierIds).insert(idn);
        }
      }
      perPath.push_back(std::move(pc));
      for (const std::string& d : {last->difficulty, std::string("total")}) {
        auto& [n, ex, f1] = table[d];
        ++n;
        ex += last->ex.value_or(false) ? 1.0 : 0.0;
        f1 += last->softF1.value_or(0.0);
      }
    }
    for (CategoryStats& cs : g.categories) {
      for (const auto& pc : perPath) {
        auto it = pc.find(cs.category);
        PathCategory none;
        const PathCategory& c = it == pc.end() ? none : it->second;
        count(cs.same, c.earlier, c.final);
        if (!c.earlier) {
          ++cs.same.emergent.N;
          cs.same.emergent.n += c.final ? 1 : 0;
        }
        bool recurs = std::any_of(c.finalIds.begin(), c.finalIds.end(),
                                  [&](const std::string& k) { return c.earlierIds.count(k) > 0; });
        FourRatios& x = cs.exact;
        count(x, c.earlier, c.final);
        x.recurrent.n -= (c.earlier && c.final && !recurs) ? 1 : 0;
        if (!recurs) {
          ++x.emergent.N;
          x.emergent.n += c.final ? 1 : 0;
        }
      }
    }
    out.groups.push_back(std::move(g));
    for (const auto& [d, t] : table) {
      const auto& [n, ex, f1] = t;
      out.byDifficulty.push_back({key.first, key.second, d, n, n ? ex / static_cast<double>(n) : 0.0,
                                  n ? f1 / static_cast<double>(n) : 0.0});
    }
  }
  return out;
}

nlohmann::json statisticsJson(const Statistics& s) {
  nlohmann::json groups = nlohmann::json::array();
  for (const GroupStats& g : s.groups) {
    nlohmann::json cats = nlohmann::json::array();
    for (const CategoryStats& c : g.categories) {
      nlohmann::json j = fourJson(c.same);
      j["category"] = c.category;
      j["exact"] = fourJson(c.exact);
      cats.push_back(std::move(j));
    }
    groups.push_back({{"model", g.model}, {"history", g.history}, {"paths", g.paths}, {"categories", cats}});
  }
  nlohmann::json table = nlohmann::json::array();
  for (const DifficultyRow& r : s.byDifficulty)
    table.push_back({{"model", r.model},
                     {"history", r.history},
                     {"difficulty", r.difficulty},
                     {"count", r.count},
                     {"ex", r.ex},
                     {"soft_f1", r.softF1}});
  return {{"groups", groups}, {"ex_by_difficulty", table}};
}

std::string statisticsCsv(const Statistics& s) {
  std::ostringstream out;
  out << "model,history,category,measure,probability,p,n,N\n";
  auto row = [&](const GroupStats& g, const std::string& cat, const char* measure, const char* name,
                 const Ratio& r) {
    auto p = r.p();
    out << csvField(g.model) << ',' << csvField(g.history) << ',' << csvField(cat) << ',' << measure << ','
        << name << ',' << (p ? std::to_string(*p) : std::string()) << ',' << r.n << ',' << r.N << '\n';
  };
  for (const GroupStats& g : s.groups)
    for (const CategoryStats& c : g.categories)
      for (const auto& [measure, f] :
           {std::pair<const char*, const FourRatios*>{"same", &c.same}, {"exact", &c.exact}}) {
        row(g, c.category, measure, "recurrent", f->recurrent);
        row(g, c.category, measure, "emergent", f->emergent);
        row(g, c.category, measure, "in_final", f->inFinal);
        row(g, c.category, measure, "in_earlier", f->inEarlier);
      }
  return out.str();
}

}  // namespace hs::drilldown
