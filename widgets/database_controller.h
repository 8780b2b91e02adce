#pragma once
// Opens a database (read-only, off the UI thread), keeps it and its schema, and remembers
// recent files. Errors (missing, not SQLite, locked, corrupt, unreadable) come back as a message.
#include <QObject>
#include <QString>

#include <memory>

#include "engine/db/database.h"

namespace hs::ui {

class JobRunner;

class DatabaseController : public QObject {
  Q_OBJECT
 public:
  explicit DatabaseController(JobRunner* runner, QObject* parent = nullptr);

  // Starts opening `path` (cancelling a running job first). Emits opened() or failed().
  void open(const QString& path);
  void close();

  bool isOpen() const { return db_ != nullptr; }
  std::shared_ptr<hs::db::Database> database() const { return db_; }
  const hs::db::Schema& schema() const { return schema_; }
  QString path() const { return path_; }

 signals:
  void opened(const QString& path);
  void failed(const QString& path, const QString& message);
  void closed();

 private:
  JobRunner* runner_;
  std::shared_ptr<hs::db::Database> db_;
  hs::db::Schema schema_;
  QString path_;
};

}  // namespace hs::ui
