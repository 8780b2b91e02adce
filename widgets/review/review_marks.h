#pragma once
// The Reviewed column of the case list and the review progress ("212 of 1,034 reviewed"): what
// the workspace knows of each case's review (annotations, human verdict, dispute, final label).
#include <QCoreApplication>
#include <QString>

#include <map>

#include "widgets/review/case_list_model.h"

namespace hs::ws {
class Workspace;
}

namespace hs::ui {

class ReviewMarks {
  Q_DECLARE_TR_FUNCTIONS(hs::ui::ReviewMarks)
 public:
  // The marks of the cases of run `runId` that have any (the others are unreviewed).
  static std::map<qint64, CaseListModel::ReviewMark> read(const hs::ws::Workspace& ws, qint64 runId);
  static QString progressText(const CaseListModel& model);  // "" for an empty list
};

}  // namespace hs::ui
