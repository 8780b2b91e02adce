#include "widgets/startup.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QIcon>
#include <QTimer>

#include <cstdio>

#include "widgets/app_settings.h"
#include "widgets/language_controller.h"
#include "widgets/main_window.h"

namespace hs::ui {

namespace {
// Saves a picture of the window once the initial load is done (or after a safety timeout).
void scheduleScreenshot(MainWindow* window, const QString& file, bool waitForLoad) {
  auto shoot = [window, file]() {
    static bool done = false;
    if (done) return;
    done = true;
    // Let layouts and the grid settle, then grab.
    QTimer::singleShot(400, window, [window, file]() {
      QDir().mkpath(QFileInfo(file).absolutePath());
      const bool ok = window->grab().save(file, "PNG");
      std::fprintf(stderr, ok ? "screenshot saved: %s\n" : "could not save screenshot: %s\n",
                   qPrintable(file));
      QCoreApplication::exit(ok ? 0 : 1);
    });
  };
  if (waitForLoad)
    QObject::connect(window, &MainWindow::initialLoadFinished, window, shoot);
  else
    QTimer::singleShot(500, window, shoot);
  QTimer::singleShot(60000, window, shoot);  // never hang
}
}  // namespace

int runGui(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("HalluSQL"));
  QApplication::setApplicationName(QStringLiteral("HalluSQL"));
  QApplication::setApplicationVersion(QStringLiteral(HALLUSQL_VERSION));
  QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/hallusql.svg")));

  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral("HalluSQL: catch hallucinations in LLM-written SQL"));
  parser.addHelpOption();
  parser.addVersionOption();
  QCommandLineOption lang(QStringLiteral("lang"), QStringLiteral("User interface language: en or zh_CN."),
                          QStringLiteral("language"));
  QCommandLineOption demo(QStringLiteral("demo"),
                          QStringLiteral("Open the demo workspace and run its sample query."));
  QCommandLineOption shot(QStringLiteral("screenshot"),
                          QStringLiteral("Save a PNG of the main window after loading, then exit."),
                          QStringLiteral("file"));
  parser.addOptions({lang, demo, shot});
  parser.addPositionalArgument(QStringLiteral("database"), QStringLiteral("A SQLite database to open."));
  parser.process(app);

  LanguageController language;
  const QString requested = parser.isSet(lang) ? parser.value(lang) : AppSettings::language();
  if (!language.setLanguage(requested) && parser.isSet(lang))
    std::fprintf(stderr, "no translation for '%s'; using English\n", qPrintable(requested));

  MainWindow window(&language);
  const bool screenshot = parser.isSet(shot);
  if (!screenshot) window.restoreSettings();
  window.show();

  const QStringList positional = parser.positionalArguments();
  bool loading = false;
  if (parser.isSet(demo)) {
    loading = true;
    QTimer::singleShot(0, &window, [&window]() { window.openDemo(); });
  } else if (!positional.isEmpty()) {
    loading = true;
    const QString path = positional.first();
    QTimer::singleShot(0, &window, [&window, path]() { window.openAndRun(path, {}); });
  }
  if (screenshot) scheduleScreenshot(&window, parser.value(shot), loading);
  return QApplication::exec();
}

}  // namespace hs::ui
