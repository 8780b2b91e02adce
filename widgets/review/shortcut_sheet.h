#pragma once
// Help > Keyboard Shortcuts: a dialog listing the window's keys, then the Review tab's, each under
// its heading, one row per action ("Next unreviewed case" | "F8").
#include <QDialog>
#include <QList>
#include <QPair>
#include <QString>

#include <vector>

class QAction;

namespace hs::ui {

class ShortcutSheet : public QDialog {
  Q_OBJECT
 public:
  using Rows = QList<QPair<QString, QString>>;  // {what the action does, its keys}
  // `general` (the window's keys) may be empty: then only the Review tab's section is shown.
  ShortcutSheet(const Rows& general, const Rows& review, QWidget* parent = nullptr);

  // One row per action that has a key: its text (its status tip when it has one) without the
  // mnemonic, and all its keys.
  static Rows rows(const std::vector<QAction*>& actions);
};

}  // namespace hs::ui
