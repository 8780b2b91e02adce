#include "widgets/llm/profile_settings.h"

#include <QSettings>

#include <nlohmann/json.hpp>

#include "engine/core/json_input.h"

namespace hs::ui {
namespace {

constexpr auto kProfilesKey = "llm/profiles";
constexpr auto kActiveKey = "llm/active";

LlmProfile defaultProfile() {
  LlmProfile p;
  p.endpoint.name = "Ollama (local)";
  p.endpoint.baseUrl = "http://127.0.0.1:11434/v1";
  p.endpoint.model = "qwen2.5-coder:7b";
  p.endpoint.maxConcurrency = 2;
  return p;
}

}  // namespace

QVector<LlmProfile> ProfileSettings::load() {
  QSettings s;
  QVector<LlmProfile> out;
  const QByteArray raw = s.value(kProfilesKey).toByteArray();
  if (!raw.isEmpty()) {
    auto parsed = hs::parseJsonOrDiscarded(raw.toStdString());
    if (parsed.is_array()) {
      for (const auto& j : parsed) {
        auto endpoint = llm::profileFromJson(j);
        if (!endpoint) continue;  // a damaged entry is skipped, the others still load
        LlmProfile p;
        p.endpoint = endpoint.value();
        p.keyInKeychain = j.value("key_in_keychain", false);
        out.push_back(p);
      }
    }
  }
  if (out.isEmpty()) out.push_back(defaultProfile());
  return out;
}

void ProfileSettings::save(const QVector<LlmProfile>& profiles) {
  nlohmann::json arr = nlohmann::json::array();
  for (const auto& p : profiles) {
    nlohmann::json j = llm::toJson(p.endpoint);
    j["key_in_keychain"] = p.keyInKeychain;
    arr.push_back(std::move(j));
  }
  QSettings s;
  s.setValue(kProfilesKey, QByteArray::fromStdString(arr.dump()));
}

QString ProfileSettings::activeName() {
  return QSettings().value(kActiveKey).toString();
}

void ProfileSettings::setActiveName(const QString& name) {
  QSettings().setValue(kActiveKey, name);
}

LlmProfile ProfileSettings::active() {
  const auto all = load();
  const QString name = activeName();
  for (const auto& p : all) {
    if (QString::fromStdString(p.endpoint.name) == name) return p;
  }
  return all.front();
}

Result<llm::PromptTemplate> ProfileSettings::promptTemplate(const QString& name) {
  const QString edited = editedPromptText(name);
  if (!edited.isEmpty()) {
    return llm::parseTemplate(edited.toStdString(), "edited prompt '" + name.toStdString() + "'");
  }
  return llm::builtinTemplate(name.toStdString());
}

QString ProfileSettings::editedPromptText(const QString& name) {
  return QSettings().value("prompts/" + name).toString();
}

void ProfileSettings::setEditedPromptText(const QString& name, const QString& text) {
  QSettings s;
  if (text.isEmpty()) {
    s.remove("prompts/" + name);
  } else {
    s.setValue("prompts/" + name, text);
  }
}

}  // namespace hs::ui
