#pragma once
// Persistent settings of the GUI (QSettings, organisation "HalluSQL", application "HalluSQL").
#include <QByteArray>
#include <QString>
#include <QStringList>

#include "engine/annotate/check_registry.h"
#include "engine/db/database.h"

namespace hs::ui {

class AppSettings {
 public:
  static constexpr int kMaxRecent = 10;

  static QStringList recentFiles();
  static void addRecentFile(const QString& path);  // most recent first, max kMaxRecent
  static void removeRecentFile(const QString& path);
  static void clearRecentFiles();         // databases and workspaces
  static QStringList recentWorkspaces();  // most recent first, max 5
  static void addRecentWorkspace(const QString& path);

  static QString language();  // "" = system, "en", "zh_CN"
  static void setLanguage(const QString& language);

  static hs::db::Limits queryLimits();
  static void setQueryLimits(const hs::db::Limits& limits);

  // Gold-free checks switched off by category name (key "annotate/disabledChecks", a string list;
  // names the registry does not know are ignored): the Query tab's checks and Review evaluations.
  static hs::annotate::CheckNames disabledChecks();
  static void setDisabledChecks(const QStringList& names);

  static QByteArray windowGeometry();
  static QByteArray windowState();
  static void setWindowGeometry(const QByteArray& geometry, const QByteArray& state);
};

}  // namespace hs::ui
