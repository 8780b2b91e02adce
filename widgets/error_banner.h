#pragma once
// An inline banner above the editor for problems that need no dialog (a file that would not
// open, a failed job): a message, an icon and a close button. Never modal.
#include <QFrame>

class QLabel;
class QToolButton;

namespace hs::ui {

class ErrorBanner : public QFrame {
  Q_OBJECT
 public:
  explicit ErrorBanner(QWidget* parent = nullptr);

  void showMessage(const QString& title, const QString& detail);
  QString text() const;  // title and detail, for tests
  void retranslate();

 protected:
  void changeEvent(QEvent* event) override;

 private:
  QLabel* icon_;
  QLabel* label_;
  QToolButton* close_;
  QString title_;
  QString detail_;
};

}  // namespace hs::ui
