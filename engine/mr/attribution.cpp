#include "engine/mr/attribution.h"

#include <algorithm>

#include "engine/core/finding_messages.h"
#include "engine/core/text.h"
#include "engine/mr/schema_mapping.h"
#include "engine/sql/diff.h"
#include "engine/sql/parser.h"

namespace hs::mr {
namespace {

using SpanList = std::vector<sql::Span>;

// "ORDER BY" before the first term, so the whole clause is marked; LIMIT joins it.
void addOrderBy(const sql::SelectStmt& s, std::string_view text, SpanList& out) {
  if (s.orderBy.empty()) return;
  sql::Span span{s.orderBy.front()->span.begin, s.orderBy.back()->span.end};
  const std::string lower = asciiLower(text.substr(0, span.begin));
  if (auto k = lower.rfind("order"); k != std::string::npos) span.begin = k;
  if (s.limit && s.limit->span.begin >= span.end) span.end = s.limit->span.end;
  out.push_back(span);
}

SpanList extremumSpans(const sql::SelectStmt& root, std::string_view text) {
  SpanList out;
  sql::walk(root, [&](const sql::Node& n) {
    if (auto* s = n.as<sql::SelectStmt>()) addOrderBy(*s, text, out);
    if (auto* f = n.as<sql::FunctionCall>()) {
      if (iequals(f->name.name, "min") || iequals(f->name.name, "max")) out.push_back(f->span);
    }
    return true;
  });
  return out;
}

SpanList comparisonSpans(const sql::SelectStmt& root) {
  SpanList out;
  sql::walk(root, [&](const sql::Node& n) {
    if (auto* b = n.as<sql::Binary>()) {
      if (b->op == sql::BinaryOp::Lt || b->op == sql::BinaryOp::Le || b->op == sql::BinaryOp::Gt ||
          b->op == sql::BinaryOp::Ge) {
        out.push_back(b->span);
        return false;
      }
    }
    if (n.is<sql::Between>()) {
      out.push_back(n.span);
      return false;
    }
    return true;
  });
  return out;
}

// Columns named by linking items ("t.c" -> c; "t" -> the table), found in the SQL.
SpanList linkingSpans(const sql::SelectStmt& root, const std::set<std::string>& items) {
  std::set<std::string> columns, tables;
  for (const auto& i : items) {
    auto dot = i.find('.');
    if (dot == std::string::npos || i.substr(dot + 1) == "*") {
      tables.insert(asciiLower(i.substr(0, dot)));
    } else {
      columns.insert(asciiLower(i.substr(dot + 1)));
    }
  }
  SpanList out;
  sql::walk(root, [&](const sql::Node& n) {
    if (auto* c = n.as<sql::ColumnRef>(); c && columns.count(asciiLower(c->column.name)))
      out.push_back(c->span);
    if (auto* t = n.as<sql::NamedTable>(); t && tables.count(asciiLower(t->name.name)))
      out.push_back(t->name.span);
    return true;
  });
  return out;
}

SpanList diffSpans(const std::string& sourceSql, const std::string& followUpSql) {
  SpanList out;
  if (followUpSql.empty()) return out;
  auto diff = sql::diffSql(sourceSql, followUpSql);
  if (!diff) return out;
  for (const auto& e : diff->edits) {
    if (e.gold) out.push_back(*e.gold);
  }
  return out;
}

std::set<std::string> symmetricDifference(const std::set<std::string>& a, const std::set<std::string>& b) {
  std::set<std::string> out;
  std::set_symmetric_difference(a.begin(), a.end(), b.begin(), b.end(), std::inserter(out, out.begin()));
  return out;
}

}  // namespace

Finding attributeViolation(const MrRecord& record, const std::string& sourceSql,
                           const std::set<std::string>& sourceLinking) {
  Finding f;
  f.taxonomy = "mr";
  f.category = record.mr;
  f.subcategory = std::string(toString(record.stage));
  f.origin = "mr";
  f.message =
      record.followUp.empty()
          ? formatMessage(FindingMsg::MrViolated, {record.mr, toString(record.relation), record.reason})
          : formatMessage(FindingMsg::MrViolatedFollowUp,
                          {record.mr, toString(record.relation), record.reason, record.followUp});
  auto parsed = sql::parseSelect(sourceSql);
  if (!parsed) return f;
  const sql::SelectStmt& root = *parsed.value();
  SpanList spans;
  if (record.mr == "AROE" || record.mr == "SROE") {
    spans = extremumSpans(root, sourceSql);
  } else if (record.mr == "CRU" || record.mr == "CRE" || record.mr == "CWR") {
    spans = comparisonSpans(root);
  } else if (record.stage == Stage::SchemaLinking) {
    auto changed =
        symmetricDifference(normaliseLinking(sourceLinking), normaliseLinking(record.followUpLinking));
    if (record.relation != Relation::SameLinking || changed.empty())
      changed = normaliseLinking(sourceLinking);
    spans = linkingSpans(root, changed);
  }
  if (spans.empty() && record.stage == Stage::LogicalSynthesis) {
    spans = record.mr == "DR" ? SpanList{} : diffSpans(sourceSql, record.followUpSql);
    if (spans.empty()) spans.push_back(root.span);
  }
  std::sort(spans.begin(), spans.end(), [](const sql::Span& a, const sql::Span& b) {
    return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
  });
  spans.erase(std::unique(spans.begin(), spans.end()), spans.end());
  for (const auto& s : spans) f.spans.push_back(FindingSpan{"pred", s.begin, s.end});
  return f;
}

}  // namespace hs::mr
