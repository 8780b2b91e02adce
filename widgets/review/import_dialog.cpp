#include "widgets/review/import_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace hs::ui {

namespace imp = hs::ws::import;

namespace {

struct CsvField {
  const char* key;
  const char* label;
  std::string imp::CsvMapping::*member;
  const char* alternative;  // tried when the default column is absent
};

const CsvField kCsvFields[] = {
    {"question", QT_TRANSLATE_NOOP("hs::ui::ImportDialog", "Question"), &imp::CsvMapping::question,
     "question"},
    {"pred", QT_TRANSLATE_NOOP("hs::ui::ImportDialog", "Predicted SQL"), &imp::CsvMapping::predSql,
     "pred_sql"},
    {"gold", QT_TRANSLATE_NOOP("hs::ui::ImportDialog", "Gold SQL"), &imp::CsvMapping::goldSql, "gold_sql"},
    {"db", QT_TRANSLATE_NOOP("hs::ui::ImportDialog", "Database"), &imp::CsvMapping::dbId, "db_id"},
    {"id", QT_TRANSLATE_NOOP("hs::ui::ImportDialog", "Case id"), &imp::CsvMapping::id, "id"},
    {"evidence", QT_TRANSLATE_NOOP("hs::ui::ImportDialog", "Evidence"), &imp::CsvMapping::evidence,
     "evidence"},
    {"difficulty", QT_TRANSLATE_NOOP("hs::ui::ImportDialog", "Difficulty"), &imp::CsvMapping::difficulty,
     "difficulty"},
    {"model", QT_TRANSLATE_NOOP("hs::ui::ImportDialog", "Model"), &imp::CsvMapping::model, "model"},
};

QString qs(const std::string& s) {
  return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

QTableWidgetItem* cell(const QString& text) {
  auto* item = new QTableWidgetItem(QString(text).replace(QLatin1Char('\n'), QLatin1Char(' ')));
  item->setToolTip(text);
  return item;
}

// The current format's enum, or Auto.
imp::Format formatAt(const QComboBox* combo) {
  return static_cast<imp::Format>(combo->currentData().toInt());
}

}  // namespace

ImportDialog::ImportDialog(QWidget* parent)
    : QDialog(parent),
      file_(new QLineEdit),
      format_(new QComboBox),
      predLabel_(new QLabel(tr("&Predictions:"))),
      pred_(new QLineEdit),
      predRow_(new QWidget),
      csvBox_(new QGroupBox(tr("CSV columns"))),
      dbRoot_(new QLineEdit),
      runName_(new QLineEdit),
      model_(new QLineEdit),
      evaluate_(new QCheckBox(tr("&Evaluate after import"))),
      summary_(new QLabel),
      fieldHint_(new QLabel),
      table_(new QTableWidget),
      problems_(new QListWidget),
      buttons_(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel)),
      debounce_(new QTimer(this)) {
  setWindowTitle(tr("Import Benchmark Run"));
  resize(980, 720);
  format_->addItem(tr("Automatic"), int(imp::Format::Auto));
  format_->addItem(tr("JSONL (generic)"), int(imp::Format::Jsonl));
  format_->addItem(tr("Spider (gold + predictions)"), int(imp::Format::Spider));
  format_->addItem(tr("BIRD (dev + predict_dev.json)"), int(imp::Format::Bird));
  format_->addItem(tr("CSV with column mapping"), int(imp::Format::Csv));
  format_->addItem(tr("Drill-down JSON"), int(imp::Format::Drilldown));
  format_->addItem(tr("MRSQLGen JSONL (with labels)"), int(imp::Format::MrSqlGen));

  auto row = [this](QLineEdit* edit, const QString& title, bool directory) {
    auto* w = new QWidget;
    auto* h = new QHBoxLayout(w);
    h->setContentsMargins(0, 0, 0, 0);
    h->addWidget(edit, 1);
    auto* browse = new QPushButton(tr("Browse…"));
    h->addWidget(browse);
    connect(browse, &QPushButton::clicked, this, [this, edit, title, directory]() {
      const QString p = directory
                            ? QFileDialog::getExistingDirectory(this, title, edit->text())
                            : browseFile(title, tr("Benchmark files (*.jsonl *.json *.csv *.sql *.txt);;"
                                                   "All files (*)"));
      if (!p.isEmpty()) edit->setText(p);
    });
    return w;
  };
  auto* form = new QFormLayout;
  form->addRow(tr("&Cases file:"), row(file_, tr("Cases File"), false));
  form->addRow(tr("&Format:"), format_);
  auto* predLayout = new QHBoxLayout(predRow_);
  predLayout->setContentsMargins(0, 0, 0, 0);
  predLayout->addWidget(row(pred_, tr("Prediction File"), false));
  predLabel_->setBuddy(pred_);
  form->addRow(predLabel_, predRow_);
  form->addRow(tr("&Database folder:"), row(dbRoot_, tr("Database Folder"), true));
  form->addRow(tr("Run &name:"), runName_);
  form->addRow(tr("&Model:"), model_);
  form->addRow(QString(), evaluate_);
  // The mnemonics of the rows with a Browse button land in their text fields.
  for (QLineEdit* edit : {file_, dbRoot_})
    if (auto* label = qobject_cast<QLabel*>(form->labelForField(edit->parentWidget()))) label->setBuddy(edit);
  evaluate_->setChecked(true);
  pred_->setPlaceholderText(tr("one predicted query per line (Spider) or predict_dev.json (BIRD)"));
  dbRoot_->setPlaceholderText(tr("folder holding <db_id>/<db_id>.sqlite"));
  model_->setPlaceholderText(tr("used when the file does not name the model"));

  auto* grid = new QGridLayout(csvBox_);
  int i = 0;
  for (const CsvField& f : kCsvFields) {
    auto* combo = new QComboBox;
    combo->setObjectName(QStringLiteral("csv_") + QLatin1String(f.key));
    csv_[QLatin1String(f.key)] = combo;
    grid->addWidget(new QLabel(tr(f.label) + QLatin1Char(':')), i / 4, (i % 4) * 2);
    grid->addWidget(combo, i / 4, (i % 4) * 2 + 1);
    connect(combo, &QComboBox::currentIndexChanged, this, &ImportDialog::schedulePreview);
    ++i;
  }

  table_->setColumnCount(5);
  table_->setHorizontalHeaderLabels(
      {tr("Case"), tr("Database"), tr("Question"), tr("Predicted SQL"), tr("Gold SQL")});
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->verticalHeader()->hide();
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->setWordWrap(false);
  table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
  problems_->setObjectName(QStringLiteral("importProblems"));
  problems_->setWordWrap(true);
  auto* split = new QSplitter(Qt::Vertical);
  split->addWidget(table_);
  split->addWidget(problems_);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 1);

  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addWidget(csvBox_);
  layout->addWidget(fieldHint_);
  layout->addWidget(summary_);
  layout->addWidget(split, 1);
  layout->addWidget(buttons_);
  buttons_->button(QDialogButtonBox::Ok)->setText(tr("Import"));
  connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);

  debounce_->setSingleShot(true);
  debounce_->setInterval(250);
  connect(debounce_, &QTimer::timeout, this, &ImportDialog::startPreview);
  connect(&watcher_, &QFutureWatcher<ImportPreview>::finished, this, &ImportDialog::showPreview);
  fieldHint_->setObjectName(QStringLiteral("importFieldHint"));
  fieldHint_->setWordWrap(true);
  fieldHint_->setStyleSheet(
      QStringLiteral("QLabel { background: #fff4e0; color: #7a4100; border: 1px solid #e0b070;"
                     " border-radius: 3px; padding: 6px; }"));
  fieldHint_->hide();
  connect(file_, &QLineEdit::textChanged, this, [this]() {
    updateNames();
    schedulePreview();
  });
  connect(runName_, &QLineEdit::textEdited, this, [this]() { runNameEdited_ = true; });
  connect(model_, &QLineEdit::textEdited, this, [this]() { modelEdited_ = true; });
  connect(pred_, &QLineEdit::textChanged, this, [this]() {
    updateNames();
    schedulePreview();
  });
  connect(model_, &QLineEdit::textChanged, this, [this]() {
    updateNames();
    schedulePreview();
  });
  connect(format_, &QComboBox::currentIndexChanged, this, [this]() {
    updateFormatWidgets();
    schedulePreview();
  });
  // The cases that cannot be scored are counted against the folder: a new folder, a new count.
  connect(dbRoot_, &QLineEdit::textChanged, this, &ImportDialog::schedulePreview);
  updateFormatWidgets();
  showPreview();
}

