#include "widgets/llm/question_bar.h"

#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QShortcut>

namespace hs::ui {

QuestionBar::QuestionBar(QWidget* parent) : QWidget(parent) {
  question_ = new QLineEdit(this);
  question_->setObjectName(QStringLiteral("questionEdit"));
  evidence_ = new QLineEdit(this);
  generate_ = new QPushButton(this);
  cancel_ = new QPushButton(this);
  reveal_ = new QPushButton(this);
  reveal_->setObjectName(QStringLiteral("revealSql"));
  reveal_->hide();
  status_ = new QLabel(this);
  status_->setObjectName(QStringLiteral("questionStatus"));
  status_->setWordWrap(true);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  detection_ = new QLabel(this);
  detection_->setObjectName(QStringLiteral("detectionStatus"));
  detection_->setWordWrap(true);
  detection_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  detection_->hide();
  cancel_->setEnabled(false);
  question_->setClearButtonEnabled(true);
  evidence_->setClearButtonEnabled(true);

  auto* grid = new QGridLayout(this);
  grid->setContentsMargins(4, 4, 4, 2);
  grid->addWidget(question_, 0, 0);
  grid->addWidget(generate_, 0, 1);
  grid->addWidget(cancel_, 0, 2);
  grid->addWidget(evidence_, 1, 0, 1, 3);
  // The status takes the whole row while the reveal button is hidden (it wrapped at the width
  // of the question box).
  auto* statusRow = new QHBoxLayout;
  statusRow->addWidget(status_, 1);
  statusRow->addWidget(reveal_, 0, Qt::AlignTop);
  grid->addLayout(statusRow, 2, 0, 1, 3);
  grid->addWidget(detection_, 3, 0, 1, 3);
  grid->setColumnStretch(0, 1);

  connect(generate_, &QPushButton::clicked, this, &QuestionBar::requestGenerate);
  connect(question_, &QLineEdit::returnPressed, this, &QuestionBar::requestGenerate);
  // An error belongs to the question asked; typing the next one clears it.
  connect(question_, &QLineEdit::textEdited, this, [this] {
    if (statusIsError_) setStatus({});
  });
  connect(cancel_, &QPushButton::clicked, this, &QuestionBar::cancelRequested);
  connect(reveal_, &QPushButton::clicked, this, [this]() {
    setRevealable(false);
    emit revealRequested();
  });
  for (const QKeySequence& keys :
       {QKeySequence(Qt::CTRL | Qt::Key_G), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Return)}) {
    auto* shortcut = new QShortcut(keys, this);
    shortcut->setContext(Qt::WindowShortcut);
    connect(shortcut, &QShortcut::activated, this, &QuestionBar::requestGenerate);
  }
  retranslate();
}

QString QuestionBar::question() const {
  return question_->text().trimmed();
}
QString QuestionBar::evidence() const {
  return evidence_->text().trimmed();
}
void QuestionBar::setQuestion(const QString& question) {
  question_->setText(question);
}

void QuestionBar::setBusy(bool busy) {
  busy_ = busy;
  generate_->setEnabled(!busy && available_);
  cancel_->setEnabled(busy);
  question_->setReadOnly(busy);
}

void QuestionBar::setAvailable(bool available, const QString& reason) {
  available_ = available;
  unavailableReason_ = available ? QString() : reason;
  generate_->setEnabled(!busy_ && available_);
  retranslate();
}

bool QuestionBar::isGenerateEnabled() const {
  return generate_->isEnabled();
}

void QuestionBar::setDetectionStatus(const QString& text, bool flagged) {
  detection_->setText(text);
  detection_->setStyleSheet(flagged ? QStringLiteral("color: #b02020;") : QString());
  detection_->setVisible(!text.isEmpty());
}

void QuestionBar::setRevealable(bool revealable, const QString& details) {
  reveal_->setVisible(revealable);
  reveal_->setToolTip(details);
  status_->setToolTip(details);
}

bool QuestionBar::isRevealable() const {
  return !reveal_->isHidden();
}

void QuestionBar::setExampleTable(const QString& table) {
  exampleTable_ = table;
  retranslate();
}

QString QuestionBar::placeholderText() const {
  return question_->placeholderText();
}

void QuestionBar::clear() {
  question_->clear();
  evidence_->clear();
  setRevealable(false);
  setStatus({});
  setDetectionStatus({}, false);
}

QString QuestionBar::statusText() const {
  return status_->text();
}

QString QuestionBar::detectionText() const {
  return detection_->text();
}

void QuestionBar::setStatus(std::function<QString()> make, bool error) {
  const QString text = make ? make() : QString();
  setStatus(text, error);
  statusMaker_ = std::move(make);
}

void QuestionBar::setStatus(const QString& text, bool error) {
  statusMaker_ = nullptr;
  ++statusId_;
  status_->setText(text);
  statusIsError_ = error && !text.isEmpty();
  status_->setStyleSheet(error ? QStringLiteral("color: #b02020;") : QString());
  status_->setVisible(!text.isEmpty());
}

void QuestionBar::requestGenerate() {
  if (!available_) {
    setStatus(unavailableReason_, true);
    return;
  }
  if (!generate_->isEnabled()) return;
  if (question().isEmpty()) {
    setStatus(tr("Type a question about the open database first."), true);
    question_->setFocus();
    return;
  }
  emit generateRequested(question(), evidence());
}

void QuestionBar::retranslate() {
  // The example fits the open database: it names one of its tables.
  question_->setPlaceholderText(
      exampleTable_.isEmpty()
          ? tr("Ask a question about the open database in plain words")
          : tr("Ask a question about this database, e.g. \"How many rows are in the %1 table?\"")
                .arg(exampleTable_));
  evidence_->setPlaceholderText(tr("Evidence (optional): domain knowledge the model should use"));
  generate_->setText(tr("Generate SQL"));
  generate_->setToolTip(available_ ? tr("Ask the LLM for SQL (Ctrl+G or Ctrl+Shift+Enter)")
                                   : unavailableReason_);
  cancel_->setText(tr("Cancel"));
  reveal_->setText(tr("Show the SQL"));
  if (statusMaker_) status_->setText(statusMaker_());
}

void QuestionBar::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

}  // namespace hs::ui
