// The Drill-down tab's "Run Drill-down…": the engine's drill-down workflow (runDrilldown) in the
// background with the active LLM profile's client, stored in the session's workspace.
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>

#include <optional>

#include "engine/drilldown/run.h"
#include "engine/drilldown/stats.h"
#include "engine/workspace/drilldown_store.h"
#include "engine/workspace/import/import.h"
#include "widgets/drilldown/drilldown_charts.h"
#include "widgets/drilldown/drilldown_panel.h"
#include "widgets/job_runner.h"
#include "widgets/llm/generation_controller.h"
#include "widgets/session.h"

namespace hs::ui {

namespace {

// The workflow's step names, translated at run time (listed here for lupdate).
[[maybe_unused]] constexpr const char* kRunSteps[] = {
    QT_TRANSLATE_NOOP("hs::ui::DrilldownPanel", "Sub-questions (Prompt 1)"),
    QT_TRANSLATE_NOOP("hs::ui::DrilldownPanel", "Per-step SQL (Prompt 2)"),
    QT_TRANSLATE_NOOP("hs::ui::DrilldownPanel", "Executing and annotating the steps")};

struct RunDone {
  QString error;  // the whole run failed (cases unreadable, templates missing)
  drilldown::RunResult result;
  drilldown::Statistics stats;
  QString stored;  // "" or the workspace message
  qint64 runId = 0;
};

QString qs(const std::string& s) {
  return QString::fromStdString(s);
}

}  // namespace

void DrilldownPanel::attach(SessionManager* sessions, GenerationController* llm) {
  sessions_ = sessions;
  llm_ = llm;
  run_->setEnabled(llm_ != nullptr && !runner_->isBusy());
  if (!sessions_) return;
  connect(sessions_, &SessionManager::changed, this,
          [this](const Session& now, const SessionManager::Change&) { onSessionChanged(now); });
  onSessionChanged(sessions_->current());
}

void DrilldownPanel::onSessionChanged(const Session& now) {
  // A Spider/BIRD layout keeps each database in db_root/db_id/db_id.sqlite: offer that root.
  if (now.hasDatabase() && lastRequest_.dbRoot.isEmpty())
    lastRequest_.dbRoot = QFileInfo(QFileInfo(now.databasePath()).absolutePath()).absolutePath();
  charts_->setWorkspace(now.workspacePath());
  // Another workspace: the run shown was the previous one's; its newest stored run comes instead.
  if (now.workspacePath() != workspace_) {
    workspace_ = now.workspacePath();
    if (runner_->isBusy()) return;  // a run in progress shows its own rows when it ends
    clearRows();
    if (!workspace_.isEmpty()) openWorkspaceRun(workspace_);
  }
}

void DrilldownPanel::openWorkspaceRun(const QString& workspacePath) {
  // The list of runs is one small query (as the charts' run list); the steps are read in the
  // background, and only when there is a drill-down run.
  std::optional<ws::RunRecord> newest;  // runs come oldest first
  {
    auto w = ws::Workspace::open(workspacePath.toStdString());
    auto runs = w ? w->runs() : Result<std::vector<ws::RunRecord>>(w.error());
    if (!runs) {
      status_->setText(tr("Cannot read the workspace's drill-down run: %1").arg(qs(runs.error().describe())));
      return;
    }
    for (const auto& r : runs.value())
      if (ws::isDrilldownRun(r)) newest = r;
  }
  if (!newest) return;  // nothing stored: the empty state stays
  struct Stored {
    QString error;
    std::vector<drilldown::StepOutcome> rows;
    drilldown::Statistics stats;
  };
  const std::string path = workspacePath.toStdString();
  const std::int64_t runId = newest->id;
  const QString name = qs(newest->info.name);
  QPointer<DrilldownPanel> self(this);
  runner_->start<std::shared_ptr<Stored>>(
      tr("Reading the drill-down run"),
      [path, runId](JobContext&) {
        auto out = std::make_shared<Stored>();
        auto w = ws::Workspace::open(path);
        auto rows =
            w ? ws::loadDrilldownRun(w.value(), runId) : Result<std::vector<ws::DrilldownStepRow>>(w.error());
        if (!rows) {
          out->error = qs(rows.error().describe());
          return out;
        }
        out->rows = std::move(rows.value());
        out->stats = drilldown::computeStatistics(out->rows);
        return out;
      },
      [self, workspacePath, name](std::shared_ptr<Stored> s) {
        if (!self || self->workspace_ != workspacePath) return;  // another workspace since
        if (!s->error.isEmpty()) {
          self->status_->setText(tr("Cannot read the workspace's drill-down run: %1").arg(s->error));
          return;
        }
        self->showRows(std::move(s->rows), std::move(s->stats));
        self->status_->setText(tr("Run \"%1\" from the workspace: %2").arg(name, self->sizeText()));
      });
}

void DrilldownPanel::runWithDialog() {
  DrilldownRunDialog dialog(lastRequest_, this);
  if (dialog.exec() != QDialog::Accepted) return;
  startRun(dialog.request());
}

bool DrilldownPanel::startRun(const DrilldownRunRequest& request) {
  if (!llm_ || runner_->isBusy()) return false;
  lastRequest_ = request;
  const QString workspace = sessions_ ? sessions_->current().workspacePath() : QString();
  status_->setText(tr("Connecting to the model…"));
  QPointer<DrilldownPanel> self(this);
  llm_->withClient([self, request, workspace](std::shared_ptr<llm::Client> client, QString error) {
    if (!self) return;
    if (!client) {
      self->status_->setText(tr("Cannot run the drill-down: %1").arg(error));
      return;
    }
    self->startRunWithClient(request, workspace, std::move(client));
  });
  return true;
}

void DrilldownPanel::startRunWithClient(const DrilldownRunRequest& request, const QString& workspacePath,
                                        std::shared_ptr<llm::Client> client) {
  workflow::CancelToken cancel;
  auto work = [client, request, workspacePath, cancel](JobContext& ctx) {
    auto out = std::make_shared<RunDone>();
    ctx.setProgress(0, 0, tr("Reading the cases…"));
    ws::import::ImportOptions io;
    io.casesPath = request.casesPath.toStdString();
    io.model = client->profile().model;
    if (auto format = ws::import::formatFromString(request.format.toStdString())) io.format = *format;
    auto report = ws::import::importCases(io);
    if (report.cases.empty()) {
      out->error = report.errors.empty() ? tr("No cases in %1").arg(request.casesPath)
                                         : qs(report.errors.front().describe());
      return out;
    }
    std::vector<Case> cases = std::move(report.cases);
    if (request.limit > 0 && cases.size() > std::size_t(request.limit))
      cases.resize(std::size_t(request.limit));
    drilldown::RunOptions options;
    options.dbRoot = request.dbRoot.toStdString();
    options.modes = request.history == QLatin1String("both")
                        ? std::vector{drilldown::History::Off, drilldown::History::On}
                    : request.history == QLatin1String("on") ? std::vector{drilldown::History::On}
                                                             : std::vector{drilldown::History::Off};
    options.evalJobs = 2;
    options.cancel = cancel;
    options.progress = [&ctx](const workflow::Progress& p) {
      ctx.setProgress(int(p.done), int(p.total), tr(p.step.c_str()));
    };
    auto result = drilldown::runDrilldown(*client, cases, options);
    if (!result) {
      out->error = qs(result.error().describe());
      return out;
    }
    out->result = std::move(result.value());
    out->stats = drilldown::computeStatistics(out->result.rows);
    if (!workspacePath.isEmpty() && !out->result.cancelled && !out->result.rows.empty()) {
      auto w = ws::Workspace::open(workspacePath.toStdString());
      auto id = w ? ws::saveDrilldownRun(w.value(), "drilldown " + client->profile().model,
                                         request.casesPath.toStdString(), out->result.rows)
                  : Result<std::int64_t>(w.error());
      if (id) {
        out->runId = id.value();
        out->stored = tr("stored in the workspace as run %1").arg(id.value());
      } else {
        out->stored = tr("not stored: %1").arg(qs(id.error().describe()));
      }
    }
    return out;
  };
  QPointer<DrilldownPanel> self(this);
  auto done = [self](std::shared_ptr<RunDone> d) {
    if (!self) return;
    if (!d->error.isEmpty()) {
      self->status_->setText(tr("The drill-down failed: %1").arg(d->error));
      return;
    }
    const auto& r = d->result;
    const QString steps = tr("%n step(s)", nullptr, int(r.rows.size()));
    QString text =
        (r.cancelled ? tr("Cancelled: %1 done") : tr("Drill-down done: %1")).arg(steps) +
        QStringLiteral(", ") + tr("%n case(s)", nullptr, int(r.cases)) +
        tr(", %1 skipped, %2 LLM calls (%3 from the cache)").arg(r.skipped).arg(r.llmCalls).arg(r.cacheHits);
    if (!d->stored.isEmpty()) text += QStringLiteral("; ") + d->stored;
    self->showRows(std::move(d->result.rows), std::move(d->stats));
    self->status_->setText(text);
  };
  runner_->start<std::shared_ptr<RunDone>>(tr("Running the drill-down"), work, done,
                                           [cancel] { cancel.cancel(); });
}

}  // namespace hs::ui
