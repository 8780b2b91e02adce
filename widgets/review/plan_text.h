#pragma once
// A logical plan node as the user reads it on the Plan tab: the operator's name, the keys of its
// details (type, condition, table...) and the engine's words among their values (join types,
// true/false, scalar) in the user's language. The plan keeps the engine's language-neutral words;
// only the display is translated. SQL text and operator symbols stay as written.
#include <QString>

#include "engine/sql/plan_node.h"

namespace hs::ui {

QString planOpText(hs::sql::PlanOp op);
// "type: inner · condition: a.id = b.id", the expressions last, comma-separated.
QString planDetailsText(const hs::sql::PlanNode& node);

}  // namespace hs::ui
