// The report's data for pandas and spreadsheets: one row per case, per finding and per annotation,
// told apart by `kind`, with the case id on every row.
#include <nlohmann/json.hpp>

#include "engine/core/csv.h"
#include "engine/report/report_fields.h"
#include "engine/report/report_render.h"
#include "engine/report/report_text.h"

namespace hs::report {
namespace {

using nlohmann::json;

// The rows of a report in order: each case, then its findings, then its annotations.
std::vector<json> rows(const ReportInput& in) {
  std::vector<json> out;
  out.reserve(in.cases.size() * 3);
  for (const auto& rc : in.cases) {
    const Case& c = rc.kase;
    json row = caseFields(in, rc);
    const auto* o = rc.outcome ? &*rc.outcome : nullptr;
    out.push_back(std::move(row));
    if (o) {
      for (const Finding& f : o->findings) {
        json fr = {{"kind", "finding"},
                   {"case_id", c.id},
                   {"taxonomy", f.taxonomy},
                   {"category", f.category},
                   {"subcategory", f.subcategory},
                   {"message", f.message},
                   {"origin", f.origin},
                   // As the report shows them, in its language; the stored English stays above.
                   {"subcategory_text", subcategoryText(in.language, f.subcategory)},
                   {"message_text", messageText(in.language, f.message)}};
        if (!f.spans.empty()) {
          fr["side"] = f.spans.front().side;
          fr["begin"] = f.spans.front().begin;
          fr["end"] = f.spans.front().end;
        }
        out.push_back(std::move(fr));
      }
    }
    for (const auto& a : rc.annotations) {
      json ar = {{"kind", "annotation"}, {"case_id", c.id},          {"reviewer", a.reviewer},
                 {"verdict", a.verdict}, {"taxonomy", a.taxonomy},   {"category", a.category},
                 {"note", a.note},       {"created_at", a.createdAt}};
      if (a.span) {
        ar["side"] = a.span->side;
        ar["begin"] = a.span->begin;
        ar["end"] = a.span->end;
      }
      out.push_back(std::move(ar));
    }
  }
  return out;
}

const std::vector<std::string>& csvColumns() {
  // clang-format off
  static const std::vector<std::string> cols = {
      "kind",         "case_id",        "db_id",             "model",
      "difficulty",   "question",       "gold_sql",          "pred_sql",
      "ex_set",       "ex_bag",         "ex_ordered",        "soft_f1",
      "risk",         "pred_error",     "findings",          "human_verdict",
      "taxonomy",     "category",       "subcategory",       "message",
      "origin",       "reviewer",       "verdict",           "note",
      "created_at",   "side",           "begin",             "end",
      "abstained",    "abstain_reason", "infeasible_type",   "subcategory_text",
      "message_text", "reviewed",       "difficulty_source"};
  // clang-format on
  return cols;
}

// Strings are text cells (neutralised when they look like a formula); numbers and booleans the
// report writes itself stay as they are.
std::string csvCell(const json& v) {
  if (v.is_null()) return "";
  if (v.is_string()) return csvField(v.get_ref<const std::string&>(), CsvCell::Text);
  return csvField(v.dump(), CsvCell::Number);
}

}  // namespace

std::string renderJsonl(const ReportInput& in) {
  std::string out;
  for (const json& row : rows(in)) out += row.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
  return out;
}

std::string renderCsv(const ReportInput& in) {
  std::string out;
  const auto& cols = csvColumns();
  for (std::size_t i = 0; i < cols.size(); ++i) out += (i ? "," : "") + cols[i];
  out += "\r\n";
  for (const json& row : rows(in)) {
    for (std::size_t i = 0; i < cols.size(); ++i) {
      if (i) out += ',';
      auto it = row.find(cols[i]);
      if (it != row.end()) out += csvCell(*it);
    }
    out += "\r\n";
  }
  return out;
}

}  // namespace hs::report
