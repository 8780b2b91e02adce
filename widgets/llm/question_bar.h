#pragma once
// The question box above the editor: a question, optional evidence, Generate and Cancel, the
// status of the last answer (its findings) and, on its own line, the follow-up detection's verdict.
#include <QWidget>

#include <functional>

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
  // A status built from translated texts: `make` runs now and again on a switch of language.
  void setStatus(std::function<QString()> make, bool error);
  // Changes with every setStatus: whoever set the status can tell whether it is still theirs.
  quint64 statusId() const { return statusId_; }
  // The follow-up verdict, shown under the answer's status (never replacing it).
  void setDetectionStatus(const QString& text, bool flagged);
  // Generate is disabled with `reason` as its tooltip when not available (no database open).
  void setAvailable(bool available, const QString& reason);
  // After an abstention that kept the SQL: "Show the SQL" next to the status (revealRequested).
  void setRevealable(bool revealable, const QString& details = {});
  bool isRevealable() const;
  // The placeholder names a table of the open database ("" when none is open).
  void setExampleTable(const QString& table);
  QString placeholderText() const;
  // Empties question, evidence and both status lines (another database was opened).
  void clear();
  QString statusText() const;
  QString detectionText() const;
  bool isGenerateEnabled() const;

 signals:
  void generateRequested(const QString& question, const QString& evidence);
  void cancelRequested();
  void revealRequested();

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();
  void requestGenerate();

  QLineEdit* question_;
  QLineEdit* evidence_;
  QPushButton* generate_;
  QPushButton* cancel_;
  QPushButton* reveal_;
  QLabel* status_;
  QLabel* detection_;
  bool available_ = true;
  bool busy_ = false;
  bool statusIsError_ = false;
  std::function<QString()> statusMaker_;  // rebuilds the status in the language now in use
  quint64 statusId_ = 0;
  QString unavailableReason_;
  QString exampleTable_;
};

}  // namespace hs::ui
