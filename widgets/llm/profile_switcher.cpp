#include "widgets/llm/profile_switcher.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>

#include "widgets/llm/profile_settings.h"

namespace hs::ui {

ProfileSwitcher::ProfileSwitcher(QWidget* parent)
    : QWidget(parent), label_(new QLabel(this)), box_(new QComboBox(this)) {
  setObjectName(QStringLiteral("profileSwitcher"));
  box_->setObjectName(QStringLiteral("profileBox"));
  box_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  box_->setMaximumWidth(320);
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(12, 0, 4, 0);
  layout->setSpacing(4);
  layout->addWidget(label_);
  layout->addWidget(box_);
  connect(box_, &QComboBox::activated, this, &ProfileSwitcher::onChosen);
  retranslate();
  refresh();
}

void ProfileSwitcher::refresh() {
  const QSignalBlocker block(box_);
  box_->clear();
  const QString active = QString::fromStdString(ProfileSettings::active().endpoint.name);
  for (const LlmProfile& p : ProfileSettings::load()) {
    const QString name = QString::fromStdString(p.endpoint.name);
    const QString model = QString::fromStdString(p.endpoint.model);
    box_->addItem(model.isEmpty() ? name : QStringLiteral("%1 (%2)").arg(name, model), name);
    box_->setItemData(box_->count() - 1, QString::fromStdString(p.endpoint.baseUrl), Qt::ToolTipRole);
  }
  const int at = box_->findData(active);
  box_->setCurrentIndex(at < 0 ? 0 : at);
}

QString ProfileSwitcher::activeProfile() const {
  return box_->currentData().toString();
}

void ProfileSwitcher::onChosen(int index) {
  const QString name = box_->itemData(index).toString();
  if (name.isEmpty() || name == ProfileSettings::activeName()) return;
  ProfileSettings::setActiveName(name);
  emit profileChanged(name);
}

void ProfileSwitcher::retranslate() {
  label_->setText(tr("Model:"));
  box_->setToolTip(
      tr("The LLM profile that writes SQL and follow-ups; edit the list in Settings > LLM "
         "Endpoints and Prompts"));
}

void ProfileSwitcher::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

}  // namespace hs::ui
