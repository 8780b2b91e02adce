#pragma once
// Helpers for the engine/db tests: build databases through a writable connection of the test's
// own (never through hs::db), copy Spider databases to a temp dir, list a directory.
#include <sqlite3.h>

#include <QDir>
#include <QFile>
#include <QString>
#include <QStringList>

#include <string>

namespace hs::test {

// Creates (or extends) the SQLite file at `path` by running `sql`; returns "" or SQLite's error.
inline std::string execOnFile(const QString& path, const std::string& sql) {
  sqlite3* db = nullptr;
  std::string err;
  if (sqlite3_open(path.toStdString().c_str(), &db) != SQLITE_OK) {
    err = db ? sqlite3_errmsg(db) : "cannot open";
  } else {
    char* msg = nullptr;
    if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &msg) != SQLITE_OK) {
      err = msg ? msg : "error";
      sqlite3_free(msg);
    }
  }
  sqlite3_close(db);
  return err;
}

// A small database with a table, an index, a view, a trigger and some rows.
inline std::string createSampleDb(const QString& path) {
  return execOnFile(path,
                    "CREATE TABLE owner(id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT);"
                    "CREATE TABLE pet(pet_id INTEGER PRIMARY KEY, owner_id INTEGER REFERENCES owner(id),"
                    "  kind TEXT DEFAULT 'dog', weight REAL, photo BLOB);"
                    "CREATE INDEX pet_kind ON pet(kind);"
                    "CREATE VIEW heavy AS SELECT * FROM pet WHERE weight > 10;"
                    "CREATE TRIGGER pet_log AFTER INSERT ON pet BEGIN SELECT 1; END;"
                    "INSERT INTO owner VALUES (1, 'Ann', 'Oslo'), (2, 'Bo', NULL), (3, 'Cy', 'Rome');"
                    "INSERT INTO pet VALUES (1, 1, 'dog', 12.5, x'00ff'), (2, 1, 'cat', 4.0, NULL),"
                    "  (3, 2, 'dog', 30.25, NULL), (4, 3, NULL, NULL, NULL);");
}

// Copies `source` into `dir` and returns the copy's path ("" when the copy failed).
inline QString copyInto(const QString& dir, const std::string& source) {
  QString from = QString::fromStdString(source);
  QString to = QDir(dir).filePath(QFileInfo(from).fileName());
  QFile::remove(to);
  if (!QFile::copy(from, to)) return {};
  QFile::setPermissions(to, QFile::ReadOwner | QFile::WriteOwner);
  return to;
}

inline QStringList entries(const QString& dir) {
  return QDir(dir).entryList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden, QDir::Name);
}

}  // namespace hs::test