ImportDialog::~ImportDialog() {
  watcher_.waitForFinished();
}

QString ImportDialog::browseFile(const QString& title, const QString& filter) {
  return QFileDialog::getOpenFileName(this, title, QFileInfo(file_->text()).absolutePath(), filter);
}

void ImportDialog::setCasesFile(const QString& path) {
  file_->setText(path);
}
void ImportDialog::setPredictionFile(const QString& path) {
  pred_->setText(path);
}
void ImportDialog::setDatabaseRoot(const QString& dir) {
  dbRoot_->setText(dir);
}
void ImportDialog::setModel(const QString& model) {
  modelEdited_ = true;
  model_->setText(model);
}

void ImportDialog::setRunName(const QString& name) {
  runNameEdited_ = true;
  runName_->setText(name);
}

void ImportDialog::setFormat(imp::Format format) {
  format_->setCurrentIndex(std::max(0, format_->findData(int(format))));
}

void ImportDialog::setCsvColumn(const QString& field, const QString& column) {
  auto it = csv_.find(field);
  if (it == csv_.end()) return;
  const int i = it->second->findText(column);
  it->second->setCurrentIndex(i < 0 ? 0 : i);
}

QString ImportDialog::databaseRoot() const {
  return dbRoot_->text().trimmed();
}
QString ImportDialog::runName() const {
  const QString n = runName_->text().trimmed();
  return n.isEmpty() ? QFileInfo(file_->text()).completeBaseName() : n;
}
QString ImportDialog::model() const {
  return model_->text().trimmed();
}
bool ImportDialog::evaluateAfterImport() const {
  return evaluate_->isChecked();
}

