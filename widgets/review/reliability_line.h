#pragma once
// The Review tab's line for a run generated with abstention (seed 004): RS(0), RS(10) and RS(N)
// of the shown run (hs::ws::runReliability, the code `evaluate` and the report use), with the
// penalties and the thresholds of the abstention checks; empty for a run without abstention.
#include <QCoreApplication>
#include <QString>

#include <nlohmann/json_fwd.hpp>

namespace hs::ui {

class ReliabilityLine {
  Q_DECLARE_TR_FUNCTIONS(ReliabilityLine)

 public:
  // "Abstention: 6 questions, 4 answered, 2 abstained · RS(0) 0.50 · RS(10) -1.33 · RS(N = 6)
  // -0.67 · penalty c of a wrong answer 0, 10, N · thresholds infeasible 0.50, risk 0.50";
  // empty when `reliability` is not an object.
  static QString text(const nlohmann::json& reliability);
  // How RS(c) scores a question, and the counts of feasible, infeasible and unscored questions.
  static QString tooltip(const nlohmann::json& reliability);
};

}  // namespace hs::ui
