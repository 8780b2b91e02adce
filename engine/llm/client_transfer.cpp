#include "engine/llm/client_transfer.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cstring>

#include "engine/core/json_input.h"
#include "engine/llm/request_json.h"

namespace hs::llm::detail {

namespace {

// curl hands over decoded (decompressed) bytes, so the limit counts what is actually held.
std::size_t onBody(char* data, std::size_t size, std::size_t n, void* user) {
  auto* job = static_cast<Job*>(user);
  std::size_t len = size * n;
  if (job->maxResponseBytes > 0 &&
      static_cast<std::int64_t>(job->response.size() + len) > job->maxResponseBytes) {
    job->tooLarge = true;
    return 0;  // not `len`: curl aborts the transfer with CURLE_WRITE_ERROR
  }
  job->response.append(data, len);
  return len;
}

std::size_t onHeader(char* data, std::size_t size, std::size_t n, void* user) {
  auto* job = static_cast<Job*>(user);
  std::size_t len = size * n;
  std::string line(data, len);
  // A new status line (e.g. after "100 Continue") starts a new header block.
  if (line.rfind("HTTP/", 0) == 0) job->retryAfterSeconds.reset();
  constexpr const char* kName = "retry-after:";
  if (len > std::strlen(kName)) {
    bool match = true;
    for (std::size_t i = 0; i < std::strlen(kName); ++i) {
      if (std::tolower(static_cast<unsigned char>(line[i])) != kName[i]) {
        match = false;
        break;
      }
    }
    if (match) {
      std::string v = line.substr(std::strlen(kName));
      std::size_t b = v.find_first_not_of(" \t");
      if (b != std::string::npos && std::isdigit(static_cast<unsigned char>(v[b]))) {
        try {
          job->retryAfterSeconds = std::stol(v.substr(b));
        } catch (const std::exception&) {
        }
      }  // an HTTP-date Retry-After falls back to the exponential backoff
    }
  }
  return len;
}

// The server's own error message, when its body has the usual {"error": {"message": ...}} shape.
std::string serverMessage(const std::string& body) {
  if (auto parsed = parseJsonBounded(body)) {
    const nlohmann::json& j = parsed.value();
    if (j.is_object() && j.contains("error")) {
      const auto& e = j["error"];
      if (e.is_object() && e.contains("message") && e["message"].is_string())
        return e["message"].get<std::string>();
      if (e.is_string()) return e.get<std::string>();
    }
  }
  std::string s = body.substr(0, 200);
  for (char& c : s) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  return s;
}

Error external(std::string code, std::string message) {
  return makeError(ErrorKind::External, std::move(code), std::move(message));
}

}  // namespace

Job::~Job() {
  releaseHandle();
}

void Job::releaseHandle() {
  if (easy) curl_easy_cleanup(easy);
  easy = nullptr;
  if (headers) curl_slist_free_all(headers);
  headers = nullptr;
}

bool prepareTransfer(Job& job, const EndpointProfile& profile, const std::string& url,
                     const std::string& apiKey) {
  job.releaseHandle();
  job.response.clear();
  job.retryAfterSeconds.reset();
  job.tooLarge = false;
  job.errorBuffer[0] = '\0';
  job.easy = curl_easy_init();
  if (!job.easy) return false;
  CURL* e = job.easy;
  curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(e, CURLOPT_URL, url.c_str());
  curl_easy_setopt(e, CURLOPT_POST, 1L);
  curl_easy_setopt(e, CURLOPT_POSTFIELDS, job.body.c_str());
  curl_easy_setopt(e, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(job.body.size()));
  long long left = std::max(1LL, msLeft(job));
  long long connect =
      profile.connectTimeoutMs > 0 ? std::min<long long>(profile.connectTimeoutMs, left) : left;
  curl_easy_setopt(e, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(connect));
  if (job.hasDeadline) curl_easy_setopt(e, CURLOPT_TIMEOUT_MS, static_cast<long>(left));
  if (job.maxResponseBytes > 0) {
    // Refused early when the server announces a larger (compressed) body; decoded bytes are
    // counted in onBody.
    curl_easy_setopt(e, CURLOPT_MAXFILESIZE_LARGE, static_cast<curl_off_t>(job.maxResponseBytes));
  }
  curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, onBody);
  curl_easy_setopt(e, CURLOPT_WRITEDATA, &job);
  curl_easy_setopt(e, CURLOPT_HEADERFUNCTION, onHeader);
  curl_easy_setopt(e, CURLOPT_HEADERDATA, &job);
  curl_easy_setopt(e, CURLOPT_ERRORBUFFER, job.errorBuffer);
  curl_easy_setopt(e, CURLOPT_PRIVATE, &job);
  curl_easy_setopt(e, CURLOPT_ACCEPT_ENCODING, "");
  curl_easy_setopt(e, CURLOPT_PROTOCOLS_STR, "http,https");
  job.headers = curl_slist_append(job.headers, "Content-Type: application/json");
  job.headers = curl_slist_append(job.headers, "Expect:");  // no 100-continue round trip
  if (!apiKey.empty()) {
    std::string auth = "Authorization: Bearer " + apiKey;
    job.headers = curl_slist_append(job.headers, auth.c_str());
    std::fill(auth.begin(), auth.end(), '\0');
  }
  curl_easy_setopt(e, CURLOPT_HTTPHEADER, job.headers);
  job.started = Clock::now();
  ++job.attempts;
  return true;
}

