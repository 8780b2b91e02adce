#include "widgets/error_banner.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>

namespace hs::ui {

ErrorBanner::ErrorBanner(QWidget* parent)
    : QFrame(parent), icon_(new QLabel(this)), label_(new QLabel(this)), close_(new QToolButton(this)) {
  setObjectName(QStringLiteral("errorBanner"));
  setStyleSheet(
      QStringLiteral("#errorBanner { background: #fdecea; border: 1px solid #f5c2c0; border-radius: 4px; }"
                     "#errorBanner QLabel { color: #7a1c14; }"));
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(8, 6, 6, 6);
  icon_->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(20, 20));
  label_->setWordWrap(true);
  label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  close_->setAutoRaise(true);
  close_->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
  layout->addWidget(icon_, 0, Qt::AlignTop);
  layout->addWidget(label_, 1);
  layout->addWidget(close_, 0, Qt::AlignTop);
  connect(close_, &QToolButton::clicked, this, &QWidget::hide);
  retranslate();
  hide();
}

void ErrorBanner::showMessage(const QString& title, const QString& detail) {
  title_ = title;
  detail_ = detail;
  label_->setText(QStringLiteral("<b>%1</b><br>%2").arg(title.toHtmlEscaped(), detail.toHtmlEscaped()));
  show();
}

QString ErrorBanner::text() const {
  return isVisible() || !isHidden() ? title_ + QLatin1Char('\n') + detail_ : QString();
}

void ErrorBanner::retranslate() {
  close_->setToolTip(tr("Dismiss"));
}

void ErrorBanner::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QFrame::changeEvent(event);
}

}  // namespace hs::ui
