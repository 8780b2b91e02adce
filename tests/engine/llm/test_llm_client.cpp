// The LLM client against the fake OpenAI-compatible server: success, retries, typed failures,
// batches that survive failures, and the concurrency bound.
#include <QtTest>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#include <atomic>

#include "engine/llm/request_json.h"
#include "llm_test_support.h"

using namespace hs;
using hs::test::FakeLlmServer;

// The cancel tests: answers take 20 s, so a Cancelled result well before that (kCancelCeilingMs,
// generous for two busy cores under sanitizers) shows the transfer was aborted, not awaited.
constexpr int kSlowAnswerMs = 20000;
constexpr int kCancelCeilingMs = 10000;

class TestLlmClient : public QObject {
  Q_OBJECT
  std::unique_ptr<FakeLlmServer> server_;

  llm::EndpointProfile profile() { return test::fakeProfile(*server_); }

 private slots:
  void initTestCase() { server_ = std::make_unique<FakeLlmServer>(test::fakeLlmScript()); }
  void init() { server_->reset(); }

  void happyPathSendsParamsAndParsesChoices() {
    server_->setDefault({{"content", "```sql\nSELECT name FROM singer;\n```"},
                         {"prompt_tokens", 1000},
                         {"completion_tokens", 2000}});
    auto client = test::makeClient(test::fastOptions(profile()));
    auto req = test::userRequest("How many singers?");
    req.params.maxTokens = 64;
    req.params.seed = 7;
    req.params.n = 2;
    req.params.stop = {";\n\n"};
    req.params.logprobs = true;
    auto r = client->call(req);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    QCOMPARE(r->choices.size(), std::size_t{2});
    QCOMPARE(r->text(), std::string("```sql\nSELECT name FROM singer;\n```"));
    QCOMPARE(r->choices[0].finishReason, std::string("stop"));
    QVERIFY(!r->choices[0].logprobs.is_null());
    QCOMPARE(r->usage.promptTokens, std::int64_t{1000});
    QCOMPARE(r->usage.completionTokens, std::int64_t{2000});
    QCOMPARE(r->cost, 0.5 + 3.0);  // 1k input at 0.5 + 2k output at 1.5
    QCOMPARE(r->attempts, 1);
    QVERIFY(!r->cached);
    QVERIFY(r->latencyMs > 0.0);
    auto st = server_->stats();
    QCOMPARE(st["chat_requests"].get<int>(), 1);
    auto body = nlohmann::json::parse(st["bodies"][0].get<std::string>());
    QCOMPARE(body["model"].get<std::string>(), std::string("fake-model"));
    QCOMPARE(body["temperature"].get<double>(), 0.0);
    QCOMPARE(body["max_tokens"].get<int>(), 64);
    QCOMPARE(body["seed"].get<int>(), 7);
    QCOMPARE(body["n"].get<int>(), 2);
    QCOMPARE(body["stop"][0].get<std::string>(), std::string(";\n\n"));
    QVERIFY(body["logprobs"].get<bool>());
    QCOMPARE(body["messages"].size(), std::size_t{2});
    QCOMPARE(body["messages"][1]["content"].get<std::string>(), std::string("How many singers?"));
    QCOMPARE(st["auth_headers"][0].get<std::string>(), std::string());  // no key configured, none sent
  }

  void retriesOn429HonouringRetryAfter() {
    server_->queue({{{"status", 429}, {"retry_after", 1}}, nlohmann::json::object()});
    auto client = test::makeClient(test::fastOptions(profile()));
    QElapsedTimer t;
    t.start();
    auto r = client->call(test::userRequest("q429"));
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    QCOMPARE(r->attempts, 2);
    QVERIFY2(t.elapsed() >= 950,
             "the client must wait the server's Retry-After (1 s), not its 20 ms backoff");
    QCOMPARE(server_->requests(), 2);
    QCOMPARE(client->stats().retries, std::uint64_t{1});
  }

  void retriesOn5xx() {
    server_->queue({{{"status", 500}}, {{"status", 503}}, nlohmann::json::object()});
    auto client = test::makeClient(test::fastOptions(profile()));
    auto r = client->call(test::userRequest("q500"));
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    QCOMPARE(r->attempts, 3);
    QCOMPARE(server_->requests(), 3);
  }

