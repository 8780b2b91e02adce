#include "widgets/review/case_plan_view.h"

#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "engine/sql/plan_locate.h"
#include "widgets/case_finding_styles.h"
#include "widgets/pane_focus.h"
#include "widgets/review/plan_text.h"

namespace hs::ui {

namespace {

constexpr int kMaxTextChars = 160;
const QColor kDiffers(0xff, 0xe0, 0xb2);  // light orange; the marker text says it too

QString q(const std::string& s) {
  return QString::fromStdString(s);
}

QString shortText(const QString& s) {
  QString t = s.simplified();
  if (t.size() > kMaxTextChars) t = t.left(kMaxTextChars) + QChar(0x2026);
  return t;
}

QTreeWidget* makeTree(const QString& name, QWidget* parent) {
  auto* t = new QTreeWidget(parent);
  t->setObjectName(name);
  t->setColumnCount(3);
  t->setUniformRowHeights(true);
  t->setSelectionMode(QAbstractItemView::SingleSelection);
  t->setIndentation(14);
  t->header()->setStretchLastSection(false);
  t->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  t->header()->setSectionResizeMode(1, QHeaderView::Stretch);
  t->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
  showFocusFrame(t);
  return t;
}

}  // namespace

struct CasePlanView::Parts {
  QLabel* status = nullptr;
  QLabel* goldTitle = nullptr;
  QLabel* predTitle = nullptr;
  QTreeWidget* gold = nullptr;
  QTreeWidget* pred = nullptr;
  QTreeWidget* findings = nullptr;
  std::optional<hs::sql::LocatedPlan> goldPlan, predPlan;
  QString goldError, predError;  // why there is no plan
  hs::sql::PlanDiff diff;
  std::vector<hs::Finding> shown;
  std::vector<std::optional<std::size_t>> goldNodes, predNodes;  // per finding
  bool hasCase = false;

