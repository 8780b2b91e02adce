#pragma once
// LLM endpoint profiles and edited prompt templates, persisted in QSettings. Profiles never hold a
// key: only the name of an environment variable, or a flag that the key is in the system keychain.
#include <QString>
#include <QVector>

#include "engine/llm/chat.h"
#include "engine/llm/template.h"

namespace hs::ui {

struct LlmProfile {
  llm::EndpointProfile endpoint;
  bool keyInKeychain = false;  // the key is read from the system keychain (service "HalluSQL")
};

class ProfileSettings {
 public:
  // All profiles; a fresh install gets one for a local Ollama server.
  static QVector<LlmProfile> load();
  static void save(const QVector<LlmProfile>& profiles);
  static QString activeName();
  static void setActiveName(const QString& name);
  // The active profile, or the first one.
  static LlmProfile active();

  // A prompt template: the user's edited text when there is one, else the built-in template.
  static Result<llm::PromptTemplate> promptTemplate(const QString& name);
  static QString editedPromptText(const QString& name);                       // "" when not edited
  static void setEditedPromptText(const QString& name, const QString& text);  // "" restores the built-in
};

}  // namespace hs::ui
