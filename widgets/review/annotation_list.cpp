// AnnotationList: the shown case's annotations.
#include "widgets/review/annotation_list.h"

#include <QDateTime>
#include <QHeaderView>
#include <QLocale>

#include <utility>

#include "engine/mr/hkb.h"
#include "engine/workspace/annotations.h"
#include "widgets/case_finding_styles.h"

namespace hs::ui {

namespace {

QString qs(const std::string& s) {
  return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

}  // namespace

AnnotationList::AnnotationList(QWidget* parent) : QTreeWidget(parent) {
  setObjectName(QStringLiteral("annotationList"));
  setColumnCount(4);
  setRootIsDecorated(false);
  setUniformRowHeights(true);
  setSelectionMode(QAbstractItemView::NoSelection);
  setFocusPolicy(Qt::NoFocus);
  header()->setStretchLastSection(true);
  const int digit = fontMetrics().horizontalAdvance(QLatin1Char('0'));
  for (const auto& [col, chars] : {std::pair{0, 12}, std::pair{1, 10}, std::pair{2, 34}})
    header()->resizeSection(col, digit * chars + 12);
  setMaximumHeight(fontMetrics().height() * 5 + 12);
  hide();
}

void AnnotationList::retranslate() {
  setHeaderLabels({tr("Annotator"), tr("Verdict"), tr("Category"), tr("Time")});
}

void AnnotationList::setAnnotations(const std::vector<hs::ws::AnnotationRecord>& annotations) {
  clear();
  for (const hs::ws::AnnotationRecord& a : annotations) {
    auto* item = new QTreeWidgetItem(this);
    item->setText(0, qs(a.annotator));
    if (!a.note.empty())
      for (int c = 0; c < 4; ++c) item->setToolTip(c, tr("Note: %1").arg(qs(a.note)));
    const QString verdict = qs(a.verdict);
    item->setText(1, verdict == QLatin1String("added")       ? tr("added")
                     : verdict == QLatin1String("confirmed") ? tr("confirmed")
                     : verdict == QLatin1String("rejected")  ? tr("rejected")
                     : verdict == QLatin1String("correct")   ? tr("correct")
                     : verdict == QLatin1String("incorrect") ? tr("incorrect")
                     : verdict == QLatin1String("unsure")    ? tr("unsure")
                                                             : verdict);
    // By the category table's name in the user's language ("result_difference" was shown as stored).
    const int type = hs::mr::typeIndex(a.category);
    item->setText(2, type > 0 ? FindingStyles::categoryLabel("mrsqlgen", a.category)
                              : FindingStyles::categoryLabel(a.taxonomy, a.category));
    const QDateTime at = QDateTime::fromString(qs(a.createdAt), Qt::ISODate);
    item->setText(
        3, at.isValid() ? QLocale().toString(at.toLocalTime(), QLocale::ShortFormat) : qs(a.createdAt));
  }
  setVisible(!annotations.empty());
  if (!annotations.empty()) scrollToItem(topLevelItem(topLevelItemCount() - 1));
}

}  // namespace hs::ui
