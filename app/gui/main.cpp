#include <QApplication>

#include "widgets/main_window.h"

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  hs::ui::MainWindow w;
  w.show();
  return QApplication::exec();
}
