#pragma once
// The page door of the shell (Qt Creator's IMode is the model): a tab of the main window that a
// feature registers through Shell::addPage, and the start-up options every page and listener hears.
#include <QIcon>
#include <QString>

class QWidget;

namespace hs::ui {

// What the command line asked for, handed to each page and start listener once the database or
// demo given on the command line is open (at once when none was given).
struct StartOptions {
  bool review = false;  // --review (also implied by --workspace and --case)
  QString workspace;    // --workspace FILE
  int caseNumber = 0;   // --case N (1-based, as numbered in the run); 0: none
  QString caseTab;      // --case-tab findings|edits|results|plan
  bool charts = false;  // --charts
  QString ask;          // --ask QUESTION
  bool adjudicate = false;
  bool demo = false;        // --demo
  bool screenshot = false;  // --screenshot: the start-up grabs the window once all are settled
};

// Hears the start-up: features that are not pages (the question bar's --ask) register one with
// Shell::addStartListener, and every page is one.
class StartListener {
 public:
  virtual ~StartListener() = default;
  virtual void applyStartOptions(const StartOptions& options) { (void)options; }
  // False while work the start-up asked for still runs (an evaluation, a question): a screenshot
  // waits for every listener to be settled.
  virtual bool isSettled() const { return true; }
};

class Page : public StartListener {
 public:
  virtual QString id() const = 0;  // stable, for Shell::showPage ("review", "drilldown")
  // Asked again on every language change: return tr() text.
  virtual QString title() const = 0;
  virtual QIcon icon() const { return {}; }
  // Tab order after the Query tab: the higher, the further left.
  virtual int priority() const = 0;
  virtual QWidget* widget() const = 0;
  // Where the keyboard focus goes when the tab is shown and the focus is not already in it; null:
  // the page's first control.
  virtual QWidget* focusTarget() const { return nullptr; }
  // Just before a start-up screenshot (every listener settled): what needs the page settled (a
  // case selected once the run is evaluated). Returns a window to grab instead of the main
  // window (a dialog), or null.
  virtual QWidget* beforeScreenshot(const StartOptions& options) {
    (void)options;
    return nullptr;
  }
  // The window is closing: stop background work while the widgets still exist.
  virtual void shutdown() {}
};

}  // namespace hs::ui
