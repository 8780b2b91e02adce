// Limits of the LLM client against a hostile endpoint (the fake server): a response-size limit
// counted after decompression, one overall deadline per call with retries and Retry-After inside
// it, and an API key echoed in a reply masked before it is kept or shown. Ceilings are generous;
// the assertions that discriminate count requests and check error codes.
#include <QElapsedTimer>
#include <QtTest>

#include "engine/llm/request_json.h"
#include "llm_test_support.h"

using namespace hs;
using hs::test::FakeLlmServer;

class TestLlmLimits : public QObject {
  Q_OBJECT
  std::unique_ptr<FakeLlmServer> server_;

  llm::EndpointProfile profile() { return test::fakeProfile(*server_); }

 private slots:
  void initTestCase() { server_ = std::make_unique<FakeLlmServer>(test::fakeLlmScript()); }
  void init() { server_->reset(); }

  void endlessChunkedBodyStopsAtTheResponseLimit() {
    server_->setDefault({{"mode", "endless"}});
    auto o = test::fastOptions(profile());
    o.maxResponseBytes = 1LL << 20;
    auto client = test::makeClient(o);
    QElapsedTimer t;
    t.start();
    auto r = client->call(test::userRequest("endless"));
    QVERIFY(!r.ok());
    QCOMPARE(r.error().kind, ErrorKind::External);
    QCOMPARE(r.error().code, std::string("response_too_large"));
    QVERIFY2(r.error().message.find("1 MB") != std::string::npos, r.error().message.c_str());
    QCOMPARE(server_->requests(), 1);  // not retried
    QVERIFY2(t.elapsed() < 30000, "the endless body must be cut at the limit");
  }

