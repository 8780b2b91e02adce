#pragma once
// The bundled demo: creates the demo workspace and database on first use (hs::ws::createDemo)
// and names the sample query the GUI runs on it.
#include <QString>

namespace hs::ui {

struct DemoFiles {
  QString directory;
  QString database;   // demo.sqlite
  QString workspace;  // demo.hallusql
  QString sampleQuery;
  QString error;  // non-empty when the demo could not be created
};

// `directory` empty: $XDG_DATA_HOME/hallusql/demo (the engine's default).
DemoFiles prepareDemo(const QString& directory = {});
QString demoSampleQuery();

}  // namespace hs::ui
