#include "widgets/review/case_view.h"

#include <QGuiApplication>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <optional>

#include "engine/core/case.h"
#include "engine/eval/runner.h"
#include "widgets/case_finding_styles.h"
#include "widgets/pane_focus.h"
#include "widgets/review/case_edit_list.h"
#include "widgets/review/case_header.h"
#include "widgets/review/case_plan_view.h"
#include "widgets/review/case_result_pair.h"
#include "widgets/review/case_sql_pair.h"
#include "widgets/sql_editor.h"

namespace hs::ui {

struct CaseView::Parts {
  CaseHeader* header = nullptr;
  CaseSqlPair* sql = nullptr;
  QTabWidget* tabs = nullptr;
  QTreeWidget* findings = nullptr;
  CaseEditList* edits = nullptr;
  CaseResultPair* results = nullptr;
  CasePlanView* plan = nullptr;
  std::vector<hs::Finding> shown;  // the findings of the list, in its order
  std::optional<hs::Case> kase;    // what is shown, to show it again in another language
  std::optional<hs::eval::CaseOutcome> outcome;
};

namespace {

QString q(const std::string& s) {
  return QString::fromStdString(s);
}

QTreeWidget* makeFindingList(QWidget* parent) {
  auto* list = new QTreeWidget(parent);
  list->setObjectName(QStringLiteral("caseFindingList"));
  list->setColumnCount(4);
  list->setRootIsDecorated(false);
  list->setUniformRowHeights(true);
  list->setAlternatingRowColors(true);
  list->setSelectionMode(QAbstractItemView::SingleSelection);
  list->header()->setStretchLastSection(true);
  list->header()->resizeSection(0, 120);
  list->header()->resizeSection(1, 200);
  list->header()->resizeSection(2, 250);
  showFocusFrame(list);
  return list;
}

}  // namespace

CaseView::CaseView(QWidget* parent) : QWidget(parent), p_(std::make_unique<Parts>()) {
  setObjectName(QStringLiteral("caseView"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(6, 6, 6, 6);
  layout->setSpacing(6);
  p_->header = new CaseHeader(this);
  layout->addWidget(p_->header);

  auto* split = new QSplitter(Qt::Vertical, this);
  split->setChildrenCollapsible(false);
  p_->sql = new CaseSqlPair(split);
  p_->tabs = new QTabWidget(split);
  p_->tabs->setObjectName(QStringLiteral("caseViewTabs"));
  p_->findings = makeFindingList(p_->tabs);
  p_->edits = new CaseEditList(p_->tabs);
  p_->results = new CaseResultPair(p_->tabs);
  p_->plan = new CasePlanView(p_->tabs);
  p_->tabs->addTab(p_->findings, tr("Findings"));
  p_->tabs->addTab(p_->edits, tr("Edit script"));
  p_->tabs->addTab(p_->results, tr("Results"));
  p_->tabs->addTab(p_->plan, tr("Plan"));
  split->addWidget(p_->sql);
  split->addWidget(p_->tabs);
  split->setStretchFactor(0, 2);
  split->setStretchFactor(1, 3);
  split->setSizes({330, 500});  // the SQL is a few wrapped lines; the tabs get the rest
  layout->addWidget(split, 1);

  // Keyboard moves activate through currentItemChanged; a mouse click (also on the current item,
  // to jump back to it) through itemClicked only, so one click activates once.
  connect(p_->findings, &QTreeWidget::currentItemChanged, this,
          [this](QTreeWidgetItem* item, QTreeWidgetItem*) {
            if (item && QGuiApplication::mouseButtons() == Qt::NoButton)
              activateFinding(p_->findings->indexOfTopLevelItem(item));
          });
  connect(p_->findings, &QTreeWidget::itemClicked, this,
          [this](QTreeWidgetItem* item, int) { activateFinding(p_->findings->indexOfTopLevelItem(item)); });
  connect(p_->edits, &CaseEditList::editActivated, this, &CaseView::activateEdit);
  connect(p_->plan, &CasePlanView::findingSelected, this, &CaseView::activateFinding);
  connect(p_->plan, &CasePlanView::nodeSelected, this, [this](const QString& side, int begin, int end) {
    p_->sql->clearSelections();
    p_->sql->selectSpan(side.toStdString(), static_cast<std::size_t>(begin), static_cast<std::size_t>(end));
  });
  retranslate();
}

void CaseView::retranslate() {
  p_->findings->setHeaderLabels({tr("Taxonomy"), tr("Category"), tr("Subcategory"), tr("Message")});
  p_->edits->retranslate();
  p_->plan->retranslate();
  if (p_->kase && p_->outcome) {
    const hs::Case kase = *p_->kase;  // setCase clears the stored copies first
    const hs::eval::CaseOutcome outcome = *p_->outcome;
    setCase(kase, outcome);
  } else {
    clear();
  }
}

void CaseView::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() == QEvent::LanguageChange) retranslate();
}

CaseView::~CaseView() = default;

void CaseView::clear() {
  p_->header->clear();
  p_->sql->clear();
  p_->findings->clear();
  p_->shown.clear();
  p_->kase.reset();
  p_->outcome.reset();
  p_->edits->clearEdits();
  p_->results->clear();
  p_->plan->clear();
  p_->tabs->setTabText(0, tr("Findings"));
  p_->tabs->setTabText(1, tr("Edit script"));
  p_->tabs->setTabText(2, tr("Results"));
  p_->tabs->setTabText(3, tr("Plan"));
}

void CaseView::setCase(const hs::Case& kase, const hs::eval::CaseOutcome& outcome) {
  clear();
  p_->header->setCase(kase, outcome);
  p_->sql->setSql(kase.goldSql, kase.predSql, q(kase.model), kase.abstention && kase.abstention->abstained);
  p_->sql->setFindings(outcome.findings);

  p_->shown = outcome.findings;
  {
    const QSignalBlocker block(p_->findings);
    for (const hs::Finding& f : p_->shown) {
      auto* item = new QTreeWidgetItem(p_->findings);
      const FindingStyleGroup g = FindingStyles::groupOf(f);
      item->setIcon(0, QIcon(FindingStyles::swatch(g.style, 20, 12)));
      item->setText(0, FindingStyles::taxonomyLabel(q(f.taxonomy)));
      item->setText(1, FindingStyles::categoryLabel(f));  // the engine's table names it, translated
      item->setToolTip(1, FindingStyles::categoryDescription(f));
      item->setText(2, FindingStyles::subcategoryText(f));
      item->setText(3, FindingStyles::messageText(f));
      item->setToolTip(3, FindingStyles::tooltip(f));
      if (f.spans.empty()) item->setToolTip(0, tr("This finding has no span in the SQL"));
    }
    if (p_->shown.empty()) {  // a note, not a finding: it cannot be selected or activated
      auto* note = new QTreeWidgetItem(p_->findings);
      note->setText(0, tr("No findings: no rule fired on this case."));
      note->setFirstColumnSpanned(true);
      note->setFlags(Qt::NoItemFlags);
    }
  }
  // The message is the finding's reason, its tooltip out of a keyboard user's reach: the other
  // columns fit their text, and the message gets the width they leave.
  for (int c = 0; c < 3 && !p_->shown.empty(); ++c) {
    p_->findings->resizeColumnToContents(c);
    p_->findings->header()->resizeSection(c,
                                          std::clamp(p_->findings->header()->sectionSize(c) + 12, 60, 220));
  }
  p_->tabs->setTabText(0, tr("Findings (%1)").arg(p_->shown.size()));

  p_->edits->setQueries(kase.goldSql, kase.predSql, outcome.dbPath);
  p_->tabs->setTabText(1, p_->edits->edits().empty() ? tr("Edit script")
                                                     : tr("Edit script (%1)").arg(p_->edits->edits().size()));
  const bool hasGold = kase.goldSql && !kase.goldSql->empty();
  const bool hasPred = kase.predSql && !kase.predSql->empty();
  p_->results->setOutcome(outcome, hasGold, hasPred);
  const auto schema = outcome.dbPath.empty() ? nullptr : p_->edits->schemaOf(outcome.dbPath);
  p_->plan->setCase(kase.goldSql, kase.predSql, outcome.findings, schema.get());
  p_->tabs->setTabText(3, p_->plan->differingNodes() == 0
                              ? tr("Plan")
                              : tr("Plan (%n differ)", "", p_->plan->differingNodes()));
  p_->kase = kase;
  p_->outcome = outcome;
}

void CaseView::activateFinding(int index) {
  if (index < 0 || index >= static_cast<int>(p_->shown.size())) return;
  const hs::Finding& f = p_->shown[static_cast<std::size_t>(index)];
  p_->sql->clearSelections();
  // The first span of each side: the predicted one is where the finding is, the gold one its match.
  bool gold = false, pred = false;
  for (const hs::FindingSpan& s : f.spans) {
    bool& done = s.side == "gold" ? gold : pred;
    if (!done) done = p_->sql->selectSpan(s.side, s.begin, s.end);
  }
  if (QTreeWidgetItem* item = p_->findings->topLevelItem(index);
      item && p_->findings->currentItem() != item) {
    const QSignalBlocker block(p_->findings);
    p_->findings->setCurrentItem(item);
  }
  p_->plan->selectFinding(index);
  emit findingActivated(index);
}

void CaseView::activateEdit(int index) {
  const auto& edits = p_->edits->edits();
  if (index < 0 || index >= static_cast<int>(edits.size())) return;
  const hs::sql::Edit& e = edits[static_cast<std::size_t>(index)];
  p_->sql->clearSelections();
  if (e.gold) p_->sql->selectSpan("gold", e.gold->begin, e.gold->end);
  if (e.pred) p_->sql->selectSpan("pred", e.pred->begin, e.pred->end);
}

SqlEditor* CaseView::goldEditor() const {
  return p_->sql->gold();
}
SqlEditor* CaseView::predEditor() const {
  return p_->sql->pred();
}
QTreeWidget* CaseView::findingList() const {
  return p_->findings;
}
QTreeWidget* CaseView::editList() const {
  return p_->edits;
}
QTableView* CaseView::goldTable() const {
  return p_->results->goldTable();
}
QTableView* CaseView::predTable() const {
  return p_->results->predTable();
}
QStringList CaseView::legendEntries() const {
  return p_->sql->legendEntries();
}
QString CaseView::headerText() const {
  return p_->header->plainText();
}
QString CaseView::goldResultMessage() const {
  return p_->results->goldMessage();
}
QString CaseView::predResultMessage() const {
  return p_->results->predMessage();
}
QString CaseView::resultSummary() const {
  return p_->results->summary();
}
QString CaseView::editScriptStatus() const {
  return p_->edits->status();
}
QTabWidget* CaseView::tabs() const {
  return p_->tabs;
}
CasePlanView* CaseView::planView() const {
  return p_->plan;
}

}  // namespace hs::ui
