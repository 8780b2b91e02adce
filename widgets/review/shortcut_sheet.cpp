// ShortcutSheet: the keyboard shortcuts dialog of the Review tab.
#include "widgets/review/shortcut_sheet.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QRegularExpression>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace hs::ui {

ShortcutSheet::Rows ShortcutSheet::rows(const std::vector<QAction*>& actions) {
  Rows out;
  for (QAction* a : actions) {
    QStringList keys;
    for (const QKeySequence& k : a->shortcuts()) {
      if (k[0].key() == Qt::Key_Backtab) continue;  // Shift+Tab's alias
      // Return and the keypad's Enter share one name in some languages (Chinese: 回车): once.
      const QString text = k.toString(QKeySequence::NativeText);
      if (!keys.contains(text)) keys << text;
    }
    // Without the mnemonic: "&Run", and Chinese "运行(&R)".
    static const QRegularExpression mnemonic(QStringLiteral("\\(&\\w\\)|&(?=\\S)"));
    const QString shown = a->statusTip().isEmpty() ? a->text() : a->statusTip();
    if (!keys.isEmpty()) out.append({QString(shown).remove(mnemonic), keys.join(QStringLiteral(", "))});
  }
  return out;
}

ShortcutSheet::ShortcutSheet(const Rows& general, const Rows& review, QWidget* parent) : QDialog(parent) {
  setObjectName(QStringLiteral("reviewShortcutSheet"));
  setWindowTitle(tr("Keyboard Shortcuts"));
  // The window's keys first (if handed over), then the Review tab's, each under its heading.
  QList<QPair<QString, Rows>> sections;
  if (!general.isEmpty()) sections.append({tr("Anywhere in the window:"), general});
  sections.append({tr("In the Review tab:"), review});
  int count = 0;
  for (const auto& section : sections) count += 1 + static_cast<int>(section.second.size());
  auto* table = new QTableWidget(count, 2);
  table->setHorizontalHeaderLabels({tr("Action"), tr("Keys")});
  table->verticalHeader()->hide();
  table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table->setSelectionMode(QAbstractItemView::NoSelection);
  int r = 0;
  for (const auto& [heading, entries] : sections) {
    auto* head = new QTableWidgetItem(heading);
    QFont bold = head->font();
    bold.setBold(true);
    head->setFont(bold);
    table->setItem(r, 0, head);
    table->setSpan(r++, 0, 1, 2);
    for (const auto& row : entries) {
      table->setItem(r, 0, new QTableWidgetItem(row.first));
      table->setItem(r++, 1, new QTableWidgetItem(row.second));
    }
  }
  table->resizeColumnsToContents();
  table->resizeRowsToContents();
  table->horizontalHeader()->setStretchLastSection(true);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(table, 1);
  layout->addWidget(buttons);
  resize(std::max(560, table->horizontalHeader()->length() + 60), 600);  // every key readable
}

}  // namespace hs::ui
