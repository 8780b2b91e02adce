#include <type_traits>

#include "engine/llm/chat.h"

namespace hs::llm {

nlohmann::json toJson(const EndpointProfile& p) {
  return {{"name", p.name},
          {"base_url", p.baseUrl},
          {"model", p.model},
          {"api_key_env", p.apiKeyEnv},
          {"max_concurrency", p.maxConcurrency},
          {"connect_timeout_ms", p.connectTimeoutMs},
          {"timeout_ms", p.timeoutMs},
          {"max_retries", p.maxRetries},
          {"price_per_1k_input", p.pricePer1kInput},
          {"price_per_1k_output", p.pricePer1kOutput}};
}

namespace {

template <class T>
Status readField(const nlohmann::json& j, const char* name, T& out) {
  if (!j.contains(name) || j[name].is_null()) return ok();
  const auto& v = j[name];
  bool good = false;
  if constexpr (std::is_same_v<T, std::string>) {
    good = v.is_string();
  } else if constexpr (std::is_same_v<T, int>) {
    good = v.is_number_integer();
  } else {
    good = v.is_number();
  }
  if (!good) {
    Error e = makeError(
        ErrorKind::BadInput, "profile",
        std::string("endpoint profile field \"") + name + "\" has the wrong type (" + v.type_name() + ")");
    return e;
  }
  out = v.get<T>();
  return ok();
}

}  // namespace

Result<EndpointProfile> profileFromJson(const nlohmann::json& j) {
  if (!j.is_object())
    return makeError(ErrorKind::BadInput, "profile", "endpoint profile is not a JSON object");
  EndpointProfile p;
  for (Status s :
       {readField(j, "name", p.name), readField(j, "base_url", p.baseUrl), readField(j, "model", p.model),
        readField(j, "api_key_env", p.apiKeyEnv), readField(j, "max_concurrency", p.maxConcurrency),
        readField(j, "connect_timeout_ms", p.connectTimeoutMs), readField(j, "timeout_ms", p.timeoutMs),
        readField(j, "max_retries", p.maxRetries), readField(j, "price_per_1k_input", p.pricePer1kInput),
        readField(j, "price_per_1k_output", p.pricePer1kOutput)}) {
    if (!s) return s.error();
  }
  if (p.maxConcurrency < 1) p.maxConcurrency = 1;
  if (p.maxRetries < 0) p.maxRetries = 0;
  return p;
}

}  // namespace hs::llm
