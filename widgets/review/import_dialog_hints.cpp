// ImportDialog: the run name and model proposed from the files, and the warning shown when a file
// looks like it belongs in the other field (the engine's detection, hs::ws::import::guessFileRole).
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>

#include "widgets/review/import_dialog.h"

namespace hs::ui {

namespace imp = hs::ws::import;

void ImportDialog::updateNames() {
  const std::string cases = file_->text().trimmed().toStdString();
  const std::string pred = predRow_->isVisible() || !pred_->text().trimmed().isEmpty()
                               ? pred_->text().trimmed().toStdString()
                               : std::string();
  if (!modelEdited_) {
    const QSignalBlocker block(model_);
    model_->setText(QString::fromStdString(imp::modelFromPredictionFile(pred)));
  }
  if (!runNameEdited_) {
    const QSignalBlocker block(runName_);
    runName_->setText(
        QString::fromStdString(imp::defaultRunName(cases, pred, model_->text().trimmed().toStdString())));
  }
}

QString ImportDialog::fieldHint() const {
  return fieldHint_->isHidden() ? QString() : fieldHint_->text();
}

void ImportDialog::updateFieldHint() {
  QStringList hints;
  const QString casesName = QFileInfo(file_->text().trimmed()).fileName();
  const QString predName = QFileInfo(pred_->text().trimmed()).fileName();
  if (!casesName.isEmpty() && preview_.casesRole.role == imp::FileRole::Predictions) {
    hints << tr("“%1” looks like a prediction file (a model's SQL without the questions). Put it in the "
                "Predictions field, and the benchmark's questions (for example dev.json) in the Cases file "
                "field.")
                 .arg(casesName);
  }
  if (!predName.isEmpty() && preview_.predRole.role == imp::FileRole::Cases) {
    hints << tr("“%1” looks like a file of benchmark questions or gold SQL (%2), not a model's predictions. "
                "Put it in the Cases file field, and the model's output in the Predictions field.")
                 .arg(predName, QString::fromLatin1(imp::toString(preview_.predRole.format)));
  }
  fieldHint_->setText(hints.join(QStringLiteral("\n")));
  fieldHint_->setVisible(!hints.isEmpty());
}

}  // namespace hs::ui
