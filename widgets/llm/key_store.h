#pragma once
// API keys in the system keychain (QtKeychain): read, write, delete, asynchronously. Keys live
// only there and in memory; never in QSettings, the workspace, logs or transcripts.
#include <QObject>
#include <QString>

#include <functional>

namespace hs::ui {

class KeyStore : public QObject {
  Q_OBJECT
 public:
  explicit KeyStore(QObject* parent = nullptr) : QObject(parent) {}

  // `done(key, error)`: key is empty with a message in error when it could not be read.
  void read(const QString& profile, std::function<void(QString key, QString error)> done);
  void write(const QString& profile, const QString& key, std::function<void(QString error)> done);
  void remove(const QString& profile, std::function<void(QString error)> done);
};

}  // namespace hs::ui
