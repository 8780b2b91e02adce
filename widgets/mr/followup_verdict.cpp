#include "widgets/mr/followup_verdict.h"

#include <QCoreApplication>

#include "engine/mr/pipeline.h"

namespace hs::ui {

CaseVerdictInfo classifyVerdict(const hs::mr::DetectResult& r) {
  CaseVerdictInfo info;
  info.errors = int(r.errors);
  for (const auto& stage : r.stages) {
    for (const auto& m : stage.mrs) {
      if (m.verdict != hs::mr::Verdict::Satisfied) continue;
      const bool bothEmpty = m.sourceRows && m.followUpRows && *m.sourceRows == 0 && *m.followUpRows == 0;
      if (bothEmpty) {
        ++info.emptyPairs;
      } else {
        ++info.informative;
      }
    }
  }
  if (r.flagged) {
    info.verdict = CaseVerdict::Flagged;
  } else if (info.informative > 0 && info.errors <= info.informative) {
    info.verdict = CaseVerdict::Consistent;
  } else {
    info.verdict = CaseVerdict::CouldNotCheck;
  }
  return info;
}

QString verdictWord(CaseVerdict verdict) {
  switch (verdict) {
    case CaseVerdict::Flagged:
      return QCoreApplication::translate("hs::ui::FollowUpExplorer", "Flagged");
    case CaseVerdict::Consistent:
      return QCoreApplication::translate("hs::ui::FollowUpExplorer", "Consistent");
    case CaseVerdict::CouldNotCheck:
      return QCoreApplication::translate("hs::ui::FollowUpExplorer", "Could not check");
  }
  return {};
}

QColor verdictColor(CaseVerdict verdict) {
  switch (verdict) {
    case CaseVerdict::Flagged:
      return QColor(0xc6, 0x28, 0x28);
    case CaseVerdict::Consistent:
      return QColor(0x2e, 0x7d, 0x32);
    case CaseVerdict::CouldNotCheck:
      return QColor(0xa0, 0x6a, 0x00);
  }
  return Qt::gray;
}

}  // namespace hs::ui
