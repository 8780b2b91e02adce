#pragma once
// File ▸ Export Report…: the options of `hallusql-cli report` (run, format html|pdf|csv|jsonl,
// output file; the language follows the interface), written in the background through the same
// engine workflow the CLI calls (hs::report::writeReport), with progress and Cancel. When done the
// file can be opened or shown in its folder.
#include <QDialog>
#include <QString>

namespace hs::report {
enum class ReportFormat;
enum class Language;
}  // namespace hs::report

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;

namespace hs::ui {

class JobRunner;

class ReportDialog : public QDialog {
  Q_OBJECT
 public:
  ReportDialog(const QString& workspacePath, qint64 runId, QWidget* parent = nullptr);
  ~ReportDialog() override;

  QComboBox* runCombo() const { return runs_; }
  QComboBox* formatCombo() const { return format_; }
  QLineEdit* outputEdit() const { return out_; }
  QCheckBox* openWhenDoneBox() const { return openWhenDone_; }
  QPushButton* exportButton() const { return export_; }
  QProgressBar* progressBar() const { return progress_; }
  JobRunner* runner() const { return runner_; }
  QString statusText() const;
  QString writtenPath() const { return written_; }  // "" until a report was written
  QString lastError() const { return error_; }

  static hs::report::Language reportLanguage();  // follows the interface language

 public slots:
  bool startExport();   // false when the options are incomplete or a job runs
  void openResult();    // opens the written file with the desktop's application
  void revealResult();  // opens the folder that holds it

 signals:
  void exported(bool ok);

 protected:
  void reject() override;  // Cancel/Esc: cancels a running export first

 private:
  void updateSuggestedPath();
  void setBusy(bool busy);

  QString workspacePath_;
  JobRunner* runner_;
  QComboBox* runs_;
  QComboBox* format_;
  QLineEdit* out_;
  QLabel* language_;
  QCheckBox* openWhenDone_;
  QProgressBar* progress_;
  QLabel* status_;
  QPushButton* export_;
  QPushButton* open_;
  QPushButton* reveal_;
  QPushButton* close_;
  QString written_;
  QString error_;
  QString suggested_;  // the last path proposed (replaced when the run or format changes)
};

}  // namespace hs::ui