  // profile.timeoutMs is the overall limit of a call: a slow answer is not retried past it.
  void timeoutIsOverallNotPerAttempt() {
    auto p = profile();
    p.timeoutMs = 300;
    server_->queue({{{"latency_ms", 1500}}, nlohmann::json::object()});
    auto client = test::makeClient(test::fastOptions(p));
    auto r = client->call(test::userRequest("qtimeout"));
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, std::string("timeout"));
    QCOMPARE(server_->requests(), 1);
  }

  void givesUpAfterMaxRetries() {
    auto p = profile();
    p.maxRetries = 2;
    server_->setDefault({{"status", 502}, {"message", "bad gateway"}});
    auto client = test::makeClient(test::fastOptions(p));
    auto r = client->call(test::userRequest("q502"));
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, std::string("server_error"));
    QCOMPARE(r.error().kind, ErrorKind::External);
    QVERIFY(r.error().message.find("bad gateway") != std::string::npos);
    QVERIFY(r.error().message.find("after 3 attempts") != std::string::npos);
    QCOMPARE(server_->requests(), 3);
  }

  void noRetryOnAuthOrMissingModel() {
    auto client = test::makeClient(test::fastOptions(profile()));
    server_->queue({{{"status", 401}, {"message", "invalid key"}}});
    auto r = client->call(test::userRequest("q401"));
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, std::string("auth"));
    QCOMPARE(server_->requests(), 1);
    server_->queue({{{"status", 404}, {"message", "model 'fake-model' not found"}}});
    auto r2 = client->call(test::userRequest("q404"));
    QVERIFY(!r2.ok());
    QCOMPARE(r2.error().code, std::string("model_not_found"));
    QVERIFY(r2.error().message.find("fake-model") != std::string::npos);
    QCOMPARE(server_->requests(), 2);
  }

  void typedErrorsForBrokenResponses_data() {
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QString>("code");
    QTest::newRow("malformed") << "malformed"
                               << "malformed_json";
    QTest::newRow("truncated") << "truncated"
                               << "truncated";
    QTest::newRow("reset") << "reset"
                           << "connection_reset";
    QTest::newRow("empty_choices") << "empty_choices"
                                   << "empty_choices";
  }
  void typedErrorsForBrokenResponses() {
    QFETCH(QString, mode);
    QFETCH(QString, code);
    server_->queue({{{"mode", mode.toStdString()}}});
    auto client = test::makeClient(test::fastOptions(profile()));
    auto r = client->call(test::userRequest("broken " + mode.toStdString()));
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.error().code), code);
    QCOMPARE(r.error().kind, ErrorKind::External);
    QCOMPARE(QString::fromStdString(r.error().where), QString::fromStdString(server_->baseUrl()));
    QCOMPARE(server_->requests(), 1);  // none of these is retried
  }

  void unreachableEndpoint() {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    QCOMPARE(bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
    socklen_t len = sizeof addr;
    getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
    int port = ntohs(addr.sin_port);
    close(fd);  // nothing listens there now
    auto p = profile();
    p.baseUrl = "http://127.0.0.1:" + std::to_string(port) + "/v1";
    auto client = test::makeClient(test::fastOptions(p));
    auto r = client->call(test::userRequest("nobody home"));
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, std::string("unreachable"));
    QVERIFY(r.error().message.find("127.0.0.1") != std::string::npos);
  }

  void failedCallsNeverTakeTheBatchDown() {
    server_->rule("fail-me", {{"status", 401}});
    server_->rule("break-me", {{"mode", "malformed"}});
    auto client = test::makeClient(test::fastOptions(profile()));
    std::vector<llm::ChatRequest> reqs;
    for (int i = 0; i < 12; ++i) {
      std::string tag = i % 4 == 1 ? "fail-me" : i % 4 == 2 ? "break-me" : "fine";
      reqs.push_back(test::userRequest(tag + " " + std::to_string(i)));
    }
    std::atomic<int> progress{0};
    auto results = client->runBatch(reqs, [&](llm::RequestId, const llm::ChatResult&) { ++progress; });
    QCOMPARE(results.size(), std::size_t{12});
    QCOMPARE(progress.load(), 12);
    for (int i = 0; i < 12; ++i) {
      if (i % 4 == 1) {
        QCOMPARE(results[i].error().code, std::string("auth"));
      } else if (i % 4 == 2) {
        QCOMPARE(results[i].error().code, std::string("malformed_json"));
      } else {
        QVERIFY(results[i].ok());
      }
    }
    QCOMPARE(server_->requests(), 12);
  }

  void concurrencyBoundIsNeverExceeded() {
    auto p = profile();
    p.maxConcurrency = 3;
    server_->setDefault({{"latency_ms", 150}});
    auto client = test::makeClient(test::fastOptions(p));
    std::vector<llm::ChatRequest> reqs;
    for (int i = 0; i < 24; ++i) reqs.push_back(test::userRequest("bound " + std::to_string(i)));
    QElapsedTimer t;
    t.start();
    auto results = client->runBatch(reqs);
    for (const auto& r : results) QVERIFY(r.ok());
    auto st = server_->stats();
    QCOMPARE(st["requests"].get<int>(), 24);
    QVERIFY2(st["max_concurrent"].get<int>() <= 3, "the server saw more than 3 requests at once");
    // Requests do overlap (how many at the peak depends on scheduling on a busy machine).
    QVERIFY2(st["max_concurrent"].get<int>() >= 2, "the requests never overlapped");
    QVERIFY(client->stats().maxInFlight <= 3);
    // The speed-up of 3 in flight is measured by tests/bench/llm, not asserted here.
    qInfo("24 requests of 150 ms, 3 at once: %lld ms", static_cast<long long>(t.elapsed()));
  }

  void cancelBatchStopsInFlightRequests() {
    server_->setDefault({{"latency_ms", kSlowAnswerMs}});
    auto p = profile();
    p.maxConcurrency = 3;
    auto client = test::makeClient(test::fastOptions(p));
    auto batch = client->newBatch();
    std::vector<std::future<llm::ChatResult>> fs;
    for (int i = 0; i < 6; ++i)
      fs.push_back(client->submitFuture(test::userRequest("slow " + std::to_string(i)), batch));
    QTRY_COMPARE_WITH_TIMEOUT(server_->stats()["current"].get<int>(), 3, 10000);  // 3 in flight, 3 queued
    QElapsedTimer t;
    t.start();
    client->cancelBatch(batch);
    for (auto& f : fs) {
      QVERIFY(f.wait_for(std::chrono::milliseconds(kCancelCeilingMs)) == std::future_status::ready);
      auto r = f.get();
      QVERIFY(!r.ok());
      QCOMPARE(r.error().kind, ErrorKind::Cancelled);
      QCOMPARE(r.error().code, std::string("cancelled"));
    }
    QVERIFY2(t.elapsed() < kCancelCeilingMs,
             "cancel must abort in-flight transfers, not wait for the answers");
    QCOMPARE(server_->stats()["requests"].get<int>(), 3);  // the queued three never went out
    QCOMPARE(client->stats().cancelled, std::uint64_t{6});
  }

  void cancelOneLeavesTheOthers() {
    server_->rule("slow-one", {{"latency_ms", kSlowAnswerMs}});
    server_->setDefault({{"latency_ms", 300}});
    auto client = test::makeClient(test::fastOptions(profile()));
    llm::RequestId slowId = 0;
    auto slow = client->submitFuture(test::userRequest("slow-one"), 0, &slowId);
    auto fast = client->submitFuture(test::userRequest("fast-one"));
    QTest::qWait(100);
    client->cancel(slowId);
    QVERIFY(slow.wait_for(std::chrono::milliseconds(kCancelCeilingMs)) == std::future_status::ready);
    QCOMPARE(slow.get().error().kind, ErrorKind::Cancelled);
    auto r = fast.get();
    QVERIFY(r.ok());
  }

  void destroyingTheClientCancelsPendingWork() {
    server_->setDefault({{"latency_ms", kSlowAnswerMs}});
    std::future<llm::ChatResult> f;
    QElapsedTimer t;
    t.start();
    {
      auto client = test::makeClient(test::fastOptions(profile()));
      f = client->submitFuture(test::userRequest("abandoned"));
      QTest::qWait(100);
    }
    QVERIFY(t.elapsed() < kCancelCeilingMs);
    QCOMPARE(f.get().error().kind, ErrorKind::Cancelled);
  }

  void missingKeyVariableIsAClearError() {
    auto p = profile();
    p.apiKeyEnv = "HALLUSQL_TEST_NO_SUCH_VARIABLE";
    qunsetenv("HALLUSQL_TEST_NO_SUCH_VARIABLE");
    auto c = llm::Client::create(test::fastOptions(p));
    QVERIFY(!c.ok());
    QCOMPARE(c.error().code, std::string("missing_key"));
    QVERIFY(c.error().message.find("HALLUSQL_TEST_NO_SUCH_VARIABLE") != std::string::npos);
  }
};

QTEST_GUILESS_MAIN(TestLlmClient)
#include "test_llm_client.moc"
