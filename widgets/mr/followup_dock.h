#pragma once
// Puts the follow-up explorer into the main window: a "Follow-ups" dock next to the results, fed
// by the question bar, the open database and the editor's SQL; when a run finishes, the violated
// MRs' findings become spans in the main editor (indicator "finding-mr") and the case's verdict
// shows in the question bar and the status bar.
namespace hs::ui {

class FollowUpExplorer;
class MainWindow;

FollowUpExplorer* installFollowUpExplorer(MainWindow& window);

}  // namespace hs::ui
