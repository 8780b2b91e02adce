// FindingMarks: the reviewers' verdicts on the rows of the Findings list.
#include "widgets/review/finding_marks.h"

#include <QTreeWidget>

#include <string>

#include "engine/workspace/annotations.h"

namespace hs::ui {

void FindingMarks::apply(QTreeWidget* findings, const std::vector<std::int64_t>& findingIds,
                         const std::vector<hs::ws::AnnotationRecord>& annotations) {
  if (!findings) return;
  constexpr int kPlainText = Qt::UserRole + 50;  // the row's first column as the case view set it
  for (int i = 0; i < findings->topLevelItemCount(); ++i) {
    QTreeWidgetItem* item = findings->topLevelItem(i);
    QVariant plain = item->data(0, kPlainText);
    if (!plain.isValid()) {
      plain = item->text(0);
      item->setData(0, kPlainText, plain);
    }
    std::string verdict;  // the last verdict on this finding
    if (static_cast<std::size_t>(i) < findingIds.size())
      for (const auto& a : annotations)
        if (a.findingId && *a.findingId == findingIds[static_cast<std::size_t>(i)]) verdict = a.verdict;
    const QString mark = verdict == "confirmed"  ? QStringLiteral("✓")
                         : verdict == "rejected" ? QStringLiteral("✗")
                                                 : QString();
    item->setText(0, mark.isEmpty() ? plain.toString() : QStringLiteral("%1 %2").arg(mark, plain.toString()));
    item->setToolTip(0, verdict == "confirmed"  ? tr("Confirmed by a reviewer")
                        : verdict == "rejected" ? tr("Rejected by a reviewer")
                                                : QString());
    QFont font = item->font(0);
    font.setItalic(verdict == "rejected");
    for (int c = 0; c < item->columnCount(); ++c) item->setFont(c, font);
  }
}

}  // namespace hs::ui