  QTreeWidget* tree(const QString& side) const { return side == QLatin1String("gold") ? gold : pred; }
  const std::optional<hs::sql::LocatedPlan>& plan(const QString& side) const {
    return side == QLatin1String("gold") ? goldPlan : predPlan;
  }
  const std::vector<std::optional<std::size_t>>& nodesOf(const QString& side) const {
    return side == QLatin1String("gold") ? goldNodes : predNodes;
  }
};

CasePlanView::CasePlanView(QWidget* parent) : QWidget(parent), p_(std::make_unique<Parts>()) {
  setObjectName(QStringLiteral("casePlanView"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->setSpacing(4);
  p_->status = new QLabel(this);
  p_->status->setObjectName(QStringLiteral("casePlanStatus"));
  p_->status->setWordWrap(true);
  layout->addWidget(p_->status);

  auto* vertical = new QSplitter(Qt::Vertical, this);
  vertical->setChildrenCollapsible(false);
  auto* sides = new QSplitter(Qt::Horizontal, vertical);
  sides->setChildrenCollapsible(false);
  for (const QString& side : {QStringLiteral("gold"), QStringLiteral("pred")}) {
    auto* box = new QWidget(sides);
    auto* v = new QVBoxLayout(box);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(2);
    auto* title = new QLabel(box);
    QFont bold = title->font();
    bold.setBold(true);
    title->setFont(bold);
    auto* tree = makeTree(
        side == QLatin1String("gold") ? QStringLiteral("goldPlanTree") : QStringLiteral("predPlanTree"), box);
    v->addWidget(title);
    v->addWidget(tree, 1);
    sides->addWidget(box);
    (side == QLatin1String("gold") ? p_->goldTitle : p_->predTitle) = title;
    (side == QLatin1String("gold") ? p_->gold : p_->pred) = tree;
    connect(tree, &QTreeWidget::currentItemChanged, this,
            [this, side](QTreeWidgetItem* item, QTreeWidgetItem*) { onNodeActivated(side, item); });
  }
  p_->findings = new QTreeWidget(vertical);
  p_->findings->setObjectName(QStringLiteral("planFindingList"));
  p_->findings->setColumnCount(3);
  p_->findings->setRootIsDecorated(false);
  p_->findings->setUniformRowHeights(true);
  p_->findings->setSelectionMode(QAbstractItemView::SingleSelection);
  p_->findings->header()->setStretchLastSection(true);
  p_->findings->header()->resizeSection(0, 220);
  p_->findings->header()->resizeSection(1, 200);
  showFocusFrame(p_->findings);
  connect(p_->findings, &QTreeWidget::currentItemChanged, this,
          [this](QTreeWidgetItem* item, QTreeWidgetItem*) { onFindingActivated(item); });
  vertical->addWidget(sides);
  vertical->addWidget(p_->findings);
  vertical->setStretchFactor(0, 3);
  vertical->setStretchFactor(1, 1);
  layout->addWidget(vertical, 1);
  retranslate();
}

CasePlanView::~CasePlanView() = default;

void CasePlanView::retranslate() {
  p_->goldTitle->setText(tr("Gold plan"));
  p_->predTitle->setText(tr("Predicted plan"));
  for (QTreeWidget* t : {p_->gold, p_->pred})
    t->setHeaderLabels({tr("Operator"), tr("Details"), tr("Findings")});
  p_->findings->setHeaderLabels({tr("Finding"), tr("Plan node"), tr("Message")});
  if (!p_->hasCase) {
    clear();
    return;
  }
  fillTree(QStringLiteral("gold"));
  fillTree(QStringLiteral("pred"));
  fillFindings();
}

void CasePlanView::clear() {
  p_->gold->clear();
  p_->pred->clear();
  p_->findings->clear();
  p_->goldPlan.reset();
  p_->predPlan.reset();
  p_->goldError.clear();
  p_->predError.clear();
  p_->diff = {};
  p_->shown.clear();
  p_->goldNodes.clear();
  p_->predNodes.clear();
  p_->hasCase = false;
  p_->status->setText(tr("No case selected."));
}

void CasePlanView::setCase(const std::optional<std::string>& gold, const std::optional<std::string>& pred,
                           const std::vector<hs::Finding>& findings, const hs::db::Schema* schema) {
  clear();
  p_->hasCase = true;
  auto build = [&](const std::optional<std::string>& sql, std::optional<hs::sql::LocatedPlan>& out,
                   QString& error) {
    if (!sql || sql->empty()) {
      error = tr("No SQL on this side.");
      return;
    }
    auto plan = hs::sql::locatedPlan(*sql, schema);
    if (plan)
      out = std::move(plan.value());
    else
      error = tr("No plan: the SQL does not parse (%1).").arg(q(plan.error().message));
  };
  build(gold, p_->goldPlan, p_->goldError);
  build(pred, p_->predPlan, p_->predError);
  static const std::vector<hs::sql::PlanEntry> none;
  p_->diff = hs::sql::diffPlans(p_->goldPlan ? p_->goldPlan->nodes : none,
                                p_->predPlan ? p_->predPlan->nodes : none);
  p_->shown = findings;
  p_->goldNodes = hs::sql::findingNodes(p_->goldPlan ? p_->goldPlan->nodes : none, findings, "gold");
  p_->predNodes = hs::sql::findingNodes(p_->predPlan ? p_->predPlan->nodes : none, findings, "pred");
  retranslate();
}

void CasePlanView::fillTree(const QString& side) {
  QTreeWidget* tree = p_->tree(side);
  const QSignalBlocker block(tree);
  tree->clear();
  const auto& plan = p_->plan(side);
  const bool isGold = side == QLatin1String("gold");
  if (!plan) {
    auto* note = new QTreeWidgetItem(tree);
    note->setText(0, isGold ? p_->goldError : p_->predError);
    note->setFirstColumnSpanned(true);
    note->setFlags(Qt::NoItemFlags);
    return;
  }
  const auto& differs = isGold ? p_->diff.goldDiffers : p_->diff.predDiffers;
  const auto& partner = isGold ? p_->diff.goldPartner : p_->diff.predPartner;
  const auto& attached = p_->nodesOf(side);
  std::vector<QTreeWidgetItem*> items;
  for (std::size_t i = 0; i < plan->nodes.size(); ++i) {
    const hs::sql::PlanEntry& e = plan->nodes[i];
    QTreeWidgetItem* parent = e.parent >= 0 ? items[static_cast<std::size_t>(e.parent)] : nullptr;
    auto* item = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(tree);
    items.push_back(item);
    item->setData(0, Qt::UserRole, static_cast<int>(i));
    QString marker, why;
    if (differs[i]) {
      const bool alone = partner[i] < 0;
      marker = alone ? QStringLiteral("+ ") : QStringLiteral("≠ ");
      why = alone ? (isGold ? tr("Only in the gold plan") : tr("Only in the predicted plan"))
                  : tr("Differs from the other plan");
    }
    item->setText(0, marker + planOpText(e.node->op));
    item->setText(1, shortText(planDetailsText(*e.node)));
    QStringList names;
    for (std::size_t f = 0; f < attached.size(); ++f)
      if (attached[f] && *attached[f] == i) names << FindingStyles::categoryLabel(p_->shown[f]);
    if (!names.isEmpty()) item->setText(2, QStringLiteral("⚑ %1").arg(names.size()));
    QString tip = planOpText(e.node->op) + QStringLiteral("\n") + planDetailsText(*e.node);
    if (!why.isEmpty()) tip = why + QStringLiteral("\n") + tip;
    if (!names.isEmpty())
      tip += QStringLiteral("\n") + tr("Findings: %1").arg(names.join(QStringLiteral(", ")));
    for (int c = 0; c < 3; ++c) {
      item->setToolTip(c, tip);
      if (differs[i]) item->setBackground(c, kDiffers);
    }
  }
  tree->expandAll();
}

void CasePlanView::fillFindings() {
  const QSignalBlocker block(p_->findings);
  p_->findings->clear();
  int unattached = 0;
  for (std::size_t f = 0; f < p_->shown.size(); ++f) {
    const hs::Finding& finding = p_->shown[f];
    auto* item = new QTreeWidgetItem(p_->findings);
    item->setData(0, Qt::UserRole, static_cast<int>(f));
    item->setIcon(0, QIcon(FindingStyles::swatch(FindingStyles::groupOf(finding).style, 20, 12)));
    item->setText(0, FindingStyles::categoryLabel(finding));
    QString where;
    for (const QString& side : {QStringLiteral("pred"), QStringLiteral("gold")}) {
      const auto& node = p_->nodesOf(side)[f];
      if (!node) continue;
      const auto& plan = *p_->plan(side);
      where = (side == QLatin1String("pred") ? tr("predicted: %1") : tr("gold: %1"))
                  .arg(planOpText(plan.nodes[*node].node->op));
      break;
    }
    if (where.isEmpty()) {
      where = tr("no plan node");
      ++unattached;
    }
    item->setText(1, where);
    item->setText(2, FindingStyles::messageText(finding));
    item->setToolTip(2, FindingStyles::tooltip(finding));
  }
  const int differing = static_cast<int>(p_->diff.differing());
  QString s = differing == 0 ? tr("The two plans do not differ.")
                             : tr("%n plan node(s) differ (≠ changed, + only in this plan).", "", differing);
  if (!p_->shown.empty())
    s += QStringLiteral(" ") + tr("%n finding(s) attached to their plan nodes (⚑), %1 without a node.", "",
                                  static_cast<int>(p_->shown.size()))
                                   .arg(unattached);
  p_->status->setText(s);
}

void CasePlanView::selectNode(const QString& side, int node) {
  QTreeWidget* tree = p_->tree(side);
  for (QTreeWidgetItemIterator it(tree); *it; ++it)
    if ((*it)->data(0, Qt::UserRole).toInt() == node && (*it)->flags() != Qt::NoItemFlags) {
      const QSignalBlocker block(tree);
      tree->setCurrentItem(*it);
      tree->scrollToItem(*it);
      return;
    }
}

void CasePlanView::selectFinding(int index) {
  if (index < 0 || index >= static_cast<int>(p_->shown.size())) return;
  {
    const QSignalBlocker block(p_->findings);
    p_->findings->setCurrentItem(p_->findings->topLevelItem(index));
  }
  for (const QString& side : {QStringLiteral("pred"), QStringLiteral("gold")}) {
    const auto& node = p_->nodesOf(side)[static_cast<std::size_t>(index)];
    if (node) selectNode(side, static_cast<int>(*node));
  }
}

void CasePlanView::onFindingActivated(QTreeWidgetItem* item) {
  if (!item) return;
  const int index = item->data(0, Qt::UserRole).toInt();
  selectFinding(index);
  emit findingSelected(index);
}

void CasePlanView::onNodeActivated(const QString& side, QTreeWidgetItem* item) {
  if (!item || !p_->plan(side)) return;
  const int node = item->data(0, Qt::UserRole).toInt();
  const auto& attached = p_->nodesOf(side);
  for (std::size_t f = 0; f < attached.size(); ++f)
    if (attached[f] && static_cast<int>(*attached[f]) == node) {
      const QSignalBlocker block(p_->findings);
      p_->findings->setCurrentItem(p_->findings->topLevelItem(static_cast<int>(f)));
      emit findingSelected(static_cast<int>(f));
      return;
    }
  const auto& spans = p_->plan(side)->nodes[static_cast<std::size_t>(node)].node->spans;
  if (!spans.empty())
    emit nodeSelected(side, static_cast<int>(spans.front().begin), static_cast<int>(spans.front().end));
}

QTreeWidget* CasePlanView::goldTree() const {
  return p_->gold;
}
QTreeWidget* CasePlanView::predTree() const {
  return p_->pred;
}
QTreeWidget* CasePlanView::findingList() const {
  return p_->findings;
}
int CasePlanView::findingNode(int finding, const QString& side) const {
  const auto& nodes = p_->nodesOf(side);
  if (finding < 0 || finding >= static_cast<int>(nodes.size()) || !nodes[static_cast<std::size_t>(finding)])
    return -1;
  return static_cast<int>(*nodes[static_cast<std::size_t>(finding)]);
}
int CasePlanView::currentNode(const QString& side) const {
  QTreeWidgetItem* item = p_->tree(side)->currentItem();
  return item && p_->plan(side) ? item->data(0, Qt::UserRole).toInt() : -1;
}
int CasePlanView::differingNodes() const {
  return static_cast<int>(p_->diff.differing());
}
QString CasePlanView::status() const {
  return p_->status->text();
}

}  // namespace hs::ui
