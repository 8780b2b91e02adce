#pragma once
// The fields of one case that every report format carries, built in one place: the CSV and JSON
// Lines case rows are these, and the HTML report prints its per-case values from them, so that no
// format can show a difficulty, verdict or review state another format lacks.
#include <nlohmann/json.hpp>

#include "engine/report/report_input.h"

namespace hs::report {

// kind "case", case_id, db_id, model, difficulty (the file's, else Spider's hardness of the gold,
// as the evaluation summary groups it) with difficulty_source ("file", "spider_hardness" or null),
// question, gold_sql, pred_sql, ex_set, ex_bag, ex_ordered, soft_f1, risk, pred_error, findings,
// human_verdict, reviewed, abstained, abstain_reason, infeasible_type; null when absent.
nlohmann::json caseFields(const ReportInput& in, const ReportCase& rc);

}  // namespace hs::report
