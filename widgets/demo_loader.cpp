#include "widgets/demo_loader.h"

#include <QCoreApplication>

#include "engine/workspace/demo.h"

namespace hs::ui {

QString demoSampleQuery() {
  return QStringLiteral(
      "-- Students and their pets (the running example of seed 000)\n"
      "SELECT s.first_name, s.last_name, s.age, s.major, p.pet_name, p.pet_type, p.weight_kg\n"
      "FROM students AS s\n"
      "JOIN has_pet AS h ON h.student_id = s.student_id\n"
      "JOIN pets AS p ON p.pet_id = h.pet_id\n"
      "ORDER BY s.last_name, p.pet_name;\n");
}

DemoFiles prepareDemo(const QString& directory) {
  DemoFiles out;
  out.sampleQuery = demoSampleQuery();
  const std::string dir = directory.isEmpty() ? hs::ws::defaultDemoDir() : directory.toStdString();
  out.directory = QString::fromStdString(dir);
  auto demo = hs::ws::createDemo(dir);
  if (!demo.ok()) {
    out.error = QCoreApplication::translate("hs::ui::DemoLoader", "%1 (in %2)")
                    .arg(QString::fromStdString(demo.error().message), out.directory);
    return out;
  }
  out.database = QString::fromStdString(demo->databasePath);
  out.workspace = QString::fromStdString(demo->workspacePath);
  return out;
}

}  // namespace hs::ui
