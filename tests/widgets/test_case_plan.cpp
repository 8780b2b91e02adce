// The Plan tab of the case view (issue 14): gold and predicted plans side by side, the differing
// nodes marked by colour and by a text marker, findings attached to the node their span belongs
// to, and selection going both ways between findings and nodes (offscreen, hand-made case).
#include <QSignalSpy>
#include <QTabWidget>
#include <QTreeWidget>
#include <QtTest>

#include "engine/core/case.h"
#include "engine/eval/runner.h"
#include "widgets/language_controller.h"
#include "widgets/review/case_plan_view.h"
#include "widgets/review/case_view.h"
#include "widgets/sql_editor.h"

using namespace hs::ui;

namespace {

const std::string kGold = "SELECT name FROM singer WHERE age > 40";
const std::string kPred = "SELECT name FROM singer WHERE age <= 40";

hs::Finding finding(const std::string& category, std::size_t begin, std::size_t end,
                    const std::string& message) {
  hs::Finding f;
  f.taxonomy = "tasql";
  f.category = category;
  f.message = message;
  f.spans = {{"pred", begin, end}};
  return f;
}

QTreeWidgetItem* itemOfNode(QTreeWidget* tree, int node) {
  for (QTreeWidgetItemIterator it(tree); *it; ++it)
    if ((*it)->data(0, Qt::UserRole).toInt() == node) return *it;
  return nullptr;
}

}  // namespace

class TestCasePlan : public QObject {
  Q_OBJECT

  hs::Case kase_;
  hs::eval::CaseOutcome outcome_;

 private slots:
  void initTestCase() {
    kase_.id = "t1";
    kase_.dbId = "none";
    kase_.question = "Singers over 40?";
    kase_.goldSql = kGold;
    kase_.predSql = kPred;
    const std::size_t op = kPred.find("<=");
    outcome_.findings = {finding("Mathematical Delusion", op, op + 2, "the comparison is inverted"),
                         finding("Attribute Overanalysis", 7, 11, "a column")};
  }

  void showsBothPlansWithTheDifferenceMarked() {
    CaseView view;
    view.resize(1200, 800);
    view.setCase(kase_, outcome_);
    CasePlanView* plan = view.planView();
    QVERIFY(plan);
    QCOMPARE(view.tabs()->indexOf(plan), 3);
    QCOMPARE(view.tabs()->tabText(3), QString("Plan (2 differ)"));
    QCOMPARE(plan->differingNodes(), 2);
    // Project > Filter > Scan on both sides; only the Filter differs, by colour and by marker
    for (QTreeWidget* tree : {plan->goldTree(), plan->predTree()}) {
      QTreeWidgetItem* project = itemOfNode(tree, 0);
      QTreeWidgetItem* filter = itemOfNode(tree, 1);
      QTreeWidgetItem* scan = itemOfNode(tree, 2);
      QVERIFY(project && filter && scan);
      QCOMPARE(filter->parent(), project);
      QCOMPARE(filter->text(0), QString("≠ Filter"));
      QVERIFY(filter->background(0).color().isValid() && filter->background(0).style() != Qt::NoBrush);
      QCOMPARE(project->text(0), QString("Project"));
      QCOMPARE(scan->text(0), QString("Scan"));
      QCOMPARE(scan->background(0).style(), Qt::NoBrush);
      QVERIFY(filter->toolTip(0).contains("Differs from the other plan"));
    }
    QVERIFY(itemOfNode(plan->goldTree(), 1)->text(1).contains("age > 40"));
    QVERIFY(itemOfNode(plan->predTree(), 1)->text(1).contains("age <= 40"));
    // the findings are on their nodes: the operator on the Filter, the column on the Project
    QCOMPARE(plan->findingNode(0, "pred"), 1);
    QCOMPARE(plan->findingNode(1, "pred"), 0);
    QCOMPARE(plan->findingNode(0, "gold"), -1);
    QCOMPARE(itemOfNode(plan->predTree(), 1)->text(2), QString("⚑ 1"));
    QCOMPARE(itemOfNode(plan->predTree(), 2)->text(2), QString());
    QCOMPARE(plan->findingList()->topLevelItemCount(), 2);
    QCOMPARE(plan->findingList()->topLevelItem(0)->text(1), QString("predicted: Filter"));
    QVERIFY(plan->status().contains("2 plan node(s) differ"));
  }

