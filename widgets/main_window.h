#pragma once
#include <QMainWindow>

namespace hs::ui {

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);
};

}  // namespace hs::ui
