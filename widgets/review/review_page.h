#pragma once
// The Review tab as a page of the shell (widgets/page.h): registers the review feature through the
// shell's doors and applies the start-up's --review, --workspace, --case, --case-tab and
// --adjudicate.
namespace hs::ui {

class ReviewController;
class Shell;

// Creates the Review page (its panel, the team actions, the reviewer in the status bar, Help >
// Keyboard Shortcuts) and adds it to the shell. Returns its controller: the window's File menu
// (workspaces, import, report) forwards to it.
ReviewController* registerReviewPage(Shell& shell);

}  // namespace hs::ui
