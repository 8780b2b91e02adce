#pragma once
// The Drill-down tab as a page of the shell (widgets/page.h); applies the start-up's --charts.
namespace hs::ui {

class Shell;

// Creates the Drill-down page (its panel runs with the shell's session and LLM generation) and
// adds it to the shell.
void registerDrilldownPage(Shell& shell);

}  // namespace hs::ui
