#include "widgets/main_window.h"

#include <Qsci/qsciscintilla.h>

namespace hs::ui {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  setCentralWidget(new QsciScintilla(this));
  setWindowTitle(tr("HalluSQL"));
}

}  // namespace hs::ui
