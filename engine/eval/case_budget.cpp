// CaseBudget: one deadline for every statement of an evaluation case, and where it was reached.
#include "engine/eval/case_budget.h"

namespace hs::eval {

namespace {

// The step as the case's message names it, and what its stop leaves undone.
const char* stepPhrase(CaseStep step) {
  switch (step) {
    case CaseStep::GoldSql:
      return "in the gold SQL; the predicted SQL and the annotation's database queries did not run";
    case CaseStep::PredSql:
      return "in the predicted SQL; the annotation's database queries did not run";
    case CaseStep::ValueLookup:
      return "in the annotation's value look-ups; its remaining database queries did not run, so its "
             "findings may be incomplete";
    case CaseStep::ProbeQuery:
      return "in the annotation's probe queries; its remaining database queries did not run, so its "
             "findings may be incomplete";
    case CaseStep::CauseRepair:
      return "in the annotation's cause repairs (repaired predictions); its remaining database queries "
             "did not run, so its findings may be incomplete";
  }
  return "";
}

}  // namespace

const char* toString(CaseStep step) {
  switch (step) {
    case CaseStep::GoldSql:
      return "gold_sql";
    case CaseStep::PredSql:
      return "pred_sql";
    case CaseStep::ValueLookup:
      return "value_lookup";
    case CaseStep::ProbeQuery:
      return "probe_query";
    case CaseStep::CauseRepair:
      return "cause_repair";
  }
  return "";
}

CaseBudget::CaseBudget(int limitMs)
    : limitMs_(limitMs), deadline_(std::chrono::steady_clock::now() + std::chrono::milliseconds(limitMs)) {}

bool CaseBudget::spent() const {
  return limitMs_ > 0 && std::chrono::steady_clock::now() >= deadline_;
}

db::Limits CaseBudget::bound(db::Limits limits) const {
  if (limitMs_ > 0) limits.deadline = deadline_;
  return limits;
}

void CaseBudget::reached(CaseStep step) {
  if (reached_ || limitMs_ <= 0) return;
  reached_ = TimeLimitReached{limitMs_, step, limitMessage() + " " + stepPhrase(step)};
}

bool CaseBudget::stoppedBy(const Error& error, CaseStep step) {
  if (limitMs_ <= 0 || error.code != "deadline") return false;
  reached(step);
  return true;
}

std::string CaseBudget::limitMessage() const {
  return "the case's time limit of " + std::to_string(limitMs_) + " ms was reached";
}

}  // namespace hs::eval
