// The "Run Drill-down…" dialog.
#include "widgets/drilldown/drilldown_run_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace hs::ui {

namespace {

QWidget* withBrowse(QLineEdit* edit, QPushButton* browse) {
  auto* row = new QWidget;
  auto* layout = new QHBoxLayout(row);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(edit, 1);
  layout->addWidget(browse);
  return row;
}

}  // namespace

DrilldownRunDialog::DrilldownRunDialog(const DrilldownRunRequest& initial, QWidget* parent)
    : QDialog(parent) {
  setWindowTitle(tr("Run Drill-down"));
  cases_ = new QLineEdit(initial.casesPath, this);
  cases_->setObjectName(QStringLiteral("drilldownCasesFile"));
  format_ = new QComboBox(this);
  format_->setObjectName(QStringLiteral("drilldownFormat"));
  format_->addItem(tr("Detect from the file"), QStringLiteral("auto"));
  format_->addItem(tr("JSON Lines"), QStringLiteral("jsonl"));
  format_->addItem(tr("Spider (dev.json)"), QStringLiteral("spider"));
  format_->addItem(tr("BIRD (dev.json)"), QStringLiteral("bird"));
  format_->addItem(tr("CSV"), QStringLiteral("csv"));
  format_->addItem(tr("Drill-down JSON (seed 001)"), QStringLiteral("drilldown"));
  format_->setCurrentIndex(std::max(0, format_->findData(initial.format)));
  dbRoot_ = new QLineEdit(initial.dbRoot, this);
  dbRoot_->setObjectName(QStringLiteral("drilldownDbRoot"));
  dbRoot_->setPlaceholderText(tr("Folder with one folder per database (db_id/db_id.sqlite)"));
  history_ = new QComboBox(this);
  history_->setObjectName(QStringLiteral("drilldownHistory"));
  history_->addItem(tr("Without history"), QStringLiteral("off"));
  history_->addItem(tr("With history"), QStringLiteral("on"));
  history_->addItem(tr("Both, side by side"), QStringLiteral("both"));
  history_->setCurrentIndex(std::max(0, history_->findData(initial.history)));
  limit_ = new QSpinBox(this);
  limit_->setObjectName(QStringLiteral("drilldownLimit"));
  limit_->setRange(0, 1000000);
  limit_->setSpecialValueText(tr("All cases"));
  limit_->setValue(initial.limit);

  auto* browseCases = new QPushButton(tr("Browse…"), this);
  auto* browseDb = new QPushButton(tr("Browse…"), this);
  connect(browseCases, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Cases file"), cases_->text(), tr("Cases (*.json *.jsonl *.csv *.sql);;All files (*)"));
    if (!path.isEmpty()) cases_->setText(path);
  });
  connect(browseDb, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getExistingDirectory(this, tr("Database folder"), dbRoot_->text());
    if (!path.isEmpty()) dbRoot_->setText(path);
  });

  buttons_ = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  buttons_->button(QDialogButtonBox::Ok)->setText(tr("Run"));
  connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(cases_, &QLineEdit::textChanged, this, &DrilldownRunDialog::updateOk);
  connect(dbRoot_, &QLineEdit::textChanged, this, &DrilldownRunDialog::updateOk);

  auto* form = new QFormLayout(this);
  form->addRow(tr("&Cases file:"), withBrowse(cases_, browseCases));
  form->addRow(tr("&Format:"), format_);
  form->addRow(tr("&Database folder:"), withBrowse(dbRoot_, browseDb));
  form->addRow(tr("&History:"), history_);
  form->addRow(tr("Case &limit:"), limit_);
  // The mnemonics of the two rows with a Browse button land in their text fields.
  for (QLineEdit* edit : {cases_, dbRoot_})
    if (auto* label = qobject_cast<QLabel*>(form->labelForField(edit->parentWidget()))) label->setBuddy(edit);
  form->addRow(buttons_);
  resize(620, sizeHint().height());
  updateOk();
}

DrilldownRunRequest DrilldownRunDialog::request() const {
  DrilldownRunRequest r;
  r.casesPath = cases_->text().trimmed();
  r.format = format_->currentData().toString();
  r.dbRoot = dbRoot_->text().trimmed();
  r.history = history_->currentData().toString();
  r.limit = limit_->value();
  return r;
}

void DrilldownRunDialog::updateOk() {
  buttons_->button(QDialogButtonBox::Ok)
      ->setEnabled(!cases_->text().trimmed().isEmpty() && !dbRoot_->text().trimmed().isEmpty());
}

}  // namespace hs::ui
