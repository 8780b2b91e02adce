#pragma once
// Import a benchmark run: the cases file, its format (automatic or one of the six), the Spider /
// BIRD prediction file, the CSV column mapping (one combo per field, filled from the header), the
// database folder, run name and model. Shows the first cases as the importer reads them and its
// errors with file and line; Import stays disabled while nothing valid was read.
#include <QDialog>
#include <QFutureWatcher>

#include <map>

#include "widgets/review/import_preview.h"

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QTableWidget;
class QTimer;

namespace hs::ui {

class ImportDialog : public QDialog {
  Q_OBJECT
 public:
  static constexpr int kPreviewRows = 50;

  explicit ImportDialog(QWidget* parent = nullptr);
  ~ImportDialog() override;

  void setCasesFile(const QString& path);
  void setPredictionFile(const QString& path);
  void setFormat(hs::ws::import::Format format);
  void setDatabaseRoot(const QString& dir);
  void setRunName(const QString& name);
  void setModel(const QString& model);
  // The CSV header column mapped to a field (e.g. "question"); "" = not mapped.
  void setCsvColumn(const QString& field, const QString& column);

  hs::ws::import::ImportOptions options() const;
  QString databaseRoot() const;
  QString runName() const;
  QString model() const;
  bool evaluateAfterImport() const;
  // The cases as last read (valid when the preview is not pending).
  const hs::ws::import::ImportReport& report() const { return preview_.report; }
  hs::ws::import::ImportReport takeReport();

  bool isPreviewPending() const;
  bool waitForPreview(int timeoutMs);  // for tests
  QTableWidget* previewTable() const { return table_; }
  QListWidget* problemList() const { return problems_; }
  QLabel* summaryLabel() const { return summary_; }
  // The warning shown when a file looks like it belongs in the other field ("" when none).
  QString fieldHint() const;
  bool canImport() const;

 signals:
  void previewUpdated();

 private:
  void schedulePreview();
  void startPreview();
  void showPreview();
  void updateFormatWidgets();
  void fillCsvCombos(const QStringList& header);
  QString browseFile(const QString& title, const QString& filter);
  void updateFieldHint();  // import_dialog_hints.cpp
  void updateNames();      // run name and model from the files, unless the user typed them

  QLineEdit* file_;
  QComboBox* format_;
  QLabel* predLabel_;
  QLineEdit* pred_;
  QWidget* predRow_;
  QGroupBox* csvBox_;
  std::map<QString, QComboBox*> csv_;  // field -> combo
  QLineEdit* dbRoot_;
  QLineEdit* runName_;
  QLineEdit* model_;
  QCheckBox* evaluate_;
  QLabel* summary_;
  QLabel* fieldHint_;
  QTableWidget* table_;
  QListWidget* problems_;
  QDialogButtonBox* buttons_;
  QTimer* debounce_;
  QFutureWatcher<ImportPreview> watcher_;
  ImportPreview preview_;
  QStringList csvHeader_;
  bool rerun_ = false;
  bool fresh_ = false;  // the watcher holds a result not shown yet
  bool runNameEdited_ = false;
  bool modelEdited_ = false;
};

}  // namespace hs::ui
