#pragma once
// The reason of an abstention in the user's language, built from the engine's structured verdict
// (engine/workflow/abstain_generate.h): which check abstained, the word the schema lacks, the
// cue, the score and the threshold.
#include <QCoreApplication>
#include <QString>

#include "engine/workflow/abstain_generate.h"

namespace hs::ui {

class AbstainText {
  Q_DECLARE_TR_FUNCTIONS(hs::ui::AbstainText)

 public:
  // "the question asks for 'salary', which no table, column or stored value has"; "" when answered.
  static QString reason(const workflow::AbstainVerdict& verdict);
  // "Abstained: <reason>."
  static QString headline(const workflow::AbstainVerdict& verdict);
  // One line per check that ran: "schema linking 0.30 (abstains at 0.50)".
  static QString checks(const workflow::AbstainVerdict& verdict);
};

}  // namespace hs::ui
