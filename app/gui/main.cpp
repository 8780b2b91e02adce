// hallusql: the GUI. Only main(); the window is composed in widgets/.
#include "widgets/startup.h"

int main(int argc, char** argv) {
  return hs::ui::runGui(argc, argv);
}
