#pragma once
// JSON of the chat completion wire format: request bodies, the canonical form the cache key is
// computed from, and response parsing with typed errors.
#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/llm/chat.h"

namespace hs::llm {

// "http://h:1/v1/" -> "http://h:1/v1" (the form used in URLs, transcripts and cache keys).
std::string normaliseBaseUrl(std::string_view baseUrl);

// The body POSTed to {base_url}/chat/completions.
nlohmann::json requestBody(const std::string& model, const ChatRequest& request);

// Canonical JSON (sorted keys, no whitespace) of base URL, model, messages and every sampling
// parameter. Never contains a key. The cache key is its SHA-256.
std::string canonicalRequest(const std::string& baseUrl, const std::string& model,
                             const ChatRequest& request);
std::string cacheKey(const std::string& baseUrl, const std::string& model, const ChatRequest& request);

// Default bound on a response body read back (from the network or the cache): 32 MiB, the
// client's default response limit.
inline constexpr std::int64_t kMaxResponseBodyBytes = 32LL << 20;

// Parses a 200 response body through the bounded JSON reader (nesting depth kMaxJsonDepth).
// Errors (ErrorKind::External): "malformed_json" (not JSON, nested too deep, or not the expected
// shape), "truncated" (JSON cut short), "empty_choices", "too_large" (more than maxBytes; 0: no
// bound).
Result<ChatResponse> parseResponse(std::string_view body, const std::string& requestedModel,
                                   std::int64_t maxBytes = kMaxResponseBodyBytes);

double costOf(const Usage& usage, const EndpointProfile& profile);

// A short excerpt of the last user message (for "offline_miss" and logs).
std::string promptExcerpt(const ChatRequest& request, std::size_t maxBytes = 80);
// One line, at most maxBytes (cut on a UTF-8 boundary, "..." appended when cut).
std::string textExcerpt(std::string_view text, std::size_t maxBytes = 80);

}  // namespace hs::llm
