#pragma once
// The question box above the editor: a question, optional evidence, Generate and Cancel.
#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;

namespace hs::ui {

class QuestionBar : public QWidget {
  Q_OBJECT
 public:
  explicit QuestionBar(QWidget* parent = nullptr);

  QString question() const;
  QString evidence() const;
  void setQuestion(const QString& question);
  void setBusy(bool busy);
  void setStatus(const QString& text, bool error = false);

 signals:
  void generateRequested(const QString& question, const QString& evidence);
  void cancelRequested();

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();
  void requestGenerate();

  QLineEdit* question_;
  QLineEdit* evidence_;
  QPushButton* generate_;
  QPushButton* cancel_;
  QLabel* status_;
};

}  // namespace hs::ui
