#pragma once
// The GUI's start-up: command line (--lang, --demo, --screenshot FILE, --size WxH, --review, --case N,
// --workspace FILE, --ask QUESTION, a database path), translations, settings, the main window.
// app/gui/main.cpp only calls runGui().
namespace hs::ui {

int runGui(int argc, char** argv);

}  // namespace hs::ui
