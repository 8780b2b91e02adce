#include "widgets/review/reviewer_dialog.h"

#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

namespace hs::ui {

QString Reviewer::annotator() const {
  const QString n = name.trimmed();
  const QString e = email.trimmed();
  return e.isEmpty() ? n : QStringLiteral("%1 <%2>").arg(n, e);
}

Reviewer storedReviewer() {
  QSettings settings;
  return Reviewer{settings.value(QStringLiteral("review/reviewerName")).toString(),
                  settings.value(QStringLiteral("review/reviewerEmail")).toString()};
}

void storeReviewer(const Reviewer& reviewer) {
  QSettings settings;
  settings.setValue(QStringLiteral("review/reviewerName"), reviewer.name.trimmed());
  settings.setValue(QStringLiteral("review/reviewerEmail"), reviewer.email.trimmed());
}

bool askReviewer(QWidget* parent, Reviewer* reviewer) {
  QDialog dialog(parent);
  dialog.setObjectName(QStringLiteral("reviewerDialog"));
  dialog.setWindowTitle(QCoreApplication::translate("ReviewerDialog", "Who is reviewing?"));
  auto* intro = new QLabel(
      QCoreApplication::translate("ReviewerDialog",
                                  "Every annotation records its reviewer, so that several reviewers "
                                  "can be compared. The name is remembered."));
  intro->setWordWrap(true);
  auto* name = new QLineEdit(reviewer->name);
  name->setObjectName(QStringLiteral("reviewerName"));
  name->selectAll();  // the prefilled OS user name: typing replaces it, Enter keeps it
  auto* email = new QLineEdit(reviewer->email);
  email->setObjectName(QStringLiteral("reviewerEmail"));
  email->setPlaceholderText(QCoreApplication::translate("ReviewerDialog", "optional"));
  auto* form = new QFormLayout;
  form->addRow(QCoreApplication::translate("ReviewerDialog", "Name:"), name);
  form->addRow(QCoreApplication::translate("ReviewerDialog", "E-mail:"), email);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  QPushButton* ok = buttons->button(QDialogButtonBox::Ok);
  ok->setEnabled(!name->text().trimmed().isEmpty());
  QObject::connect(name, &QLineEdit::textChanged, ok,
                   [ok](const QString& text) { ok->setEnabled(!text.trimmed().isEmpty()); });
  QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
  QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
  auto* layout = new QVBoxLayout(&dialog);
  layout->addWidget(intro);
  layout->addLayout(form);
  layout->addWidget(buttons);
  dialog.resize(420, dialog.sizeHint().height());
  name->setFocus(Qt::OtherFocusReason);
  if (dialog.exec() != QDialog::Accepted || name->text().trimmed().isEmpty()) return false;
  reviewer->name = name->text().trimmed();
  reviewer->email = email->text().trimmed();
  return true;
}

}  // namespace hs::ui
