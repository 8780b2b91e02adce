#pragma once
// Puts the follow-up explorer into the shell: a "Follow-ups" dock next to the results, fed by the
// question bar, the session's database and the editor's SQL; when a run finishes, the violated
// MRs' findings become spans in the main editor (indicator "finding-mr") and the case's verdict
// (flagged, consistent, could not check) shows in the status bar and on the question bar's own
// verdict line. A new database resets the explorer and drops a run still going.
namespace hs::ui {

class FollowUpExplorer;
class LlmController;
class Shell;

// `llm` (may be null) lends its question bar and its LLM call store.
FollowUpExplorer* installFollowUpExplorer(Shell& shell, LlmController* llm);

}  // namespace hs::ui
