#pragma once
// The Plan tab of the case view (issue 14, seed 003): the logical plans of the gold and the
// predicted SQL side by side as trees, the nodes that differ between them marked (a background
// colour and a text marker: "≠" changed, "+" only in this plan), and every finding attached to the
// plan node its span belongs to. The mapping and the diff are the engine's
// (engine/sql/plan_locate.h), the same ones the detector bench measures localisation with; this
// view only shows them. Selecting a finding selects its node, selecting a node its first finding.
#include <QWidget>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/finding.h"

namespace hs::db {
struct Schema;
}

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace hs::ui {

class CasePlanView : public QWidget {
  Q_OBJECT
 public:
  explicit CasePlanView(QWidget* parent = nullptr);
  ~CasePlanView() override;

  // Builds both plans (`schema`, may be null, resolves the names) and attaches `findings`. A
  // missing or unparsable query shows why instead of its plan.
  void setCase(const std::optional<std::string>& gold, const std::optional<std::string>& pred,
               const std::vector<hs::Finding>& findings, const hs::db::Schema* schema);
  void clear();
  void retranslate();

  // Selects finding `index` in the list and its node in the tree (predicted side first), without
  // emitting anything.
  void selectFinding(int index);

  QTreeWidget* goldTree() const;
  QTreeWidget* predTree() const;
  QTreeWidget* findingList() const;
  // The node (pre-order id) a finding is attached to on "pred" or "gold"; -1 when none.
  int findingNode(int finding, const QString& side) const;
  // The node id of the tree's current item; -1 when none.
  int currentNode(const QString& side) const;
  int differingNodes() const;  // on both sides
  QString status() const;      // the line above the trees

 signals:
  // The user picked a finding, in the list or through its node.
  void findingSelected(int index);
  // The user picked a node without findings: its first span, to select in the editor.
  void nodeSelected(const QString& side, int begin, int end);

 private:
  struct Parts;
  std::unique_ptr<Parts> p_;

  void fillTree(const QString& side);
  void fillFindings();
  void onNodeActivated(const QString& side, QTreeWidgetItem* item);
  void onFindingActivated(QTreeWidgetItem* item);
  void selectNode(const QString& side, int node);
};

}  // namespace hs::ui
