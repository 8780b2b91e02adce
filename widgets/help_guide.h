#pragma once
// Help > Quick Guide: the main steps of HalluSQL on one page, with where each thing is.
#include <QCoreApplication>
#include <QString>

class QWidget;

namespace hs::ui {

class HelpGuide {
  Q_DECLARE_TR_FUNCTIONS(HelpGuide)

 public:
  static QString html();  // the guide's text (rich text), in the current language
};

// Shows the guide in a non-modal dialog owned by `parent`.
void showQuickGuide(QWidget* parent);

}  // namespace hs::ui
