#pragma once
// Locating ../shared/data from tests. Tests that need it call HS_REQUIRE_SHARED_DATA(), which
// skips the test with a clear message when the folder is absent (the data is never copied here).
#include <QDir>
#include <QFileInfo>
#include <QString>
#include <QtTest>

#include <string>

namespace hs::test {

// $HALLUSQL_SHARED_DATA, else the path configured at build time.
inline QString sharedDataDir() {
  QByteArray env = qgetenv("HALLUSQL_SHARED_DATA");
  return env.isEmpty() ? QStringLiteral(HALLUSQL_SHARED_DATA) : QString::fromLocal8Bit(env);
}

inline std::string sharedPath(const QString& relative) {
  return QDir(sharedDataDir()).filePath(relative).toStdString();
}

inline bool hasSharedData() {
  return QFileInfo(sharedDataDir() + "/spider/tables.json").exists();
}

// Path of a Spider dev database, e.g. spiderDb("concert_singer").
inline std::string spiderDb(const QString& dbId) {
  return sharedPath("spider/database/" + dbId + "/" + dbId + ".sqlite");
}

}  // namespace hs::test

#define HS_REQUIRE_SHARED_DATA()                                                              \
  do {                                                                                        \
    if (!hs::test::hasSharedData())                                                           \
      QSKIP(qPrintable("../shared/data not found at " + hs::test::sharedDataDir() +           \
                       " (set HALLUSQL_SHARED_DATA); this test needs the Spider/BIRD data")); \
  } while (false)
