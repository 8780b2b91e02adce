#include "widgets/review/reliability_line.h"

#include <QStringList>

#include <nlohmann/json.hpp>

namespace hs::ui {

namespace {

QString num(const nlohmann::json& v, int decimals = 2) {
  return v.is_number() ? QString::number(v.get<double>(), 'f', decimals) : QStringLiteral("–");
}

int count(const nlohmann::json& r, const char* key) {
  return r.contains(key) && r[key].is_number() ? r[key].get<int>() : 0;
}

}  // namespace

QString ReliabilityLine::text(const nlohmann::json& r) {
  if (!r.is_object()) return {};
  const nlohmann::json rs = r.value("rs", nlohmann::json::object());
  const nlohmann::json pen = r.value("penalties", nlohmann::json::object());
  QStringList thresholds;
  const nlohmann::json recorded = r.value("thresholds", nlohmann::json::object());
  for (const auto& [name, value] : recorded.items())
    thresholds << QStringLiteral("%1 %2").arg(
        QString::fromStdString(name), value.is_number() ? num(value) : QString::fromStdString(value.dump()));
  QStringList parts;
  parts << tr("Abstention: %1 questions, %2 answered, %3 abstained")
               .arg(count(r, "questions"))
               .arg(count(r, "answered"))
               .arg(count(r, "abstained"));
  parts << tr("RS(0) %1").arg(num(rs.value("rs_0", nlohmann::json())));
  parts << tr("RS(10) %1").arg(num(rs.value("rs_10", nlohmann::json())));
  parts << tr("RS(N = %1) %2")
               .arg(num(pen.value("c_N", nlohmann::json()), 0), num(rs.value("rs_N", nlohmann::json())));
  parts << tr("penalty c of a wrong answer: 0, 10, N");
  parts << tr("thresholds: %1")
               .arg(thresholds.isEmpty() ? QStringLiteral("–") : thresholds.join(QStringLiteral(", ")));
  return parts.join(QStringLiteral(" · "));
}

QString ReliabilityLine::tooltip(const nlohmann::json& r) {
  if (!r.is_object()) return {};
  return tr("Reliability score RS(c) (TrustSQL): +1 for a correct answer (EX set) or an abstention on an "
            "infeasible question, 0 for an abstention on a feasible question, -c for a wrong answer or an "
            "answered infeasible question; the mean over the scored questions.\n"
            "%1 feasible (with a gold query), %2 infeasible, %3 unscored (neither); %4 correct answers. "
            "An answered case not evaluated yet counts as wrong.")
      .arg(count(r, "feasible"))
      .arg(count(r, "infeasible"))
      .arg(count(r, "unscored"))
      .arg(count(r, "correct_answers"));
}

}  // namespace hs::ui
