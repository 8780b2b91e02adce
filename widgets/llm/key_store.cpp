#include "widgets/llm/key_store.h"

#include <qt6keychain/keychain.h>

namespace hs::ui {
namespace {

constexpr auto kService = "HalluSQL";

}  // namespace

void KeyStore::read(const QString& profile, std::function<void(QString, QString)> done) {
  auto* job = new QKeychain::ReadPasswordJob(kService, this);
  job->setKey(profile);
  connect(job, &QKeychain::Job::finished, this, [job, done = std::move(done)]() {
    if (job->error() == QKeychain::NoError) {
      done(job->textData(), {});
    } else {
      done({}, job->errorString());
    }
  });
  job->start();
}

void KeyStore::write(const QString& profile, const QString& key, std::function<void(QString)> done) {
  auto* job = new QKeychain::WritePasswordJob(kService, this);
  job->setKey(profile);
  job->setTextData(key);
  connect(job, &QKeychain::Job::finished, this, [job, done = std::move(done)]() {
    done(job->error() == QKeychain::NoError ? QString() : job->errorString());
  });
  job->start();
}

void KeyStore::remove(const QString& profile, std::function<void(QString)> done) {
  auto* job = new QKeychain::DeletePasswordJob(kService, this);
  job->setKey(profile);
  connect(job, &QKeychain::Job::finished, this, [job, done = std::move(done)]() {
    done(job->error() == QKeychain::NoError ? QString() : job->errorString());
  });
  job->start();
}

}  // namespace hs::ui
