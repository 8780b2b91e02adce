#include "widgets/review/import_preview.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include "engine/workspace/import/csv_reader.h"

namespace hs::ui {

namespace imp = hs::ws::import;

QStringList csvHeaderOf(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {};
  QByteArray head = file.read(256 * 1024);
  std::size_t bom = 0;
  if (head.startsWith("\xEF\xBB\xBF")) {
    head.remove(0, 3);
    bom = 3;
  }
  // Only the first record is used; a quoted field cut at the end of the block does not matter.
  const std::string text = head.toStdString();
  auto parsed = imp::parseCsv(text, path.toStdString(), bom);
  if (parsed.records.empty()) return {};
  QStringList out;
  for (const auto& f : parsed.records.front().fields) out << QString::fromStdString(f).trimmed();
  return out;
}

ImportPreview computePreview(const imp::ImportOptions& options, const std::string& dbRoot) {
  ImportPreview p;
  p.report = imp::importCases(options);
  if (!dbRoot.empty()) p.notScored = hs::eval::notScoredCases(p.report.cases, dbRoot);
  imp::Format format = options.format;
  if (format == imp::Format::Auto) format = p.report.format;
  if (format == imp::Format::Csv) p.csvHeader = csvHeaderOf(QString::fromStdString(options.casesPath));
  if (!options.casesPath.empty()) p.casesRole = imp::guessFileRole(options.casesPath);
  if (options.predPath && !options.predPath->empty()) p.predRole = imp::guessFileRole(*options.predPath);
  return p;
}

QString notScoredText(const hs::eval::NotScored& n) {
  QStringList reasons;
  if (n.databaseMissing > 0) {
    // A few names, then how many more: a run over 20 databases must not fill the dialog.
    constexpr std::size_t kShown = 3;
    QStringList names;
    for (std::size_t i = 0; i < n.missingDatabases.size() && i < kShown; ++i)
      names << (n.missingDatabases[i].empty()
                    ? QCoreApplication::translate("hs::ui::ImportPreview", "no db_id")
                    : QString::fromStdString(n.missingDatabases[i]) + QStringLiteral(".sqlite"));
    if (n.missingDatabases.size() > kShown)
      names << QCoreApplication::translate("hs::ui::ImportPreview", "%n more", nullptr,
                                           int(n.missingDatabases.size() - kShown));
    reasons << QCoreApplication::translate("hs::ui::ImportPreview", "database missing for %n (%1)", nullptr,
                                           int(n.databaseMissing))
                   .arg(names.join(QStringLiteral(", ")));
  }
  if (n.noGold > 0)
    reasons << QCoreApplication::translate("hs::ui::ImportPreview", "no gold SQL for %n", nullptr,
                                           int(n.noGold));
  if (reasons.isEmpty()) return {};
  return QCoreApplication::translate("hs::ui::ImportPreview", "%n case(s) not scored: %1", nullptr,
                                     int(n.total()))
      .arg(reasons.join(QStringLiteral("; ")));
}

QString errorLine(const hs::Error& error) {
  hs::Error e = error;
  if (!e.where.empty()) e.where = QFileInfo(QString::fromStdString(e.where)).fileName().toStdString();
  return QString::fromStdString(e.describe());
}

}  // namespace hs::ui
