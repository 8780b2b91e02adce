#pragma once
// A one-line label that shows as much of its text as its width allows, with "…" where it is cut,
// and the whole text in its tooltip; it never asks for more width than it is given.
#include <QLabel>
#include <QString>

namespace hs::ui {

class ElidingLabel : public QLabel {
  Q_OBJECT
 public:
  explicit ElidingLabel(QWidget* parent = nullptr);
  void setFullText(const QString& text);  // also the tooltip
  QString fullText() const { return full_; }
  QSize minimumSizeHint() const override;
  QSize sizeHint() const override;

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  void elide();
  QString full_;
};

}  // namespace hs::ui
