#include "widgets/session.h"

namespace hs::ui {

namespace {
quint64 nextId() {
  static quint64 counter = 0;  // sessions are made on the UI thread only
  return ++counter;
}
}  // namespace

Session::Session(QString databasePath, std::shared_ptr<hs::db::Database> database, hs::db::Schema schema,
                 QString workspacePath, QString llmProfile)
    : databasePath_(std::move(databasePath)),
      database_(std::move(database)),
      schema_(std::move(schema)),
      workspacePath_(std::move(workspacePath)),
      llmProfile_(std::move(llmProfile)),
      id_(nextId()) {}

Session Session::withWorkspace(const QString& workspacePath) const {
  return Session(databasePath_, database_, schema_, workspacePath, llmProfile_);
}

Session Session::withLlmProfile(const QString& profile) const {
  return Session(databasePath_, database_, schema_, workspacePath_, profile);
}

Session Session::withoutDatabase() const {
  return Session({}, nullptr, {}, workspacePath_, llmProfile_);
}

SessionManager::SessionManager(QObject* parent) : QObject(parent), current_(std::make_shared<Session>()) {}

void SessionManager::replace(Session next) {
  const std::shared_ptr<const Session> old = current_;
  old->end();
  current_ = std::make_shared<const Session>(std::move(next));
  Change what;
  what.database = old->databasePath() != current_->databasePath() || old->database() != current_->database();
  what.workspace = old->workspacePath() != current_->workspacePath();
  what.llmProfile = old->llmProfile() != current_->llmProfile();
  emit changed(*current_, what);
}

}  // namespace hs::ui