imp::ImportOptions ImportDialog::options() const {
  imp::ImportOptions o;
  o.casesPath = file_->text().trimmed().toStdString();
  o.format = formatAt(format_);
  if (!pred_->text().trimmed().isEmpty()) o.predPath = pred_->text().trimmed().toStdString();
  o.model = model().toStdString();
  if (!csvHeader_.isEmpty()) {
    for (const CsvField& f : kCsvFields) {
      const QComboBox* combo = csv_.at(QLatin1String(f.key));
      o.csv.*f.member = combo->currentIndex() > 0 ? combo->currentText().toStdString() : std::string();
    }
  }
  return o;
}

void ImportDialog::updateFormatWidgets() {
  const imp::Format f = formatAt(format_);
  const bool pairs = f == imp::Format::Spider || f == imp::Format::Bird || f == imp::Format::Auto;
  pred_->setEnabled(pairs);
  predLabel_->setEnabled(pairs);
  const bool csv =
      f == imp::Format::Csv || (f == imp::Format::Auto && preview_.report.format == imp::Format::Csv);
  csvBox_->setVisible(csv);
}

void ImportDialog::fillCsvCombos(const QStringList& header) {
  if (header == csvHeader_) return;
  csvHeader_ = header;
  const imp::CsvMapping defaults;
  for (const CsvField& f : kCsvFields) {
    QComboBox* combo = csv_.at(QLatin1String(f.key));
    const QSignalBlocker block(combo);
    combo->clear();
    combo->addItem(tr("(not mapped)"));
    combo->addItems(header);
    int pick = 0;
    for (const QString& want : {qs(defaults.*f.member), QString::fromLatin1(f.alternative)}) {
      if (pick > 0 || want.isEmpty()) continue;
      for (int i = 0; i < header.size(); ++i)
        if (header[i].compare(want, Qt::CaseInsensitive) == 0) pick = i + 1;
    }
    combo->setCurrentIndex(pick);
  }
}

void ImportDialog::schedulePreview() {
  debounce_->start();
}

