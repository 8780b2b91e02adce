#include "widgets/startup.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QIcon>
#include <QTimer>

#include <cstdio>
#include <cstring>
#include <memory>

#include "engine/core/temp_files.h"
#include "widgets/app_settings.h"
#include "widgets/language_controller.h"
#include "widgets/main_window.h"
#include "widgets/page.h"

namespace hs::ui {

namespace {
// Saves a picture of the window once the initial load is done (or after a safety timeout).
void saveScreenshot(QWidget* window, const QString& file) {
  static bool done = false;
  if (done) return;
  done = true;
  // Let layouts and the grid settle, then grab.
  QTimer::singleShot(400, window, [window, file]() {
    QDir().mkpath(QFileInfo(file).absolutePath());
    const bool ok = window->grab().save(file, "PNG");
    std::fprintf(stderr, ok ? "screenshot saved: %s\n" : "could not save screenshot: %s\n", qPrintable(file));
    QCoreApplication::exit(ok ? 0 : 1);
  });
}

// Once the start-up options are handed over (`started`), waits until every page and start
// listener is settled (the demo run evaluated, the --ask question answered), lets the pages finish
// (select --case N) and saves the screenshot: of the dialog a page names (--adjudicate), else of
// the window. Settledness is a state of each page, not a signal: the start-up looks every 100 ms.
void scheduleScreenshot(MainWindow* window, const QString& file, const StartOptions& options,
                        std::shared_ptr<bool> started) {
  auto* poll = new QTimer(window);
  poll->setInterval(100);
  QObject::connect(poll, &QTimer::timeout, window, [window, file, options, started, poll]() {
    if (!*started || !window->isSettled()) return;
    poll->stop();
    QWidget* dialog = window->beforeScreenshot(options);
    saveScreenshot(dialog ? dialog : static_cast<QWidget*>(window), file);
  });
  poll->start();
  QTimer::singleShot(120000, window, [window, file]() { saveScreenshot(window, file); });  // never hang
}

// --help and --version print and exit: they need no display, so no QApplication is made for them
// (a QApplication without one aborts before the parser could answer).
bool onlyPrints(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    for (const char* flag : {"--help", "-h", "--help-all", "-?", "--version", "-v"})
      if (std::strcmp(argv[i], flag) == 0) return true;
  return false;
}

}  // namespace

int runGui(int argc, char** argv) {
  std::unique_ptr<QCoreApplication> app = onlyPrints(argc, argv)
                                              ? std::make_unique<QCoreApplication>(argc, argv)
                                              : std::make_unique<QApplication>(argc, argv);
  QCoreApplication::setOrganizationName(QStringLiteral("HalluSQL"));
  QCoreApplication::setApplicationName(QStringLiteral("HalluSQL"));
  QCoreApplication::setApplicationVersion(QStringLiteral(HALLUSQL_VERSION));

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
  QCommandLineOption review(QStringLiteral("review"),
                            QStringLiteral("Open on the Review tab (benchmark runs)."));
  QCommandLineOption caseNumber(
      QStringLiteral("case"),
      QStringLiteral("Select case N (1-based, as numbered in the run) in the Review tab."),
      QStringLiteral("N"));
  QCommandLineOption workspace(QStringLiteral("workspace"),
                               QStringLiteral("Open a HalluSQL workspace (*.hallusql) in the Review tab."),
                               QStringLiteral("file"));
  QCommandLineOption size(QStringLiteral("size"),
                          QStringLiteral("Window size in pixels, e.g. 1366x768 (for screenshots)."),
                          QStringLiteral("WxH"));
  QCommandLineOption charts(
      QStringLiteral("charts"),
      QStringLiteral(
          "Open on the Drill-down tab's Charts view: findings per category of the workspace's review run."));
  QCommandLineOption ask(
      QStringLiteral("ask"),
      QStringLiteral("Put QUESTION in the Query tab's question box and generate once the database is open."),
      QStringLiteral("question"));
  QCommandLineOption adjudicate(
      QStringLiteral("adjudicate"),
      QStringLiteral("Open the adjudication view (cases where reviewers disagree) of the Review tab's run."));
  QCommandLineOption caseTab(
      QStringLiteral("case-tab"),
      QStringLiteral("Show this tab of the Review tab's case view: findings, edits, results or plan."),
      QStringLiteral("tab"));
  parser.addOptions(
      {lang, demo, shot, review, caseNumber, workspace, size, charts, ask, adjudicate, caseTab});
  parser.addPositionalArgument(QStringLiteral("database"), QStringLiteral("A SQLite database to open."));
  parser.process(*app);       // --help and --version exit here
  hs::removeStaleTempDirs();  // temporary copies left by a crashed run (core/temp_files.h)
  QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/hallusql.svg")));

  LanguageController language;
  const QString requested = parser.isSet(lang) ? parser.value(lang) : AppSettings::language();
  if (!language.setLanguage(requested) && parser.isSet(lang))
    std::fprintf(stderr, "no translation for '%s'; using English\n", qPrintable(requested));

  MainWindow window(&language);
  const bool screenshot = parser.isSet(shot);
  if (!screenshot) window.restoreSettings();
  if (parser.isSet(size)) {
    const QStringList wh = parser.value(size).split(QLatin1Char('x'));
    if (wh.size() == 2 && wh[0].toInt() > 0 && wh[1].toInt() > 0)
      window.resize(wh[0].toInt(), wh[1].toInt());
    else
      std::fprintf(stderr, "--size wants WxH, e.g. 1366x768\n");
  }
  window.show();

  StartOptions options;
  options.workspace = parser.value(workspace);
  options.caseNumber = parser.isSet(caseNumber) ? parser.value(caseNumber).toInt() : 0;
  options.review = parser.isSet(review) || !options.workspace.isEmpty() || options.caseNumber > 0;
  options.caseTab = parser.value(caseTab);
  options.charts = parser.isSet(charts);
  options.ask = parser.value(ask);
  options.adjudicate = parser.isSet(adjudicate);
  options.demo = parser.isSet(demo);
  options.screenshot = screenshot;

  // The pages and listeners hear the options once the database or demo given here is open (the
  // question of --ask is about it; a workspace of --workspace is not replaced by the demo's).
  auto started = std::make_shared<bool>(false);
  auto start = [&window, options, started](bool) {
    *started = true;
    window.start(options);
  };
  const QStringList positional = parser.positionalArguments();
  const bool loading = options.demo || !positional.isEmpty();
  if (loading)
    QObject::connect(&window, &MainWindow::initialLoadFinished, &window, start, Qt::SingleShotConnection);
  else
    QTimer::singleShot(0, &window, [start] { start(true); });
  if (options.demo) {
    QTimer::singleShot(0, &window, [&window]() { window.openDemo(); });
  } else if (!positional.isEmpty()) {
    const QString path = positional.first();
    QTimer::singleShot(0, &window, [&window, path]() { window.openAndRun(path, {}); });
  }
  if (screenshot) scheduleScreenshot(&window, parser.value(shot), options, started);
  return QApplication::exec();
}

}  // namespace hs::ui
