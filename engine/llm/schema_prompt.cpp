#include "engine/llm/schema_prompt.h"

#include <algorithm>
#include <cctype>

#include "engine/core/sql_quote.h"
#include "engine/db/database.h"

namespace hs::llm {

namespace {

// A schema name as the prompt shows it: bare when it is a plain word (the form models read and
// write most), quoted only when it must be (spaces, punctuation, a leading digit).
std::string nameInPrompt(const std::string& name) {
  bool plain = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0]));
  for (char c : name) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) plain = false;
  }
  return plain ? name : quoteIdentifier(name);
}

std::string joinCols(const std::vector<std::string>& cols) {
  std::string out;
  for (const auto& c : cols) out += (out.empty() ? "" : ", ") + nameInPrompt(c);
  return out;
}

std::string literal(const db::Value& v, std::size_t maxBytes) {
  switch (v.type) {
    case db::Value::Type::Text: {
      std::string t = v.bytes;
      bool cut = false;
      if (t.size() > maxBytes) {
        std::size_t n = maxBytes;
        while (n > 0 && (static_cast<unsigned char>(t[n]) & 0xC0) == 0x80) --n;
        t.resize(n);
        cut = true;
      }
      std::string out = "'";
      for (char c : t) {
        if (c == '\n' || c == '\r') c = ' ';
        out += c;
        if (c == '\'') out += '\'';
      }
      return out + (cut ? "...'" : "'");
    }
    case db::Value::Type::Blob:
      return "<blob " + std::to_string(v.bytes.size()) + " bytes>";
    default:
      return v.display();
  }
}

}  // namespace

std::string serialiseSchema(const db::Schema& schema, const SampleFn& samples,
                            const SchemaPromptOptions& options) {
  std::string out;
  for (const auto& t : schema.tables) {
    if (!out.empty()) out += "\n";
    std::string sql = t.sql;
    while (!sql.empty() && (sql.back() == ';' || std::isspace(static_cast<unsigned char>(sql.back()))))
      sql.pop_back();
    if (sql.empty()) {  // no CREATE text (should not happen): rebuild one from the columns
      sql = std::string(t.isView ? "CREATE VIEW " : "CREATE TABLE ") + nameInPrompt(t.name) + " (";
      for (std::size_t i = 0; i < t.columns.size(); ++i) {
        sql += (i ? ", " : "") + nameInPrompt(t.columns[i].name) +
               (t.columns[i].declaredType.empty() ? "" : " " + t.columns[i].declaredType);
      }
      sql += ")";
    }
    out += sql + ";\n";
    std::vector<std::string> pk;
    std::vector<std::pair<int, std::string>> ordered;
    for (const auto& c : t.columns) {
      if (c.primaryKey) ordered.emplace_back(c.pkPosition, c.name);
    }
    std::sort(ordered.begin(), ordered.end());
    for (auto& [p, n] : ordered) pk.push_back(n);
    std::string comment;
    if (!pk.empty()) comment += "Primary key: " + nameInPrompt(t.name) + "(" + joinCols(pk) + ")\n";
    for (const auto& fk : t.foreignKeys) {
      comment += "Foreign key: " + nameInPrompt(t.name) + "(" + joinCols(fk.fromColumns) + ") references " +
                 nameInPrompt(fk.toTable) + (fk.toColumns.empty() ? "" : "(" + joinCols(fk.toColumns) + ")") +
                 "\n";
    }
    if (options.samplesPerColumn > 0 && samples && !t.isView) {
      std::string rows;
      for (const auto& c : t.columns) {
        auto values = samples(t.name, c.name);
        if (values.empty()) continue;
        std::string line;
        for (const auto& v : values) line += (line.empty() ? "" : ", ") + v;
        rows += nameInPrompt(t.name) + "." + nameInPrompt(c.name) + ": " + line + "\n";
      }
      if (!rows.empty()) comment += "Sample values:\n" + rows;
    }
    if (!comment.empty()) {
      // Keep "*/" inside values from closing the comment early.
      std::size_t p = 0;
      while ((p = comment.find("*/", p)) != std::string::npos) comment.replace(p, 2, "* /");
      out += "/*\n" + comment + "*/\n";
    }
  }
  return out;
}

Result<std::string> serialiseSchema(db::Database& database, const SchemaPromptOptions& options) {
  auto schema = database.schema();
  if (!schema) return schema.error();
  db::Limits limits;
  limits.timeoutMs = 2000;
  limits.maxRows = options.samplesPerColumn;
  SampleFn samples = [&](const std::string& table, const std::string& column) {
    std::vector<std::string> out;
    auto values = database.sampleValues(table, column, options.samplesPerColumn, limits);
    if (!values) return out;  // a column that cannot be sampled is listed without values
    for (const auto& v : values.value()) {
      if (!v.isNull()) out.push_back(literal(v, options.maxValueBytes));
    }
    return out;
  };
  return serialiseSchema(schema.value(), samples, options);
}

}  // namespace hs::llm
