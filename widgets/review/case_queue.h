#pragma once
// The review queue over the case list: which listed row comes next or before (only unreviewed
// cases when asked), where case #n or a given case is listed, and the next finding of the shown case.
#include <QtGlobal>

class QAbstractItemView;
class QTreeWidget;

namespace hs::ui {

class CaseFilterProxy;
class CaseListModel;

class CaseQueue {
 public:
  CaseQueue(const CaseListModel* model, const CaseFilterProxy* proxy, const QAbstractItemView* list);

  // The listed row after (delta 1) or before (delta -1) the current one, skipping reviewed cases
  // when `unreviewedOnly`; with no current row the first (or last). -1 past the end.
  int step(int delta, bool unreviewedOnly) const;
  int rowOfNumber(int n) const;        // the listed row of case #n; -1 when absent or filtered out
  int rowOfCase(qint64 caseId) const;  // the listed row of a case; -1 when absent or filtered out
  int number(qint64 caseId) const;     // the # of a case of the shown run, 0 when not in it
  // Makes the finding after (delta 1) or before (-1) the current one current, stopping at the ends.
  // False when the list has no finding.
  static bool stepFinding(QTreeWidget* findings, int delta);

 private:
  const CaseListModel* model_;
  const CaseFilterProxy* proxy_;
  const QAbstractItemView* list_;
};

}  // namespace hs::ui
