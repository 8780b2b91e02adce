#include "widgets/startup.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDialog>
#include <QDir>
#include <QFileInfo>
#include <QIcon>
#include <QTabWidget>
#include <QTimer>

#include <cstdio>
#include <cstring>
#include <memory>

#include "engine/core/temp_files.h"
#include "widgets/app_settings.h"
#include "widgets/drilldown/drilldown_panel.h"
#include "widgets/language_controller.h"
#include "widgets/llm/generation_controller.h"
#include "widgets/llm/llm_controller.h"
#include "widgets/llm/question_bar.h"
#include "widgets/main_window.h"
#include "widgets/review/case_view.h"
#include "widgets/review/case_view_host.h"
#include "widgets/review/review_controller.h"
#include "widgets/review/review_panel.h"
#include "widgets/review/review_team_actions.h"

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

// Shows a tab of the case view on the Review tab: findings, edits, results or plan.
void showCaseTab(MainWindow* window, const QString& name) {
  static const QStringList kTabs{QStringLiteral("findings"), QStringLiteral("edits"),
                                 QStringLiteral("results"), QStringLiteral("plan")};
  CaseViewHost* host = window->review()->panel()->caseView();
  const int index = kTabs.indexOf(name);
  if (!host || !host->caseView() || index < 0) {
    std::fprintf(stderr, "--case-tab: no tab '%s' (findings, edits, results, plan)\n", qPrintable(name));
    return;
  }
  host->caseView()->tabs()->setCurrentIndex(index);  // the case view's tab order
}

// Waits for the initial load (when one was started) and, on the Review tab, for the evaluation
// of the shown run; then selects case N (when asked) and saves the screenshot.
// `asked`: false until the question given with --ask is answered (or abstained on). With
// `adjudicate`, the adjudication dialog is opened and saved instead of the window; `caseTab` shows
// that tab of the case view.
void scheduleScreenshot(MainWindow* window, const QString& file, bool waitForLoad, int caseNumber,
                        std::shared_ptr<bool> asked, bool adjudicate, const QString& caseTab) {
  auto loaded = std::make_shared<bool>(!waitForLoad);
  auto tryShoot = [window, file, loaded, caseNumber, asked, adjudicate, caseTab]() {
    if (!*loaded || !*asked || !window->review()->isSettled()) return;
    if (caseNumber > 0 && !window->review()->panel()->selectCaseNumber(caseNumber))
      std::fprintf(stderr, "no case number %d in the review list\n", caseNumber);
    if (!caseTab.isEmpty()) showCaseTab(window, caseTab);
    QWidget* target = window;
    if (adjudicate) {
      if (QDialog* dialog = window->review()->team()->openAdjudication())
        target = dialog;
      else
        std::fprintf(stderr, "no run to adjudicate\n");
    }
    saveScreenshot(target, file);
  };
  QObject::connect(window, &MainWindow::initialLoadFinished, window, [loaded, tryShoot]() {
    *loaded = true;
    tryShoot();
  });
  QObject::connect(window->review(), &ReviewController::settled, window, tryShoot);
  QObject::connect(window->llm()->generation(), &GenerationController::finished, window, [asked, tryShoot]() {
    *asked = true;
    tryShoot();
  });
  QTimer::singleShot(500, window, tryShoot);
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

  const int reviewCase = parser.isSet(caseNumber) ? parser.value(caseNumber).toInt() : 0;
  if (parser.isSet(workspace) && !window.review()->openWorkspace(parser.value(workspace)))
    std::fprintf(stderr, "could not open the workspace %s\n", qPrintable(parser.value(workspace)));
  if (parser.isSet(review) || parser.isSet(workspace) || reviewCase > 0) window.showReview();
  const QString tab = parser.value(caseTab);
  if (reviewCase > 0 && !screenshot) {
    QObject::connect(window.review(), &ReviewController::settled, &window,
                     [&window, reviewCase]() { window.review()->panel()->selectCaseNumber(reviewCase); });
    QTimer::singleShot(0, &window,
                       [&window, reviewCase]() { window.review()->panel()->selectCaseNumber(reviewCase); });
  }
  if (!tab.isEmpty() && !screenshot)
    QTimer::singleShot(0, &window, [&window, tab]() { showCaseTab(&window, tab); });

  if (parser.isSet(charts))
    if (auto* drilldown = window.findChild<DrilldownPanel*>()) drilldown->showFindingsChart();

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
  auto asked = std::make_shared<bool>(!(parser.isSet(ask) && loading));
  if (parser.isSet(ask) && loading) {
    const QString question = parser.value(ask);
    QObject::connect(&window, &MainWindow::initialLoadFinished, &window, [&window, question](bool) {
      QuestionBar* bar = window.llm()->questionBar();
      bar->setQuestion(question);
      emit bar->generateRequested(question, {});
    });
  }
  if (parser.isSet(adjudicate) && !screenshot)
    QTimer::singleShot(0, &window, [&window]() { window.review()->team()->openAdjudication(); });
  if (screenshot)
    scheduleScreenshot(&window, parser.value(shot), loading, reviewCase, asked, parser.isSet(adjudicate),
                       tab);
  return QApplication::exec();
}

}  // namespace hs::ui
