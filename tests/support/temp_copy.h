#pragma once
// Helpers for tests that must prove a database is untouched: copy to a temp dir, hash a file.
#include <QByteArray>
#include <QCryptographicHash>
#include <QFile>
#include <QString>

namespace hs::test {

inline QByteArray fileSha256(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  QCryptographicHash h(QCryptographicHash::Sha256);
  h.addData(&f);
  return h.result().toHex();
}

}  // namespace hs::test