void ImportDialog::startPreview() {
  if (watcher_.isRunning()) {
    rerun_ = true;
    return;
  }
  const imp::ImportOptions opts = options();
  buttons_->button(QDialogButtonBox::Ok)->setEnabled(false);
  if (opts.casesPath.empty()) {
    preview_ = {};
    showPreview();
    return;
  }
  summary_->setText(tr("Reading…"));
  fresh_ = true;
  const std::string root = databaseRoot().toStdString();
  watcher_.setFuture(QtConcurrent::run([opts, root]() { return computePreview(opts, root); }));
}

bool ImportDialog::isPreviewPending() const {
  return debounce_->isActive() || watcher_.isRunning() || rerun_ || fresh_;  // fresh_: not shown yet
}

bool ImportDialog::waitForPreview(int timeoutMs) {
  QElapsedTimer t;
  t.start();
  while (isPreviewPending() && t.elapsed() < timeoutMs)
    QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
  return !isPreviewPending();
}

void ImportDialog::showPreview() {
  if (fresh_ && watcher_.isFinished() && watcher_.future().resultCount() > 0) {
    preview_ = watcher_.result();
    fresh_ = false;
  }
  if (rerun_) {
    rerun_ = false;
    startPreview();
    return;
  }
  const auto& r = preview_.report;
  updateFieldHint();
  if (!preview_.csvHeader.isEmpty()) fillCsvCombos(preview_.csvHeader);
  updateFormatWidgets();
  const int shown = std::min<int>(kPreviewRows, static_cast<int>(r.cases.size()));
  table_->setRowCount(shown);
  for (int i = 0; i < shown; ++i) {
    const hs::Case& c = r.cases[static_cast<std::size_t>(i)];
    table_->setItem(i, 0, cell(qs(c.id)));
    table_->setItem(i, 1, cell(qs(c.dbId)));
    table_->setItem(i, 2, cell(qs(c.question)));
    table_->setItem(i, 3, cell(c.predSql ? qs(*c.predSql) : tr("(no prediction)")));
    table_->setItem(i, 4, cell(c.goldSql ? qs(*c.goldSql) : QString()));
  }
  table_->resizeColumnsToContents();
  for (int c = 0; c < table_->columnCount(); ++c)
    table_->setColumnWidth(c, std::min(table_->columnWidth(c), c == 2 ? 360 : 260));
  problems_->clear();
  for (const auto& e : r.errors) {
    auto* item = new QListWidgetItem(tr("Error: %1").arg(errorLine(e)), problems_);
    item->setToolTip(QString::fromStdString(e.describe()));  // with the full path
    item->setForeground(QColor(0xc6, 0x28, 0x28));
  }
  for (const auto& w : r.warnings) {
    auto* item = new QListWidgetItem(tr("Warning: %1").arg(errorLine(w)), problems_);
    item->setToolTip(QString::fromStdString(w.describe()));
    item->setForeground(QColor(0xb2, 0x5b, 0x00));
  }
  problems_->setVisible(problems_->count() > 0);
  if (file_->text().trimmed().isEmpty())
    summary_->setText(tr("Choose a file to import."));
  else
    summary_->setText(
        tr("%1 read as %2 · %3 · %4%5")
            .arg(tr("%n case(s)", nullptr, int(r.cases.size())), QString::fromLatin1(imp::toString(r.format)),
                 tr("%n warning(s)", nullptr, int(r.warnings.size())),
                 tr("%n error(s)", nullptr, int(r.errors.size())),
                 r.cases.size() > std::size_t(kPreviewRows)
                     ? QStringLiteral(" · ") + tr("showing the first %1").arg(kPreviewRows)
                     : QString()) +
        (preview_.notScored.total() > 0 ? QStringLiteral("\n") + notScoredText(preview_.notScored)
                                        : QString()));
  buttons_->button(QDialogButtonBox::Ok)->setEnabled(canImport());
  emit previewUpdated();
}

bool ImportDialog::canImport() const {
  return !preview_.report.cases.empty() && !isPreviewPending();
}

imp::ImportReport ImportDialog::takeReport() {
  return std::move(preview_.report);
}

}  // namespace hs::ui
