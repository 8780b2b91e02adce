#pragma once
// The Query tab's abstention settings (QSettings "abstain/..."): whether Generate abstains when
// the question looks infeasible or the answer looks wrong (on by default), and whether the two
// optional LLM checks run (the infeasibility classifier before generation, the verifier after it;
// off by default: each costs a model call).
#include "engine/workflow/abstain_generate.h"

namespace hs::ui {

class AbstainPreferences {
 public:
  static bool enabled();
  static void setEnabled(bool on);
  static bool llmClassifier();
  static void setLlmClassifier(bool on);
  static bool llmVerifier();
  static void setLlmVerifier(bool on);
  // The engine's settings from these (default thresholds).
  static workflow::AbstainSettings settings();
};

}  // namespace hs::ui