  void selectionGoesBothWays() {
    CaseView view;
    view.resize(1200, 800);
    view.setCase(kase_, outcome_);
    CasePlanView* plan = view.planView();
    QSignalSpy activated(&view, &CaseView::findingActivated);

    // a finding picked in the plan's list selects its node and its span in the editor
    plan->findingList()->setCurrentItem(plan->findingList()->topLevelItem(0));
    QCOMPARE(plan->currentNode("pred"), 1);
    QCOMPARE(activated.size(), 1);
    QCOMPARE(activated.last().at(0).toInt(), 0);
    const long op = static_cast<long>(kPred.find("<="));
    QCOMPARE(view.predEditor()->SendScintilla(QsciScintillaBase::SCI_GETSELECTIONSTART), op);
    QCOMPARE(view.predEditor()->SendScintilla(QsciScintillaBase::SCI_GETSELECTIONEND), op + 2);

    // a node picked in the tree selects its finding, here and in the Findings tab
    plan->predTree()->setCurrentItem(itemOfNode(plan->predTree(), 0));
    QCOMPARE(activated.size(), 2);
    QCOMPARE(activated.last().at(0).toInt(), 1);
    QCOMPARE(plan->findingList()->currentItem(), plan->findingList()->topLevelItem(1));
    QCOMPARE(view.findingList()->currentItem(), view.findingList()->topLevelItem(1));

    // a finding activated elsewhere (the Findings tab) selects its node in the plan
    view.activateFinding(0);
    QCOMPARE(plan->currentNode("pred"), 1);
    QCOMPARE(plan->findingList()->currentItem(), plan->findingList()->topLevelItem(0));

    // a node without findings selects its own span in the editor, and no finding
    plan->goldTree()->setCurrentItem(itemOfNode(plan->goldTree(), 2));
    QCOMPARE(activated.size(), 3);  // only the activateFinding(0) above
    const long table = static_cast<long>(kGold.find("singer"));
    QCOMPARE(view.goldEditor()->SendScintilla(QsciScintillaBase::SCI_GETSELECTIONSTART), table);
    QCOMPARE(view.goldEditor()->SendScintilla(QsciScintillaBase::SCI_GETSELECTIONEND), table + 6);
  }

  void missingOrBrokenSql() {
    CaseView view;
    hs::Case broken = kase_;
    broken.predSql = "SELECT name FROM WHERE";
    view.setCase(broken, hs::eval::CaseOutcome{});
    CasePlanView* plan = view.planView();
    QCOMPARE(plan->predTree()->topLevelItemCount(), 1);
    QVERIFY(plan->predTree()->topLevelItem(0)->text(0).startsWith("No plan: the SQL does not parse"));
    QCOMPARE(plan->predTree()->topLevelItem(0)->flags(), Qt::NoItemFlags);
    QCOMPARE(plan->goldTree()->topLevelItem(0)->text(0), QString("+ Project"));  // only in the gold plan
    QCOMPARE(plan->currentNode("pred"), -1);
    hs::Case noPred = kase_;
    noPred.predSql.reset();
    view.setCase(noPred, hs::eval::CaseOutcome{});
    QCOMPARE(plan->predTree()->topLevelItem(0)->text(0), QString("No SQL on this side."));
    view.clear();
    QCOMPARE(plan->goldTree()->topLevelItemCount(), 0);
    QCOMPARE(view.tabs()->tabText(3), QString("Plan"));
  }

  // Under zh_CN the details read "type: inner · condition: ..." and the operators "Join", "Filter":
  // the engine's keys and words. They are translated at display time; the SQL text stays.
  void detailsInTheUsersLanguage() {
    LanguageController lang;
    QVERIFY(lang.setLanguage(QStringLiteral("zh_CN")));
    CaseView view;
    hs::Case join = kase_;
    join.goldSql = "SELECT s.name FROM singer AS s JOIN concert AS c ON s.id = c.singer_id";
    join.predSql = "SELECT s.name FROM singer AS s LEFT JOIN concert AS c ON s.id = c.singer_id";
    view.setCase(join, hs::eval::CaseOutcome{});
    CasePlanView* plan = view.planView();
    QTreeWidgetItem* joinItem = itemOfNode(plan->goldTree(), 1);
    QVERIFY(joinItem);
    const QString details = joinItem->text(1);
    QVERIFY2(!details.contains("type:") && !details.contains("condition:") && !details.contains("inner"),
             qPrintable(details));
    QVERIFY2(details.contains(QString::fromUtf8("类型")) && details.contains(QString::fromUtf8("内连接")),
             qPrintable(details));
    QVERIFY2(details.contains("s.id = c.singer_id"), qPrintable(details));  // the SQL as written
    QVERIFY2(!joinItem->text(0).contains("Join"), qPrintable(joinItem->text(0)));
    QVERIFY(itemOfNode(plan->predTree(), 1)->text(1).contains(QString::fromUtf8("左外连接")));
    QVERIFY(lang.setLanguage(QStringLiteral("en")));
    view.setCase(join, hs::eval::CaseOutcome{});
    QVERIFY(itemOfNode(plan->goldTree(), 1)->text(1).contains("type: inner · condition: s.id = c.singer_id"));
  }
};

QTEST_MAIN(TestCasePlan)
#include "test_case_plan.moc"
