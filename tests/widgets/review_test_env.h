#pragma once
// Shared set-up of the Review tab's GUI tests: settings and standard paths inside a temporary
// directory, so tests never read or write the user's (e.g. the remembered workspace).
#include <QCoreApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>

namespace hs::test {

inline void isolateSettings(const QTemporaryDir& dir, const char* applicationName) {
  QStandardPaths::setTestModeEnabled(true);
  QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir.filePath("settings"));
  QCoreApplication::setOrganizationName("HalluSQLTest");
  QCoreApplication::setApplicationName(applicationName);
  qputenv("XDG_DATA_HOME", dir.filePath("xdg").toUtf8());  // the demo is made here
}

}  // namespace hs::test
