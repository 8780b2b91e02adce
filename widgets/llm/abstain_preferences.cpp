#include "widgets/llm/abstain_preferences.h"

#include <QSettings>

namespace hs::ui {
namespace {
const char* const kEnabled = "abstain/enabled";
const char* const kClassifier = "abstain/llmClassifier";
const char* const kVerifier = "abstain/llmVerifier";
}  // namespace

bool AbstainPreferences::enabled() {
  return QSettings().value(kEnabled, true).toBool();
}
void AbstainPreferences::setEnabled(bool on) {
  QSettings().setValue(kEnabled, on);
}
bool AbstainPreferences::llmClassifier() {
  return QSettings().value(kClassifier, false).toBool();
}
void AbstainPreferences::setLlmClassifier(bool on) {
  QSettings().setValue(kClassifier, on);
}
bool AbstainPreferences::llmVerifier() {
  return QSettings().value(kVerifier, false).toBool();
}
void AbstainPreferences::setLlmVerifier(bool on) {
  QSettings().setValue(kVerifier, on);
}

workflow::AbstainSettings AbstainPreferences::settings() {
  workflow::AbstainSettings s;
  s.llmClassifier = llmClassifier();
  s.llmVerifier = llmVerifier();
  return s;
}

}  // namespace hs::ui
