#pragma once
// The doors of the main window: what a feature (LLM question bar, follow-ups, the Review and
// Drill-down pages, ...) may use to attach itself and to learn what it works on, and the services
// it shares (the session, LLM generation). Features receive a Shell& and never include
// main_window.h, look widgets up by name, edit another widget's layout or hold another feature.
#include <QByteArray>
#include <QString>
#include <Qt>

#include <functional>
#include <vector>

class QAction;
class QObject;
class QDockWidget;
class QWidget;

namespace hs::ui {

class GenerationController;
class Page;
class SessionManager;
class SqlEditor;
class StartListener;

class Shell {
 public:
  enum class DockPlace {
    Left,         // beside the schema
    WithResults,  // a tab next to the results under the editor
  };
  enum class Menu { File, Query, View, Settings, Help };

  virtual ~Shell() = default;

  // The window, as the parent of dialogs and of the feature's own objects.
  virtual QWidget* dialogParent() = 0;
  // The current session and its replacements (connect to SessionManager::changed).
  virtual SessionManager* sessions() const = 0;
  // The Query tab's SQL editor (features put SQL and highlight spans there).
  virtual SqlEditor* editor() const = 0;
  // Runs what the editor says to run, like Query > Run.
  virtual bool runQuery() = 0;
  // Calls `ran` on the UI thread, as long as `context` lives, each time SQL of the editor that
  // the user ran (Query > Run, Ctrl+Enter, or runQuery()) has run without an error: the bytes
  // that ran and the byte offset of their first byte in the editor's text at the start. SQL that
  // failed (the editor marks the error) or was cancelled is not announced, nor are the queries the
  // window runs by itself (e.g. the demo's sample query on start-up).
  using EditorRun = std::function<void(const QByteArray& sql, int editorOffset)>;
  virtual void onEditorRun(QObject* context, EditorRun ran) = 0;
  // Empties the result grid and its row count (e.g. when a new question failed).
  virtual void clearResults() = 0;

  virtual void addDock(QDockWidget* dock, DockPlace place) = 0;  // also listed in View
  virtual void addStatusItem(QWidget* item) = 0;                 // permanent, right side
  virtual void addBarAboveEditor(QWidget* bar) = 0;              // in the Query tab
  virtual void addMenuAction(Menu menu, QAction* action) = 0;
  virtual void addMenuSeparator(Menu menu) = 0;
  virtual void addToolBarWidget(QWidget* widget) = 0;  // right end of the main toolbar

  // A tab after Query, placed by its priority (widgets/page.h). The page lives as long as the
  // window (its owner parents it to dialogParent()); its title follows the language.
  virtual void addPage(Page* page) = 0;
  // Brings the page to the front, the focus on its focusTarget() unless already inside it; false
  // for an unknown id.
  virtual bool showPage(const QString& id) = 0;
  virtual bool isPageShown(const QString& id) const = 0;
  // Hears the start-up options (a page hears them without this).
  virtual void addStartListener(StartListener* listener) = 0;
  // LLM generation with the active profile (question -> SQL, and the client for other workflows):
  // one for the window, so every feature calls the model the same way; null when there is none.
  virtual GenerationController* generation() const = 0;
  // The window's own keys (open, run, tabs, panes, docks...), for a page's shortcut sheet.
  virtual std::vector<QAction*> generalShortcuts() const = 0;
};

}  // namespace hs::ui
