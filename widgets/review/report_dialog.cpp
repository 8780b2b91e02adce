#include "widgets/review/report_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>

#include "engine/report/report_job.h"
#include "engine/workspace/drilldown_store.h"
#include "engine/workspace/workspace.h"
#include "widgets/job_runner.h"
#include "widgets/language_controller.h"

namespace hs::ui {

namespace {

QString qs(const std::string& s) {
  return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

struct ExportResult {
  QString path;
  QString error;
  bool cancelled = false;
  qint64 bytes = 0;
  int cases = 0;
};

// A file name from a run name: letters, digits, '-', '_' and '.' kept, the rest '_'.
QString fileNameOf(const QString& runName) {
  QString name = runName;
  name.replace(QRegularExpression(QStringLiteral("[^\\w.\\-]+")), QStringLiteral("_"));
  name.remove(QRegularExpression(QStringLiteral("^_+|_+$")));
  return name.isEmpty() ? QStringLiteral("report") : name;
}

}  // namespace

hs::report::Language ReportDialog::reportLanguage() {
  return QLocale().language() == QLocale::Chinese ? hs::report::Language::SimplifiedChinese
                                                  : hs::report::Language::English;
}

ReportDialog::ReportDialog(const QString& workspacePath, qint64 runId, QWidget* parent)
    : QDialog(parent),
      workspacePath_(workspacePath),
      runner_(new JobRunner(this)),
      runs_(new QComboBox),
      format_(new QComboBox),
      out_(new QLineEdit),
      language_(new QLabel),
      openWhenDone_(new QCheckBox(tr("Open the report when it is written"))),
      progress_(new QProgressBar),
      status_(new QLabel),
      export_(new QPushButton(tr("Export"))),
      open_(new QPushButton(tr("Open"))),
      reveal_(new QPushButton(tr("Show in Folder"))),
      close_(new QPushButton(tr("Close"))) {
  setObjectName(QStringLiteral("reportDialog"));
  setWindowTitle(tr("Export Report"));
  runs_->setObjectName(QStringLiteral("reportRunCombo"));
  format_->setObjectName(QStringLiteral("reportFormatCombo"));
  out_->setObjectName(QStringLiteral("reportOutputEdit"));
  runs_->setMinimumContentsLength(28);
  if (auto ws = hs::ws::Workspace::open(workspacePath.toStdString())) {
    if (auto runs = ws->runs()) {
      for (const auto& r : *runs) {
        if (hs::ws::isDrilldownRun(r)) continue;  // its steps are no predictions to report
        auto n = ws->caseCount(r.id);
        runs_->addItem(tr("%1 (%n case(s))", nullptr, n ? static_cast<int>(*n) : 0).arg(qs(r.info.name)),
                       QVariant::fromValue(static_cast<qint64>(r.id)));
        runs_->setItemData(runs_->count() - 1, qs(r.info.name), Qt::UserRole + 1);
      }
    }
  }
  const int at = runs_->findData(QVariant::fromValue(runId));
  runs_->setCurrentIndex(at >= 0 ? at : runs_->count() - 1);
  format_->addItem(tr("HTML (one self-contained file, printable)"), QStringLiteral("html"));
  format_->addItem(tr("PDF (printed by Chromium)"), QStringLiteral("pdf"));
  format_->addItem(tr("CSV (one row per case, finding and annotation)"), QStringLiteral("csv"));
  format_->addItem(tr("JSON Lines (one object per case, finding and annotation)"), QStringLiteral("jsonl"));
  language_->setText(tr("%1 (follows the interface language; change it in Settings ▸ Language)")
                         .arg(LanguageController::nativeName(reportLanguage() == hs::report::Language::English
                                                                 ? QStringLiteral("en")
                                                                 : QStringLiteral("zh_CN"))));
  language_->setWordWrap(true);
  openWhenDone_->setChecked(false);

  auto* browse = new QPushButton(tr("Browse…"));
  // Not a default: the dialog gave the first such button the focus, and Return opened a file
  // dialog instead of exporting.
  browse->setAutoDefault(false);
  auto* outRow = new QHBoxLayout;
  outRow->addWidget(out_, 1);
  outRow->addWidget(browse);
  auto* form = new QFormLayout;
  form->addRow(tr("&Run:"), runs_);
  form->addRow(tr("&Format:"), format_);
  auto* saveTo = new QLabel(tr("&Save to:"));
  saveTo->setBuddy(out_);
  form->addRow(saveTo, outRow);
  form->addRow(tr("Language:"), language_);
  form->addRow(QString(), openWhenDone_);

  progress_->setRange(0, 3);
  progress_->setValue(0);
  progress_->setTextVisible(false);
  progress_->hide();
  status_->setWordWrap(true);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  open_->setEnabled(false);
  reveal_->setEnabled(false);
  export_->setDefault(true);
  auto* buttons = new QDialogButtonBox;
  buttons->addButton(export_, QDialogButtonBox::AcceptRole);
  buttons->addButton(open_, QDialogButtonBox::ActionRole);
  buttons->addButton(reveal_, QDialogButtonBox::ActionRole);
  buttons->addButton(close_, QDialogButtonBox::RejectRole);

  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addWidget(progress_);
  layout->addWidget(status_);
  layout->addStretch(1);
  layout->addWidget(buttons);
  resize(640, sizeHint().height());

  connect(export_, &QPushButton::clicked, this, &ReportDialog::startExport);
  connect(open_, &QPushButton::clicked, this, &ReportDialog::openResult);
  connect(reveal_, &QPushButton::clicked, this, &ReportDialog::revealResult);
  connect(close_, &QPushButton::clicked, this, &ReportDialog::reject);
  connect(browse, &QPushButton::clicked, this, [this]() {
    const QString ext = format_->currentData().toString();
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Report"), out_->text(),
                                                      tr("%1 files (*.%2)").arg(ext.toUpper(), ext));
    if (!path.isEmpty()) out_->setText(path);
  });
  connect(runs_, &QComboBox::currentIndexChanged, this, &ReportDialog::updateSuggestedPath);
  connect(format_, &QComboBox::currentIndexChanged, this, &ReportDialog::updateSuggestedPath);
  connect(runner_, &JobRunner::progress, this, [this](int value, int maximum, const QString& text) {
    progress_->setRange(0, maximum);
    progress_->setValue(value);
    if (!text.isEmpty()) status_->setText(text);
  });
  connect(runner_, &JobRunner::busyChanged, this, &ReportDialog::setBusy);
  updateSuggestedPath();
  export_->setEnabled(runs_->count() > 0);
  if (runs_->count() == 0) status_->setText(tr("This workspace has no run to report on."));
}

ReportDialog::~ReportDialog() {
  runner_->abandon();
}

QString ReportDialog::statusText() const {
  return status_->text();
}

void ReportDialog::updateSuggestedPath() {
  // Follow the run and the format until the user types a path of their own.
  if (!out_->text().isEmpty() && out_->text() != suggested_) {
    const QString ext = format_->currentData().toString();
    QFileInfo typed(out_->text());
    out_->setText(typed.absolutePath() + QLatin1Char('/') + typed.completeBaseName() + QLatin1Char('.') +
                  ext);
    suggested_.clear();
    return;
  }
  const QString dir = QFileInfo(workspacePath_).absolutePath();
  const QString run = runs_->currentData(Qt::UserRole + 1).toString();
  suggested_ = dir + QLatin1Char('/') + fileNameOf(run) + QStringLiteral("-report.") +
               format_->currentData().toString();
  out_->setText(suggested_);
}

void ReportDialog::setBusy(bool busy) {
  progress_->setVisible(busy);
  export_->setEnabled(!busy && runs_->count() > 0);
  for (QWidget* w :
       {static_cast<QWidget*>(runs_), static_cast<QWidget*>(format_), static_cast<QWidget*>(out_)})
    w->setEnabled(!busy);
  close_->setText(busy ? tr("Cancel") : tr("Close"));
}

bool ReportDialog::startExport() {
  if (runner_->isBusy() || runs_->count() == 0) return false;
  const QString out = out_->text().trimmed();
  if (out.isEmpty()) {
    status_->setText(tr("Choose the file to write."));
    return false;
  }
  hs::report::ReportRequest request;
  request.workspacePath = workspacePath_.toStdString();
  request.runId = runs_->currentData().value<qint64>();
  request.format = *hs::report::reportFormatFromString(format_->currentData().toString().toStdString());
  request.language = reportLanguage();
  request.outPath = QFileInfo(out).absoluteFilePath().toStdString();
  written_.clear();
  error_.clear();
  open_->setEnabled(false);
  reveal_->setEnabled(false);
  status_->setText(tr("Writing the report…"));
  workflow::CancelToken cancel;
  const QStringList steps = {tr("Reading the run"), tr("Rendering the report"),
                             request.format == hs::report::ReportFormat::Pdf
                                 ? tr("Printing the PDF with Chromium")
                                 : tr("Writing the file"),
                             tr("Done")};
  return runner_->start<ExportResult>(
      tr("Exporting the report"),
      [request, cancel, steps](JobContext& ctx) {
        ExportResult r;
        auto progress = [&ctx, &steps](const workflow::Progress& p) {
          const int i =
              static_cast<int>(std::min<std::size_t>(p.done, static_cast<std::size_t>(steps.size() - 1)));
          ctx.setProgress(static_cast<int>(p.done), static_cast<int>(p.total), steps[i]);
        };
        auto written = hs::report::writeReport(request, progress, cancel);
        if (written) {
          r.path = QString::fromStdString(written->outPath);
          r.bytes = static_cast<qint64>(written->bytes);
          r.cases = static_cast<int>(written->cases);
        } else {
          r.cancelled = written.error().kind == hs::ErrorKind::Cancelled;
          r.error = QString::fromStdString(written.error().describe());
        }
        return r;
      },
      [this](ExportResult r) {
        if (r.cancelled) {
          status_->setText(tr("Cancelled; no file was written."));
          emit exported(false);
          return;
        }
        if (!r.error.isEmpty()) {
          error_ = r.error;
          status_->setText(tr("The report could not be written: %1").arg(r.error));
          emit exported(false);
          return;
        }
        written_ = r.path;
        status_->setText(tr("Wrote %1 (%2, %n case(s)).", nullptr, r.cases)
                             .arg(QDir::toNativeSeparators(r.path), QLocale().formattedDataSize(r.bytes)));
        open_->setEnabled(true);
        reveal_->setEnabled(true);
        if (openWhenDone_->isChecked()) openResult();
        emit exported(true);
      },
      [cancel]() { cancel.cancel(); });
}

void ReportDialog::openResult() {
  if (!written_.isEmpty()) QDesktopServices::openUrl(QUrl::fromLocalFile(written_));
}

void ReportDialog::revealResult() {
  if (!written_.isEmpty()) QDesktopServices::openUrl(QUrl::fromLocalFile(QFileInfo(written_).absolutePath()));
}

void ReportDialog::reject() {
  if (runner_->isBusy()) {
    runner_->cancel();
    status_->setText(tr("Cancelling…"));
    return;
  }
  QDialog::reject();
}

}  // namespace hs::ui
