#include "widgets/app_settings.h"

#include <QFileInfo>
#include <QSettings>

namespace hs::ui {

namespace {
const char* const kRecent = "files/recent";
const char* const kRecentWorkspaces = "files/recentWorkspaces";
constexpr int kMaxRecentWorkspaces = 5;
const char* const kLanguage = "ui/language";
const char* const kTimeout = "limits/timeoutMs";
const char* const kMaxRows = "limits/maxRows";
const char* const kMaxBytes = "limits/maxResultBytes";
const char* const kDisabledChecks = "annotate/disabledChecks";
const char* const kGeometry = "window/geometry";
const char* const kState = "window/state";
}  // namespace

QStringList AppSettings::recentFiles() {
  return QSettings().value(kRecent).toStringList();
}

void AppSettings::addRecentFile(const QString& path) {
  const QString abs = QFileInfo(path).absoluteFilePath();
  QStringList list = recentFiles();
  list.removeAll(abs);
  list.prepend(abs);
  while (list.size() > kMaxRecent) list.removeLast();
  QSettings().setValue(kRecent, list);
}

void AppSettings::removeRecentFile(const QString& path) {
  QStringList list = recentFiles();
  list.removeAll(path);
  QSettings().setValue(kRecent, list);
}

void AppSettings::clearRecentFiles() {
  QSettings().remove(kRecent);
  QSettings().remove(kRecentWorkspaces);
}

QStringList AppSettings::recentWorkspaces() {
  return QSettings().value(kRecentWorkspaces).toStringList();
}

void AppSettings::addRecentWorkspace(const QString& path) {
  const QString abs = QFileInfo(path).absoluteFilePath();
  QStringList list = recentWorkspaces();
  list.removeAll(abs);
  list.prepend(abs);
  while (list.size() > kMaxRecentWorkspaces) list.removeLast();
  QSettings().setValue(kRecentWorkspaces, list);
}

QString AppSettings::language() {
  return QSettings().value(kLanguage).toString();
}

void AppSettings::setLanguage(const QString& language) {
  QSettings().setValue(kLanguage, language);
}

hs::annotate::CheckNames AppSettings::disabledChecks() {
  hs::annotate::CheckNames names;
  // A name a later version dropped must not stop every check: unknown names are skipped.
  for (const QString& name : QSettings().value(kDisabledChecks).toStringList())
    if (hs::annotate::findGoldFreeCategory(name.trimmed().toStdString()))
      names.insert(name.trimmed().toStdString());
  return names;
}

void AppSettings::setDisabledChecks(const QStringList& names) {
  QSettings().setValue(kDisabledChecks, names);
}

hs::db::Limits AppSettings::queryLimits() {
  QSettings s;
  hs::db::Limits l;
  l.timeoutMs = s.value(kTimeout, 30000).toInt();
  l.maxRows = static_cast<std::size_t>(s.value(kMaxRows, 10'000'000ULL).toULongLong());
  l.maxResultBytes = s.value(kMaxBytes, static_cast<qlonglong>(l.maxResultBytes)).toLongLong();
  return l;
}

void AppSettings::setQueryLimits(const hs::db::Limits& limits) {
  QSettings s;
  s.setValue(kTimeout, limits.timeoutMs);
  s.setValue(kMaxRows, static_cast<qulonglong>(limits.maxRows));
  s.setValue(kMaxBytes, static_cast<qlonglong>(limits.maxResultBytes));
}

QByteArray AppSettings::windowGeometry() {
  return QSettings().value(kGeometry).toByteArray();
}

QByteArray AppSettings::windowState() {
  return QSettings().value(kState).toByteArray();
}

void AppSettings::setWindowGeometry(const QByteArray& geometry, const QByteArray& state) {
  QSettings s;
  s.setValue(kGeometry, geometry);
  s.setValue(kState, state);
}

}  // namespace hs::ui
