#include "widgets/review/import_preview.h"

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

ImportPreview computePreview(const imp::ImportOptions& options) {
  ImportPreview p;
  p.report = imp::importCases(options);
  imp::Format format = options.format;
  if (format == imp::Format::Auto) format = p.report.format;
  if (format == imp::Format::Csv) p.csvHeader = csvHeaderOf(QString::fromStdString(options.casesPath));
  if (!options.casesPath.empty()) p.casesRole = imp::guessFileRole(options.casesPath);
  if (options.predPath && !options.predPath->empty()) p.predRole = imp::guessFileRole(*options.predPath);
  return p;
}

QString errorLine(const hs::Error& error) {
  hs::Error e = error;
  if (!e.where.empty()) e.where = QFileInfo(QString::fromStdString(e.where)).fileName().toStdString();
  return QString::fromStdString(e.describe());
}

}  // namespace hs::ui
