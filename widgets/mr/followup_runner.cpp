#include "widgets/mr/followup_runner.h"

#include <QPointer>

#include <atomic>

#include "engine/llm/call_store.h"
#include "engine/llm/client.h"
#include "engine/mr/followup_store.h"
#include "engine/mr/pipeline.h"
#include "engine/workspace/workspace.h"
#include "widgets/job_runner.h"
#include "widgets/llm/endpoint_help.h"
#include "widgets/llm/generation_controller.h"
#include "widgets/llm/key_store.h"

namespace hs::ui {
namespace {

QString qs(const std::string& s) {
  return QString::fromStdString(s);
}

struct DetectWork {
  std::shared_ptr<const hs::mr::DetectResult> result;
  QString error;
  QString saveError;
};

}  // namespace

FollowUpRunner::FollowUpRunner(GenerationController* generation, QObject* parent)
    : QObject(parent), generation_(generation), keys_(new KeyStore(this)), runner_(new JobRunner(this)) {
  connect(runner_, &JobRunner::busyChanged, this, &FollowUpRunner::busyChanged);
  connect(runner_, &JobRunner::progress, this, &FollowUpRunner::progress);
}

FollowUpRunner::~FollowUpRunner() {
  runner_->abandon();
}

bool FollowUpRunner::isBusy() const {
  return runner_->isBusy();
}

void FollowUpRunner::cancel() {
  runner_->cancel();
}

std::shared_ptr<llm::CallStore> FollowUpRunner::store() {
  if (generation_) return generation_->store();
  if (!ownStore_) ownStore_ = std::make_shared<llm::MemoryCallStore>();
  return ownStore_;
}

void FollowUpRunner::start(const FollowUpRequest& request) {
  if (runner_->isBusy()) return;
  const LlmProfile profile = ProfileSettings::active();
  if (!profile.keyInKeychain) {
    startWithKey(request, {});
    return;
  }
  QPointer<FollowUpRunner> self(this);
  keys_->read(qs(profile.endpoint.name), [self, request](QString key, QString error) {
    if (!self) return;
    if (key.isEmpty()) {
      emit self->finished(nullptr,
                          tr("The API key could not be read from the system keychain: %1").arg(error));
      return;
    }
    self->startWithKey(request, key);
  });
}

void FollowUpRunner::startWithKey(const FollowUpRequest& request, const QString& key) {
  const LlmProfile profile = ProfileSettings::active();
  const QString baseUrl = qs(profile.endpoint.baseUrl);
  const QString model = qs(profile.endpoint.model);
  llm::ClientOptions clientOptions;
  clientOptions.profile = profile.endpoint;
  clientOptions.store = store();
  clientOptions.apiKey = key.toStdString();
  auto created = llm::Client::create(std::move(clientOptions));
  if (!created) {
    emit finished(nullptr, explainLlmError(created.error(), baseUrl, model));
    return;
  }
  std::shared_ptr<llm::Client> client = std::move(created.value());

  hs::mr::DetectInput input;
  input.dbPath = request.databasePath.toStdString();
  input.question = request.question.toStdString();
  input.evidence = request.evidence.toStdString();
  if (request.sourceSql && !request.sourceSql->trimmed().isEmpty())
    input.sourceSql = request.sourceSql->trimmed().toStdString();
  std::vector<std::string> mrs;
  for (const QString& m : request.mrs) mrs.push_back(m.toStdString());
  const int earlyStopK = request.earlyStopK;
  auto cancelFlag = std::make_shared<std::atomic<bool>>(false);

  const std::string workspacePath = request.workspacePath.toStdString();
  auto work = [client, cancelFlag, input, mrs, earlyStopK, baseUrl, model, workspacePath](JobContext& ctx) {
    DetectWork w;
    hs::mr::DetectOptions options;
    options.mrs = mrs;
    options.earlyStopK = earlyStopK;
    options.cancel = cancelFlag.get();
    options.params.temperature = 0.0;
    options.progress = [&ctx](const hs::mr::DetectProgress& p) {
      QString text = qs(p.mr.empty() ? p.message : p.mr + ": " + p.message);
      ctx.setProgress(int(p.done), int(p.total), text);
    };
    auto r = hs::mr::detect(input, *client, options);
    if (!r) {
      const ErrorKind kind = r.error().kind;
      if (kind == ErrorKind::Cancelled)
        w.error = tr("Cancelled.");
      else if (kind == ErrorKind::External || kind == ErrorKind::Timeout)
        w.error = explainLlmError(r.error(), baseUrl, model);
      else
        w.error = qs(r.error().describe());
      return w;
    }
    if (!workspacePath.empty()) {  // a connection of this thread
      auto ws = hs::ws::Workspace::open(workspacePath);
      auto saved =
          ws ? hs::mr::saveFollowups(ws.value(), r.value()) : Result<std::vector<std::int64_t>>(ws.error());
      if (!saved) w.saveError = qs(saved.error().describe());
    }
    w.result = std::make_shared<const hs::mr::DetectResult>(std::move(r.value()));
    return w;
  };
  QPointer<FollowUpRunner> self(this);
  auto done = [self](DetectWork w) {
    if (!self) return;
    if (!w.saveError.isEmpty()) emit self->saveFailed(w.saveError);
    emit self->finished(w.result, w.error);
  };
  auto onCancel = [client, cancelFlag]() {
    cancelFlag->store(true);
    client->cancelAll();
  };
  runner_->start<DetectWork>(tr("Detecting hallucinations"), work, done, onCancel);
}

}  // namespace hs::ui
