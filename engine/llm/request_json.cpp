#include "engine/llm/request_json.h"

#include "engine/core/hash.h"
#include "engine/core/json_input.h"

namespace hs::llm {

namespace {

Error external(std::string code, std::string message) {
  return makeError(ErrorKind::External, std::move(code), std::move(message));
}

// Cuts at a UTF-8 boundary at most maxBytes long.
std::string utf8Prefix(std::string_view s, std::size_t maxBytes) {
  if (s.size() <= maxBytes) return std::string(s);
  std::size_t n = maxBytes;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  return std::string(s.substr(0, n)) + "...";
}

nlohmann::json paramsJson(const SamplingParams& p) {
  nlohmann::json j = nlohmann::json::object();
  if (p.temperature) j["temperature"] = *p.temperature;
  if (p.maxTokens) j["max_tokens"] = *p.maxTokens;
  if (p.seed) j["seed"] = *p.seed;
  if (p.n != 1) j["n"] = p.n;
  if (!p.stop.empty()) j["stop"] = p.stop;
  if (p.logprobs) {
    j["logprobs"] = true;
    if (p.topLogprobs) j["top_logprobs"] = *p.topLogprobs;
  }
  return j;
}

nlohmann::json messagesJson(const ChatRequest& r) {
  nlohmann::json m = nlohmann::json::array();
  for (const auto& msg : r.messages) m.push_back({{"role", msg.role}, {"content", msg.content}});
  return m;
}

}  // namespace

std::string normaliseBaseUrl(std::string_view baseUrl) {
  std::string s(baseUrl);
  while (!s.empty() && (s.back() == '/' || s.back() == ' ')) s.pop_back();
  return s;
}

nlohmann::json requestBody(const std::string& model, const ChatRequest& request) {
  nlohmann::json j = paramsJson(request.params);
  j["model"] = model;
  j["messages"] = messagesJson(request);
  j["stream"] = false;
  return j;
}

std::string canonicalRequest(const std::string& baseUrl, const std::string& model,
                             const ChatRequest& request) {
  nlohmann::json j;
  j["base_url"] = normaliseBaseUrl(baseUrl);
  j["model"] = model;
  j["messages"] = messagesJson(request);
  j["params"] = paramsJson(request.params);
  // nlohmann::json objects keep keys sorted, so dump() is canonical.
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string cacheKey(const std::string& baseUrl, const std::string& model, const ChatRequest& request) {
  return sha256Hex(canonicalRequest(baseUrl, model, request));
}

Result<ChatResponse> parseResponse(std::string_view body, const std::string& requestedModel,
                                   std::int64_t maxBytes) {
  if (maxBytes > 0 && static_cast<std::int64_t>(body.size()) > maxBytes) {
    return external("too_large", "response body of " + std::to_string(body.size()) +
                                     " bytes is larger than the response limit of " +
                                     std::to_string(maxBytes) + " bytes");
  }
  // The bounded reader (engine/core/json_input.h): copying, dumping or destroying a value nested
  // 50,000 deep would overflow the stack, so such a body is refused before a value is built.
  auto parsedBody = parseJsonBounded(body);
  if (!parsedBody) {
    const Error& pe = parsedBody.error();
    std::size_t at = pe.offset.value_or(0);
    if (pe.code == "depth") {
      Error err =
          external("malformed_json", "response body nests JSON deeper than " + std::to_string(kMaxJsonDepth) +
                                         " levels (at byte " + std::to_string(at) + ")");
      err.offset = at;
      return err;
    }
    // A parse error at the very end of the input means the body was cut short.
    bool atEnd = pe.offset && at + 1 >= body.size();
    Error err = external(
        atEnd ? "truncated" : "malformed_json",
        std::string(atEnd ? "response body ends early (truncated JSON)" : "response body is not valid JSON") +
            " after " + std::to_string(body.size()) + " bytes: " + utf8Prefix(body, 120));
    err.offset = at;
    return err;
  }
  nlohmann::json j = std::move(parsedBody.value());
  if (!j.is_object()) return external("malformed_json", "response body is not a JSON object");
  if (!j.contains("choices") || !j["choices"].is_array()) {
    return external("malformed_json", "response has no \"choices\" array: " + utf8Prefix(j.dump(), 160));
  }
  if (j["choices"].empty()) return external("empty_choices", "the server returned no choices");
  ChatResponse r;
  r.rawJson = std::string(body);
  r.model = j.value("model", requestedModel);
  if (!j.contains("model") || !j["model"].is_string()) r.model = requestedModel;
  for (const auto& c : j["choices"]) {
    if (!c.is_object()) return external("malformed_json", "a choice is not an object");
    Choice choice;
    if (c.contains("message") && c["message"].is_object()) {
      const auto& m = c["message"];
      if (m.contains("content") && m["content"].is_string()) choice.text = m["content"].get<std::string>();
    } else if (c.contains("text") && c["text"].is_string()) {  // legacy completions shape
      choice.text = c["text"].get<std::string>();
    } else {
      return external("malformed_json", "a choice has neither \"message\" nor \"text\"");
    }
    if (c.contains("finish_reason") && c["finish_reason"].is_string()) {
      choice.finishReason = c["finish_reason"].get<std::string>();
    }
    if (c.contains("logprobs")) choice.logprobs = c["logprobs"];
    r.choices.push_back(std::move(choice));
  }
  if (j.contains("usage") && j["usage"].is_object()) {
    const auto& u = j["usage"];
    if (u.contains("prompt_tokens") && u["prompt_tokens"].is_number_integer()) {
      r.usage.promptTokens = u["prompt_tokens"].get<std::int64_t>();
    }
    if (u.contains("completion_tokens") && u["completion_tokens"].is_number_integer()) {
      r.usage.completionTokens = u["completion_tokens"].get<std::int64_t>();
    }
  }
  return r;
}

double costOf(const Usage& usage, const EndpointProfile& profile) {
  return static_cast<double>(usage.promptTokens) / 1000.0 * profile.pricePer1kInput +
         static_cast<double>(usage.completionTokens) / 1000.0 * profile.pricePer1kOutput;
}

std::string textExcerpt(std::string_view in, std::size_t maxBytes) {
  std::string text(in);
  for (char& ch : text) {
    if (ch == '\n' || ch == '\r' || ch == '\t') ch = ' ';
  }
  return utf8Prefix(text, maxBytes);
}

std::string promptExcerpt(const ChatRequest& request, std::size_t maxBytes) {
  std::string text;
  for (auto it = request.messages.rbegin(); it != request.messages.rend(); ++it) {
    if (it->role == "user") {
      text = it->content;
      break;
    }
  }
  if (text.empty() && !request.messages.empty()) text = request.messages.back().content;
  for (char& ch : text) {
    if (ch == '\n' || ch == '\r' || ch == '\t') ch = ' ';
  }
  return utf8Prefix(text, maxBytes);
}

}  // namespace hs::llm
