#pragma once
// Internal to the causes' repairs (causes_repair*.cpp): the prediction's names for the gold's
// tables, and the textual splice that repairs what the tree edit cannot place.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/annotate/finding.h"
#include "engine/annotate/sql_view.h"

namespace hs::annotate::repair {

// The first top-level SELECT block of a view (null when it has none).
const SelectBlock* mainOf(const SqlView& v);
// A FROM table's qualifier: its alias, else its name.
std::string qualifierOf(const TableRef& t);
// The qualifier the prediction uses for a schema table (its alias, else its name), "" when it is
// not unique; `column` breaks a tie by the main block's one table having that column.
std::string predQualifier(const SqlView& pred, const std::string& table, const std::string& column = {});

// A finding's spans on each side, each side's in text order.
struct SidedSpans {
  std::vector<const FindingSpan*> pred, gold;
};
SidedSpans sidedSpans(const Finding& f);
// A C10 finding whose two sides group in a different number of blocks names both main blocks'
// GROUP BY clauses: those two spans ({null, null} when either is missing).
std::pair<const FindingSpan*, const FindingSpan*> mainGroupBySpans(const SidedSpans& spans,
                                                                   const SqlView& pred, const SqlView& gold);

// The repair made on the tree: a copy of the predicted tree with the gold's nodes put in, printed;
// nullopt when the findings cannot be repaired, and with `asText` set when a part has no node the
// tree edit can place (then textRepair says).
std::optional<std::string> treeRepair(const std::vector<const Finding*>& fs, const SqlView& pred,
                                      const SqlView& gold, bool* asText);
// The repair as text: the gold's parts spliced into the predicted text (nullopt when a part cannot
// be placed or parts overlap).
std::optional<std::string> textRepair(const std::vector<const Finding*>& fs, const SqlView& pred,
                                      const SqlView& gold);

}  // namespace hs::annotate::repair
