#pragma once
// Shared helpers of the engine/llm tests: the fake server and a client pointed at it.
#include <QElapsedTimer>
#include <QtTest>

#include <memory>
#include <string>

#include "engine/llm/client.h"
#include "support/fake_llm/fake_llm.h"

namespace hs::test {

inline std::string fakeLlmScript() {
  return HALLUSQL_SOURCE_DIR "/tests/support/fake_llm/fake_llm_server.py";
}

inline llm::EndpointProfile fakeProfile(const FakeLlmServer& server) {
  llm::EndpointProfile p;
  p.name = "fake";
  p.baseUrl = server.baseUrl();
  p.model = "fake-model";
  p.maxConcurrency = 4;
  p.connectTimeoutMs = 2000;
  p.timeoutMs = 10000;
  p.maxRetries = 3;
  p.pricePer1kInput = 0.5;
  p.pricePer1kOutput = 1.5;
  return p;
}

inline llm::ClientOptions fastOptions(const llm::EndpointProfile& p,
                                      std::shared_ptr<llm::CallStore> store = {}) {
  llm::ClientOptions o;
  o.profile = p;
  o.store = std::move(store);
  o.backoffBaseMs = 20;  // keep retry tests quick; Retry-After still wins when sent
  o.backoffMaxMs = 200;
  return o;
}

inline std::unique_ptr<llm::Client> makeClient(llm::ClientOptions o) {
  auto c = llm::Client::create(std::move(o));
  if (!c) qFatal("cannot create client: %s", c.error().message.c_str());
  return std::move(c.value());
}

inline llm::ChatRequest userRequest(const std::string& text) {
  llm::ChatRequest r;
  r.messages = {{"system", "You write SQLite."}, {"user", text}};
  r.params.temperature = 0.0;
  r.templateName = "test";
  r.templateVersion = "1";
  return r;
}

}  // namespace hs::test