long long msLeft(const Job& job) {
  if (!job.hasDeadline) return INT_MAX;
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(job.deadline - Clock::now()).count();
  return std::max<long long>(0, ms);
}

Outcome classify(Job& job, CURLcode rc, const EndpointProfile& profile, const std::string& apiKey) {
  Outcome out;
  const std::string where = normaliseBaseUrl(profile.baseUrl);
  auto fail = [&](std::string code, std::string message, bool retryable) {
    Error e = external(std::move(code), redact(std::move(message), apiKey));
    e.where = where;
    out.error = std::move(e);
    out.retryable = retryable;
    return out;
  };
  std::string curlMsg =
      job.errorBuffer[0] ? std::string(job.errorBuffer) : std::string(curl_easy_strerror(rc));
  auto tooLarge = [&] {
    return fail("response_too_large",
                "the endpoint's response is larger than " + std::to_string(job.maxResponseBytes >> 20) +
                    " MB (counted after decompression); the transfer was stopped",
                false);
  };
  switch (rc) {
    case CURLE_OK:
      break;
    case CURLE_WRITE_ERROR:
      if (job.tooLarge) return tooLarge();
      return fail("network", "network error: " + curlMsg, false);
    case CURLE_FILESIZE_EXCEEDED:
      return tooLarge();
    case CURLE_OPERATION_TIMEDOUT:
      if (msLeft(job) == 0) {
        return fail("timeout",
                    "the endpoint did not answer within the call's overall limit of " +
                        std::to_string(profile.timeoutMs) +
                        " ms (attempts and retries together; raise it with "
                        "--timeout-ms): " +
                        curlMsg,
                    false);
      }
      return fail("timeout",
                  "the endpoint did not answer in time (connect " + std::to_string(profile.connectTimeoutMs) +
                      " ms, overall " + std::to_string(profile.timeoutMs) + " ms): " + curlMsg,
                  true);
    case CURLE_COULDNT_CONNECT:
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_RESOLVE_PROXY:
      return fail("unreachable",
                  "cannot reach the LLM endpoint " + where + ": " + curlMsg +
                      " (is the server running? for Ollama: `ollama serve`, base URL "
                      "http://127.0.0.1:11434/v1)",
                  false);
    case CURLE_PARTIAL_FILE:
      return fail("truncated", "the response body was cut short: " + curlMsg, false);
    case CURLE_RECV_ERROR:
    case CURLE_SEND_ERROR:
    case CURLE_GOT_NOTHING:
      return fail("connection_reset", "the connection was closed or reset by the server: " + curlMsg, false);
    default:
      return fail("network", "network error: " + curlMsg, false);
  }
  long status = 0;
  curl_easy_getinfo(job.easy, CURLINFO_RESPONSE_CODE, &status);
  if (status == 200) {
    // A key the server echoes back is masked before anything keeps or shows the reply.
    job.response = maskSecret(std::move(job.response), apiKey);
    auto parsed = parseResponse(job.response, profile.model, job.maxResponseBytes);
    if (!parsed) {
      Error e = parsed.error();
      e.message = redact(e.message, apiKey);
      e.where = where;
      out.error = std::move(e);
      return out;
    }
    out.response = std::move(parsed.value());
    for (auto& choice : out.response->choices) choice.text = maskSecret(std::move(choice.text), apiKey);
    return out;
  }
  std::string msg = serverMessage(job.response);
  std::string suffix = msg.empty() ? "" : ": " + msg;
  if (status == 429) return fail("rate_limited", "the endpoint is rate limiting (HTTP 429)" + suffix, true);
  if (status >= 500)
    return fail("server_error", "the endpoint failed (HTTP " + std::to_string(status) + ")" + suffix, true);
  if (status == 401 || status == 403) {
    return fail("auth",
                "the endpoint refused the credentials (HTTP " + std::to_string(status) + ")" + suffix +
                    (profile.apiKeyEnv.empty() ? " (no key configured: set the profile's key variable)"
                                               : " (key from $" + profile.apiKeyEnv + ")"),
                false);
  }
  if (status == 404) {
    return fail(
        "model_not_found",
        "model '" + profile.model + "' or the route /chat/completions was not found (HTTP 404)" + suffix,
        false);
  }
  return fail("http_error", "the endpoint answered HTTP " + std::to_string(status) + suffix, false);
}

}  // namespace hs::llm::detail
