#include "widgets/database_controller.h"

#include <QFileInfo>

#include "widgets/app_settings.h"
#include "widgets/job_runner.h"

namespace hs::ui {

namespace {
struct Opened {
  std::shared_ptr<hs::db::Database> db;
  hs::db::Schema schema;
  std::optional<hs::Error> error;
};
}  // namespace

DatabaseController::DatabaseController(JobRunner* runner, QObject* parent)
    : QObject(parent), runner_(runner) {}

void DatabaseController::open(const QString& path) {
  const QFileInfo info(path);
  const QString abs = info.absoluteFilePath();
  // Checks that need no engine give the clearest messages.
  if (!info.exists()) {
    emit failed(abs, tr("The file does not exist."));
    return;
  }
  if (info.isDir()) {
    emit failed(abs, tr("This is a folder, not a database file."));
    return;
  }
  if (!info.isReadable()) {
    emit failed(abs, tr("The file cannot be read (permission denied)."));
    return;
  }
  if (runner_->isBusy()) {
    runner_->cancel();
    runner_->waitForIdle(5000);
  }
  const std::string p = abs.toStdString();
  const bool started = runner_->start<Opened>(
      tr("Opening %1").arg(info.fileName()),
      [p](JobContext&) {
        Opened out;
        auto db = hs::db::Database::openReadOnly(p);
        if (!db.ok()) {
          out.error = db.error();
          return out;
        }
        auto schema = db.value()->schema();
        if (!schema.ok()) {
          out.error = schema.error();
          return out;
        }
        out.schema = std::move(schema.value());
        out.db = std::shared_ptr<hs::db::Database>(std::move(db.value()));
        return out;
      },
      [this, abs](Opened r) {
        if (r.error) {
          emit failed(abs, QString::fromStdString(r.error->message));
          return;
        }
        // Replaces the open database without emitting closed(): the shell replaces its session
        // once, on opened().
        db_ = std::move(r.db);
        schema_ = std::move(r.schema);
        path_ = abs;
        AppSettings::addRecentFile(abs);
        emit opened(abs);
      });
  if (!started) emit failed(abs, tr("Another job is still running; try again when it has finished."));
}

void DatabaseController::close() {
  if (!db_) return;
  db_.reset();
  schema_ = {};
  path_.clear();
  emit closed();
}

}  // namespace hs::ui
