#pragma once
// The verdict of one follow-up detection as the user should read it. "Not flagged" is not the same
// as "consistent": when most MRs failed (errors) and the rest compared an empty result with an
// empty result, nothing was actually checked, and a green badge would be a false reassurance.
#include <QColor>
#include <QString>

namespace hs::mr {
struct DetectResult;
}

namespace hs::ui {

enum class CaseVerdict {
  Flagged,        // at least one MR violated
  Consistent,     // the informative MRs agreed, and they outnumber the failed ones
  CouldNotCheck,  // no informative MR, or more MRs failed than said anything
};

struct CaseVerdictInfo {
  CaseVerdict verdict = CaseVerdict::CouldNotCheck;
  int informative = 0;  // satisfied MRs that compared something (not empty with empty)
  int emptyPairs = 0;   // satisfied MRs whose source and follow-up results were both empty
  int errors = 0;
};

CaseVerdictInfo classifyVerdict(const hs::mr::DetectResult& result);
QString verdictWord(CaseVerdict verdict);  // "Flagged", "Consistent", "Could not check" (translated)
QColor verdictColor(CaseVerdict verdict);

}  // namespace hs::ui
