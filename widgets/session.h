#pragma once
// The session: what the features of the window work on, as one object. One per open database and
// workspace (database, its schema, the workspace file, the active LLM profile, a cancel token).
// The shell replaces it as a whole when the user opens something else: the old session is ended
// (its cancel token fires) and every feature drops what it showed for it (see SessionManager).
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>

#include "engine/db/database.h"

namespace hs::ui {

class Session {
 public:
  Session() = default;  // nothing open
  Session(QString databasePath, std::shared_ptr<hs::db::Database> database, hs::db::Schema schema,
          QString workspacePath, QString llmProfile);

  bool hasDatabase() const { return database_ != nullptr; }
  const QString& databasePath() const { return databasePath_; }
  const std::shared_ptr<hs::db::Database>& database() const { return database_; }
  const hs::db::Schema& schema() const { return schema_; }
  const QString& workspacePath() const { return workspacePath_; }
  const QString& llmProfile() const { return llmProfile_; }
  quint64 id() const { return id_; }  // unique in the process; a job remembers it to drop stale results

  // Set when the session is replaced; background work of this session checks it and stops.
  std::shared_ptr<const std::atomic<bool>> cancelToken() const { return cancelled_; }
  bool isEnded() const { return cancelled_->load(); }
  void end() const { cancelled_->store(true); }

  // Copies with one part changed (a new id and cancel token; the database connection is shared).
  Session withWorkspace(const QString& workspacePath) const;
  Session withLlmProfile(const QString& profile) const;
  Session withoutDatabase() const;

 private:
  QString databasePath_;
  std::shared_ptr<hs::db::Database> database_;
  hs::db::Schema schema_;
  QString workspacePath_;
  QString llmProfile_;
  quint64 id_ = 0;
  std::shared_ptr<std::atomic<bool>> cancelled_ = std::make_shared<std::atomic<bool>>(false);
};

// Holds the current session and announces replacements. Features connect to changed() and clear
// what belonged to the old session; what changed tells them how much (a new workspace keeps the
// SQL of the same database, a new database clears everything).
class SessionManager : public QObject {
  Q_OBJECT
 public:
  explicit SessionManager(QObject* parent = nullptr);

  const Session& current() const { return *current_; }
  std::shared_ptr<const Session> currentShared() const { return current_; }
  // Ends the current session and makes `next` current; emits changed().
  void replace(Session next);
  // True when `id` is the current session (a finished job checks it before showing anything).
  bool isCurrent(quint64 id) const { return current_->id() == id; }

  struct Change {
    bool database = false;   // another database (or none)
    bool workspace = false;  // another workspace file
    bool llmProfile = false;
  };

 signals:
  void changed(const hs::ui::Session& now, const hs::ui::SessionManager::Change& what);

 private:
  std::shared_ptr<const Session> current_;
};

}  // namespace hs::ui