  void gzipBombStopsAtTheResponseLimit() {
    server_->setDefault({{"mode", "gzip_bomb"}, {"bomb_mb", 8}});
    auto o = test::fastOptions(profile());
    o.maxResponseBytes = 1LL << 20;
    auto client = test::makeClient(o);
    auto r = client->call(test::userRequest("bomb"));
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, std::string("response_too_large"));
    QVERIFY2(r.error().message.find("decompression") != std::string::npos, r.error().message.c_str());
  }

  void silentEndpointIsHeldOnlyByTheOverallDeadline() {
    server_->setDefault({{"mode", "silent"}});
    auto p = profile();
    p.timeoutMs = 800;
    p.maxRetries = 3;
    auto client = test::makeClient(test::fastOptions(p));
    QElapsedTimer t;
    t.start();
    auto r = client->call(test::userRequest("silent"));
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, std::string("timeout"));
    QVERIFY2(r.error().message.find("overall limit of 800 ms") != std::string::npos,
             r.error().message.c_str());
    QCOMPARE(server_->requests(), 1);  // no retry after the deadline (was: 4 attempts of 800 ms)
    QVERIFY2(t.elapsed() < 20000, "the call must end at its overall deadline");
  }

  void retryAfterBeyondTheDeadlineEndsTheCall() {
    server_->setDefault({{"status", 429}, {"retry_after", 100000}});
    auto p = profile();
    p.timeoutMs = 5000;
    auto client = test::makeClient(test::fastOptions(p));
    QElapsedTimer t;
    t.start();
    auto r = client->call(test::userRequest("rate"));
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, std::string("rate_limited"));
    QVERIFY2(r.error().message.find("Retry-After of 100000 s") != std::string::npos,
             r.error().message.c_str());
    QCOMPARE(server_->requests(), 1);
    QVERIFY2(t.elapsed() < 4500, "a Retry-After past the deadline is not waited for");
  }

  void retriesFitInsideTheDeadline() {
    // Short Retry-After values are still honoured while the deadline allows.
    server_->queue({{{"status", 503}}, {{"status", 503}}, nlohmann::json::object()});
    auto client = test::makeClient(test::fastOptions(profile()));
    auto r = client->call(test::userRequest("retry"));
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    QCOMPARE(r->attempts, 3);
  }

  // 50,000 nested '[' in a 200 reply: the bounded JSON reader refuses it before a value is built
  // (copying or dumping it would overflow the stack).
  void deeplyNestedReplyIsAClearError() {
    server_->setDefault({{"mode", "deep"}, {"deep_levels", 50000}});
    auto client = test::makeClient(test::fastOptions(profile()));
    auto r = client->call(test::userRequest("deep"));
    QVERIFY(!r.ok());
    QCOMPARE(r.error().kind, ErrorKind::External);
    QCOMPARE(r.error().code, std::string("malformed_json"));
    QVERIFY2(r.error().message.find("deeper than 200 levels") != std::string::npos,
             r.error().message.c_str());
  }

  void hostileBodiesAreRefusedByTheParser() {
    std::string deep = "{\"choices\": " + std::string(50000, '[') + std::string(50000, ']') + "}";
    auto d = llm::parseResponse(deep, "m");
    QVERIFY(!d.ok());
    QCOMPARE(d.error().code, std::string("malformed_json"));
    QCOMPARE(d.error().offset.value_or(0), std::size_t{12 + 199});  // the object is level 1
    std::string ok = "{\"choices\": [{\"message\": {\"content\": \"SELECT 1\"}}]}";
    QVERIFY(llm::parseResponse(ok, "m").ok());
    auto big = llm::parseResponse(ok, "m", 10);
    QVERIFY(!big.ok());
    QCOMPARE(big.error().code, std::string("too_large"));
    QVERIFY2(big.error().message.find("limit of 10 bytes") != std::string::npos, big.error().message.c_str());
  }

  // A cache whose answer is hostile (nested 50,000 deep, or larger than the response limit) is
  // read through the same parser: the entry is not used, the call goes to the endpoint.
  void hostileCachedAnswerIsNotUsed() {
    auto store = std::make_shared<llm::MemoryCallStore>();
    auto o = test::fastOptions(profile(), store);
    o.maxResponseBytes = 1LL << 20;
    auto request = test::userRequest("cached");
    const std::string good = "{\"choices\": [{\"message\": {\"content\": \"SELECT 42\"}}]}";
    const std::pair<std::string, bool> bodies[] = {
        {"{\"choices\": " + std::string(50000, '[') + std::string(50000, ']') + "}", false},
        {"{\"choices\": [{\"message\": {\"content\": \"" + std::string(2 << 20, 'x') + "\"}}]}", false},
        {good, true}};  // the control: a sound entry is used
    for (const auto& [body, used] : bodies) {
      server_->reset();
      llm::CallRecord rec;
      rec.cacheKey = llm::cacheKey(o.profile.baseUrl, o.profile.model, request);
      rec.endpoint = llm::normaliseBaseUrl(o.profile.baseUrl);
      rec.model = o.profile.model;
      rec.status = "ok";
      rec.responseJson = body;
      QVERIFY(store->record(std::move(rec)).ok());
      auto client = test::makeClient(o);
      auto r = client->call(request);
      QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
      QCOMPARE(r->cached, used);
      QCOMPARE(server_->requests(), used ? 0 : 1);
      if (used) QCOMPARE(r->text(), std::string("SELECT 42"));
    }
  }

  void echoedKeyIsMaskedBeforeItIsStoredOrShown() {
    const std::string key = "sk-test-0123456789abcd";
    server_->setDefault({{"content", "SELECT 1; -- your key is {key}"}});
    auto store = std::make_shared<llm::MemoryCallStore>();
    auto o = test::fastOptions(profile(), store);
    o.apiKey = key;
    auto client = test::makeClient(o);
    auto r = client->call(test::userRequest("echo"));
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    QCOMPARE(server_->stats()["auth_headers"][0].get<std::string>(), "Bearer " + key);  // it was sent
    QCOMPARE(r->text(), std::string("SELECT 1; -- your key is [redacted]"));
    QVERIFY(r->rawJson.find(key) == std::string::npos);
    auto recent = store->recent(10);
    QVERIFY(recent.ok());
    QCOMPARE(recent->size(), std::size_t{1});
    const auto& rec = recent->front();
    QVERIFY(rec.responseJson.value_or("").find(key) == std::string::npos);
    QVERIFY(rec.responseText.value_or("").find(key) == std::string::npos);
    QVERIFY(rec.responseText.value_or("").find("[redacted]") != std::string::npos);
  }
};

QTEST_GUILESS_MAIN(TestLlmLimits)
#include "test_llm_limits.moc"
