#pragma once
// The LLM log dock's content: the calls of this session above, the selected call's prompt and
// response below.
#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QTableView;

namespace hs::ui {

class LlmLogModel;

class LlmLogPanel : public QWidget {
  Q_OBJECT
 public:
  explicit LlmLogPanel(LlmLogModel* model, QWidget* parent = nullptr);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void showEntry(int row);
  void updateTotals();
  void retranslate();

  LlmLogModel* model_;
  QTableView* table_;
  QPlainTextEdit* prompt_;
  QPlainTextEdit* response_;
  QLabel* totals_;
  QLabel* promptLabel_;
  QLabel* responseLabel_;
};

}  // namespace hs::ui
