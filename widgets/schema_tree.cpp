#include "widgets/schema_tree.h"

#include <QEvent>
#include <QHeaderView>
#include <QLocale>
#include <QResizeEvent>
#include <QStyle>

#include <algorithm>

namespace hs::ui {

namespace {
constexpr int kNameRole = Qt::UserRole + 1;
constexpr int kExpandedTables = 2;  // the first tables open, so their columns show at a glance

QString fkTarget(const hs::db::TableInfo& table, const std::string& column) {
  for (const auto& fk : table.foreignKeys) {
    for (std::size_t i = 0; i < fk.fromColumns.size(); ++i) {
      if (fk.fromColumns[i] != column) continue;
      QString target = QString::fromStdString(fk.toTable);
      if (i < fk.toColumns.size()) target += QLatin1Char('.') + QString::fromStdString(fk.toColumns[i]);
      return target;
    }
  }
  return {};
}
}  // namespace

SchemaTree::SchemaTree(QWidget* parent) : QTreeWidget(parent) {
  setColumnCount(2);
  setUniformRowHeights(true);
  setAlternatingRowColors(false);
  // Both widths are set here (fitColumns): Qt's stretched last section never gets narrower than
  // 100 px, which put a scroll bar under a narrow panel.
  header()->setMinimumSectionSize(40);
  header()->setStretchLastSection(false);
  header()->setSectionResizeMode(QHeaderView::Interactive);
  setColumnWidth(0, 170);
  connect(header(), &QHeaderView::sectionResized, this, [this](int section, int, int) {
    if (section != 0 || fitting_) return;
    userSized_ = true;
    fitColumns();
  });
  // An expanded table can bring longer names.
  connect(this, &QTreeWidget::itemExpanded, this, [this] { fitColumns(); });
  connect(this, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem* item, int) {
    const QString name = item->data(0, kNameRole).toString();
    if (!name.isEmpty()) emit nameActivated(name);
  });
  retranslate();
}

void SchemaTree::setSchema(const hs::db::Schema& schema) {
  schema_ = schema;
  rebuild();
}

void SchemaTree::clearSchema() {
  schema_ = {};
  clear();
}

void SchemaTree::retranslate() {
  setHeaderLabels({tr("Name"), tr("Type")});
  if (!schema_.tables.empty()) rebuild();
}

void SchemaTree::resizeEvent(QResizeEvent* event) {
  QTreeWidget::resizeEvent(event);
  fitColumns();
}

void SchemaTree::fitColumns() {
  fitting_ = true;
  const int room = viewport()->width();
  if (!userSized_) {
    // The names come first: they take all they need but the room of the tables' row estimates
    // (and at least half); the declared types get what is left and are cut with "…" (the
    // tooltips have them whole).
    const int share = std::max(room / 2, room - estimateWidth_);
    setColumnWidth(0, std::max(60, std::min(sizeHintForColumn(0), share)));
  }
  setColumnWidth(1, std::max(40, room - columnWidth(0)));  // the types fill the rest
  fitting_ = false;
}

void SchemaTree::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QTreeWidget::changeEvent(event);
}

void SchemaTree::rebuild() {
  clear();
  const QLocale locale;
  auto* tables = new QTreeWidgetItem(this);
  auto* views = new QTreeWidgetItem(this);
  int nTables = 0;
  int nViews = 0;
  for (const auto& t : schema_.tables) {
    auto* item = new QTreeWidgetItem(t.isView ? views : tables);
    const QString name = QString::fromStdString(t.name);
    item->setText(0, name);
    item->setData(0, kNameRole, name);
    item->setToolTip(0, QString::fromStdString(t.sql));
    if (t.rowEstimate)
      item->setText(1, tr("~%1 rows").arg(locale.toString(static_cast<qlonglong>(*t.rowEstimate))));
    item->setForeground(1, QColor(0x80, 0x80, 0x80));
    QFont bold = item->font(0);
    bold.setBold(true);
    item->setFont(0, bold);
    (t.isView ? nViews : nTables)++;
    for (const auto& c : t.columns) {
      auto* col = new QTreeWidgetItem(item);
      const QString cname = QString::fromStdString(c.name);
      QString label = cname;
      QStringList marks;
      if (c.primaryKey) marks << tr("PK");
      const QString fk = fkTarget(t, c.name);
      if (!marks.isEmpty())
        label += QStringLiteral("  [") + marks.join(QStringLiteral(", ")) + QLatin1Char(']');
      col->setText(0, label);
      col->setData(0, kNameRole, cname);
      QString type = QString::fromStdString(c.declaredType);
      if (c.notNull) type += tr(" not null");
      if (!fk.isEmpty()) type += QStringLiteral("  ") + tr("FK → %1").arg(fk);
      col->setText(1, type);
      col->setToolTip(0, label);
      col->setToolTip(1, type);
      col->setForeground(1, QColor(0x60, 0x60, 0x90));
      if (c.primaryKey)
        col->setForeground(0, QColor(0x9a, 0x6a, 0x00));
      else if (!fk.isEmpty())
        col->setForeground(0, QColor(0x1f, 0x4e, 0xa8));
    }
    item->setExpanded(!t.isView && nTables <= kExpandedTables);
  }
  tables->setText(0, tr("Tables (%1)").arg(nTables));
  views->setText(0, tr("Views (%1)").arg(nViews));
  tables->setExpanded(true);
  views->setExpanded(nViews > 0);
  if (nViews == 0) views->setHidden(true);
  estimateWidth_ = 0;
  for (QTreeWidgetItem* group : {tables, views})
    for (int i = 0; i < group->childCount(); ++i)
      estimateWidth_ = std::max(estimateWidth_, fontMetrics().horizontalAdvance(group->child(i)->text(1)));
  estimateWidth_ += 2 * style()->pixelMetric(QStyle::PM_FocusFrameHMargin) + 8;
  fitColumns();
}

}  // namespace hs::ui
