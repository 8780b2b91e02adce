// HkbLoader: loading the workspace's HKB off the UI thread.
#include "widgets/review/hkb_loader.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>

#include <algorithm>
#include <utility>

#include "engine/mr/hkb_workspace.h"
#include "engine/workspace/workspace.h"
#include "widgets/job_runner.h"

namespace hs::ui {

struct HkbLoader::Loaded {
  int generation = 0;
  std::optional<hs::mr::Hkb> hkb;
  hs::mr::VocabularyCache vocabularies;
  QString error;
};

namespace {

QString qs(const std::string& s) {
  return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

}  // namespace

HkbLoader::HkbLoader(QObject* parent) : QObject(parent), runner_(new JobRunner(this)) {}

HkbLoader::~HkbLoader() {
  runner_->abandon();
}

void HkbLoader::abandon() {
  runner_->abandon();
}

void HkbLoader::reset(const QString& path) {
  ++generation_;
  hkb_.reset();
  vocabularies_ = hs::mr::VocabularyCache();
  path_ = path;
}

bool HkbLoader::isReady() const {
  return hkb_.has_value() && !runner_->isBusy();
}

bool HkbLoader::isLoading() const {
  return runner_->isBusy();
}

int HkbLoader::size() const {
  return hkb_ ? static_cast<int>(hkb_->size()) : -1;
}

bool HkbLoader::waitFor(int timeoutMs) {
  QElapsedTimer t;
  t.start();
  while (!isReady() || reloadPending_) {
    if (t.elapsed() > timeoutMs || path_.isEmpty()) return false;
    runner_->waitForIdle(std::max<int>(1, timeoutMs - static_cast<int>(t.elapsed())));
    QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
  }
  return true;
}

void HkbLoader::load() {
  if (path_.isEmpty()) return;
  if (runner_->isBusy()) {  // one job at a time: load again when this one is done
    reloadPending_ = true;
    return;
  }
  reloadPending_ = false;
  const std::string file = path_.toStdString();
  const int generation = generation_;
  emit status(tr("Loading the knowledge base…"));
  runner_->start<std::shared_ptr<Loaded>>(
      tr("Loading the knowledge base"),
      [file, generation](JobContext&) {
        auto out = std::make_shared<Loaded>();
        out->generation = generation;
        auto ws = hs::ws::Workspace::open(file);  // a connection of this thread
        if (!ws) {
          out->error = qs(ws.error().describe());
          return out;
        }
        auto hkb = hs::mr::loadHkb(*ws, out->vocabularies);
        if (hkb)
          out->hkb = std::move(*hkb);
        else
          out->error = qs(hkb.error().describe());
        return out;
      },
      [this](std::shared_ptr<Loaded> done) { onLoaded(done); });
}

void HkbLoader::onLoaded(const std::shared_ptr<Loaded>& done) {
  if (done->generation == generation_) {
    if (done->hkb) {
      hkb_ = std::move(done->hkb);
      vocabularies_ = std::move(done->vocabularies);
      emit status(QString());
      emit loaded(static_cast<int>(hkb_->size()));
    } else {
      emit status(tr("The knowledge base could not be loaded: %1").arg(done->error));
    }
    emit finished();
  }
  if (reloadPending_ || done->generation != generation_) load();
}

}  // namespace hs::ui
