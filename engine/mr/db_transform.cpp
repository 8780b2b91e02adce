#include "engine/mr/db_transform.h"

#include <algorithm>
#include <filesystem>

#include "engine/core/sql_quote.h"
#include "engine/db/database.h"
#include "engine/workspace/sqlite_util.h"

namespace hs::mr {
namespace {

std::string joinQuoted(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) {
    if (!out.empty()) out += ", ";
    out += quoteIdentifier(n);
  }
  return out;
}

Error writeError(const std::string& where, const std::string& message) {
  Error e = makeError(ErrorKind::Internal, "transform", message);
  e.where = where;
  return e;
}

std::string createTableSql(const db::TableInfo& t, const SchemaMapping& m) {
  std::string sql = "CREATE TABLE " + quoteIdentifier(m.table(t.name)) + " (";
  std::vector<std::pair<int, std::string>> pk;
  bool first = true;
  for (const auto& c : t.columns) {
    if (!first) sql += ", ";
    first = false;
    sql += quoteIdentifier(m.column(t.name, c.name));
    if (!c.declaredType.empty()) sql += " " + c.declaredType;
    if (c.notNull) sql += " NOT NULL";
    if (c.primaryKey) pk.emplace_back(c.pkPosition, m.column(t.name, c.name));
  }
  if (!pk.empty()) {
    std::sort(pk.begin(), pk.end());
    std::vector<std::string> names;
    for (auto& [pos, name] : pk) names.push_back(name);
    sql += ", PRIMARY KEY (" + joinQuoted(names) + ")";
  }
  for (const auto& fk : t.foreignKeys) {
    std::vector<std::string> from, to;
    for (const auto& c : fk.fromColumns) from.push_back(m.column(t.name, c));
    for (const auto& c : fk.toColumns) to.push_back(m.column(fk.toTable, c));
    sql += ", FOREIGN KEY (" + joinQuoted(from) + ") REFERENCES " + quoteIdentifier(m.table(fk.toTable));
    if (!to.empty()) sql += " (" + joinQuoted(to) + ")";
  }
  return sql + ")";
}

}  // namespace

Result<TransformedDatabase> writeRenamedCopy(const std::string& sourcePath, const std::string& targetPath,
                                             const RenameOptions& options, const std::atomic<bool>* cancel) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(targetPath, ec)) {
    Error e = makeError(ErrorKind::BadInput, "exists", "refusing to overwrite an existing file");
    e.where = targetPath;
    return e;
  }
  auto source = db::Database::openReadOnly(sourcePath);
  if (!source) return source.error();
  auto schema = source.value()->schema();
  if (!schema) return schema.error();

  TransformedDatabase out;
  out.path = targetPath;
  for (const auto& t : schema->tables) {
    if (t.isView) continue;
    out.mapping.addTable(t.name, options.tablePrefix + t.name);
    for (const auto& c : t.columns) out.mapping.addColumn(t.name, c.name, c.name + options.columnSuffix);
  }

  const std::string partPath = targetPath + ".part";
  fs::remove(partPath, ec);
  auto created = ws::OwnedDatabase::createNew(partPath);
  if (!created) return created.error();
  ws::OwnedDatabase target = std::move(created.value());
  auto fail = [&](Error e) -> Result<TransformedDatabase> {
    target.close();
    fs::remove(partPath, ec);
    return e;
  };

  if (auto s = ws::exec(target.handle(), "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; BEGIN", partPath);
      !s) {
    return fail(s.error());
  }
  // Trusted reads of the whole source (not model-written SQL): no time, row, size or value cap.
  db::Limits unlimited{0, 0, 0};
  unlimited.maxMemoryBytes = 0;
  unlimited.maxValueBytes = 0;
  for (const auto& t : schema->tables) {
    if (t.isView) {
      ++out.viewsSkipped;
      continue;
    }
    if (auto s = ws::exec(target.handle(), createTableSql(t, out.mapping), partPath); !s)
      return fail(s.error());
    std::string placeholders;
    for (std::size_t i = 0; i < t.columns.size(); ++i) placeholders += i ? ", ?" : "?";
    std::string insert =
        "INSERT INTO " + quoteIdentifier(out.mapping.table(t.name)) + " VALUES (" + placeholders + ")";
    auto stmt = ws::Statement::prepare(target.handle(), insert, partPath);
    if (!stmt) return fail(stmt.error());
    std::vector<std::string> names;
    for (const auto& c : t.columns) names.push_back(c.name);
    auto cursor = source.value()->openCursor(
        "SELECT " + joinQuoted(names) + " FROM " + quoteIdentifier(t.name), unlimited);
    if (!cursor) return fail(cursor.error());
    while (!cursor.value()->atEnd()) {
      if (cancel && cancel->load())
        return fail(makeError(ErrorKind::Cancelled, "cancelled", "copy cancelled"));
      auto rows = cursor.value()->fetch(2048);
      if (!rows) return fail(rows.error());
      for (const auto& row : rows.value()) {
        stmt->reset();
        for (std::size_t i = 0; i < row.size(); ++i) stmt->bind(static_cast<int>(i + 1), row[i]);
        if (auto s = stmt->run(); !s) {
          Error e = s.error();
          e.message += " copying " + t.name;
          return fail(e);
        }
        ++out.rows;
      }
    }
    ++out.tables;
  }
  if (auto s = ws::exec(target.handle(), "COMMIT", partPath); !s) return fail(s.error());
  target.close();
  fs::rename(partPath, targetPath, ec);
  if (ec) {
    fs::remove(partPath, ec);
    return writeError(targetPath, "cannot move the copy into place");
  }
  return out;
}

}  // namespace hs::mr
