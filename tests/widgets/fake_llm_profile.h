#pragma once
// The active LLM profile of a GUI test: the fake OpenAI-compatible server (or an address where
// nothing listens), no retries, short timeouts.
#include <string>

#include "widgets/llm/profile_settings.h"

namespace hs::test {

inline void useFakeProfile(const std::string& baseUrl, const std::string& keyEnv = {}) {
  hs::ui::LlmProfile p;
  p.endpoint.name = "fake";
  p.endpoint.baseUrl = baseUrl;
  p.endpoint.model = "fake-model";
  p.endpoint.apiKeyEnv = keyEnv;
  p.endpoint.maxRetries = 0;
  p.endpoint.connectTimeoutMs = 2000;
  p.endpoint.timeoutMs = 10000;
  hs::ui::ProfileSettings::save({p});
  hs::ui::ProfileSettings::setActiveName("fake");
}

}  // namespace hs::test
