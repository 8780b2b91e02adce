// Cache, transcript, offline mode and key hygiene of the LLM client (fake server, both stores).
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <mutex>

#include "engine/llm/request_json.h"
#include "engine/workspace/llm_calls.h"
#include "llm_test_support.h"

using namespace hs;
using hs::test::FakeLlmServer;

namespace {

QByteArray allBytes(const QString& path) {
  QByteArray out;
  for (const QString& p : {path, path + "-wal", path + "-journal", path + "-shm"}) {
    QFile f(p);
    if (f.open(QIODevice::ReadOnly)) out += f.readAll();
  }
  return out;
}

}  // namespace

class TestLlmCache : public QObject {
  Q_OBJECT
  std::unique_ptr<FakeLlmServer> server_;

 private slots:
  void initTestCase() { server_ = std::make_unique<FakeLlmServer>(test::fakeLlmScript()); }
  void init() { server_->reset(); }

  void cacheKeyCoversRequestButNotKey() {
    auto p = test::fakeProfile(*server_);
    auto a = test::userRequest("same");
    auto b = test::userRequest("same");
    QCOMPARE(llm::cacheKey(p.baseUrl, p.model, a), llm::cacheKey(p.baseUrl + "/", p.model, b));
    b.params.seed = 1;
    QVERIFY(llm::cacheKey(p.baseUrl, p.model, a) != llm::cacheKey(p.baseUrl, p.model, b));
    b = a;
    b.params.temperature = 0.7;
    QVERIFY(llm::cacheKey(p.baseUrl, p.model, a) != llm::cacheKey(p.baseUrl, p.model, b));
    QVERIFY(llm::cacheKey(p.baseUrl, p.model, a) != llm::cacheKey(p.baseUrl, "other-model", a));
    b = a;
    b.templateVersion = "99";  // the template version is recorded, but the same prompt is the same call
    QCOMPARE(llm::cacheKey(p.baseUrl, p.model, a), llm::cacheKey(p.baseUrl, p.model, b));
    QCOMPARE(llm::cacheKey(p.baseUrl, p.model, a).size(), std::size_t{64});
  }

  void secondIdenticalRequestComesFromTheCache() {
    auto store = std::make_shared<llm::MemoryCallStore>();
    auto client = test::makeClient(test::fastOptions(test::fakeProfile(*server_), store));
    auto first = client->call(test::userRequest("cache me"));
    QVERIFY(first.ok());
    QVERIFY(!first->cached);
    auto second = client->call(test::userRequest("cache me"));
    QVERIFY(second.ok());
    QVERIFY(second->cached);
    QCOMPARE(second->text(), first->text());
    QCOMPARE(second->usage.promptTokens, first->usage.promptTokens);
    QCOMPARE(second->attempts, 0);
    QCOMPARE(server_->requests(), 1);  // the server saw one request
    auto other = test::userRequest("cache me");
    other.params.temperature = 0.9;
    QVERIFY(client->call(other).ok());
    QCOMPARE(server_->requests(), 2);
    QCOMPARE(client->stats().cacheHits, std::uint64_t{1});
    auto recs = store->recent(10);
    QVERIFY(recs.ok());
    QCOMPARE(recs->size(), std::size_t{2});  // one row per network call
    QCOMPARE(recs->back().templateName, std::string("test"));
    QCOMPARE(recs->back().status, std::string("ok"));
    QVERIFY(recs->back().requestJson.find("cache me") != std::string::npos);
  }

  void errorsAreRecordedButNeverServedFromCache() {
    auto store = std::make_shared<llm::MemoryCallStore>();
    auto client = test::makeClient(test::fastOptions(test::fakeProfile(*server_), store));
    server_->queue({{{"status", 401}}});
    QVERIFY(!client->call(test::userRequest("flaky")).ok());
    auto r = client->call(test::userRequest("flaky"));
    QVERIFY(r.ok());
    QVERIFY(!r->cached);
    QCOMPARE(server_->requests(), 2);
    auto recs = store->recent(10);
    QCOMPARE(recs->size(), std::size_t{2});
    QCOMPARE(recs->at(1).status, std::string("error"));
    QVERIFY(recs->at(1).error.rfind("auth:", 0) == 0);
  }

  void offlineModeAnswersFromTheCacheOnly() {
    QTemporaryDir dir;
    QString path = dir.filePath("cache.hallusql");
    {
      auto store = ws::WorkspaceCallStore::openOrCreate(path.toStdString());
      QVERIFY(store.ok());
      std::shared_ptr<llm::CallStore> shared = std::move(store.value());
      auto client = test::makeClient(test::fastOptions(test::fakeProfile(*server_), shared));
      QVERIFY(client->call(test::userRequest("replay me")).ok());
    }
    QCOMPARE(server_->requests(), 1);
    // A colleague replays the run from the file, with no model.
    auto store = ws::WorkspaceCallStore::openOrCreate(path.toStdString());
    QVERIFY(store.ok());
    std::shared_ptr<llm::CallStore> shared = std::move(store.value());
    auto p = test::fakeProfile(*server_);
    p.apiKeyEnv = "HALLUSQL_TEST_UNSET_KEY";  // offline needs no key
    qunsetenv("HALLUSQL_TEST_UNSET_KEY");
    auto opts = test::fastOptions(p, shared);
    opts.offline = true;
    auto client = test::makeClient(opts);
    auto hit = client->call(test::userRequest("replay me"));
    QVERIFY(hit.ok());
    QVERIFY(hit->cached);
    auto miss = client->call(test::userRequest("never asked before, a long question about singers"));
    QVERIFY(!miss.ok());
    QCOMPARE(miss.error().code, std::string("offline_miss"));
    QVERIFY(miss.error().message.find("template test v1") != std::string::npos);
    QVERIFY(miss.error().message.find("never asked before") != std::string::npos);
    QCOMPARE(server_->requests(), 1);  // offline never touches the network
  }

  void workspaceStoreRoundTripAndRefusal() {
    QTemporaryDir dir;
    auto store = ws::WorkspaceCallStore::openOrCreate(dir.filePath("c.hallusql").toStdString());
    QVERIFY(store.ok());
    llm::CallRecord rec;
    rec.cacheKey = "k1";
    rec.endpoint = "http://x/v1";
    rec.model = "m";
    rec.requestJson = "{}";
    rec.responseJson = "{\"choices\":[]}";
    rec.responseText = "SELECT 1";
    rec.promptTokens = 3;
    rec.latencyMs = 12.5;
    auto id = store.value()->record(rec);
    QVERIFY(id.ok());
    rec.status = "error";
    rec.error = "timeout: slow";
    QVERIFY(store.value()->record(rec).ok());
    auto found = store.value()->findOk("k1");
    QVERIFY(found.ok() && found.value().has_value());
    QCOMPARE(found.value()->id, id.value());
    QCOMPARE(*found.value()->promptTokens, std::int64_t{3});
    QVERIFY(!found.value()->completionTokens.has_value());
    QCOMPARE(*found.value()->latencyMs, 12.5);
    QVERIFY(!found.value()->createdAt.empty());
    QVERIFY(!store.value()->findOk("k2").value().has_value());
    QCOMPARE(store.value()->recent(10)->size(), std::size_t{2});
    // A file that is not a workspace is refused, not silently changed.
    QFile plain(dir.filePath("empty.sqlite"));
    QVERIFY(plain.open(QIODevice::WriteOnly));
    plain.close();
    auto refused = ws::WorkspaceCallStore::open(dir.filePath("empty.sqlite").toStdString());
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, std::string("not_workspace"));
    QCOMPARE(QFileInfo(dir.filePath("empty.sqlite")).size(), qint64{0});
    auto missing = ws::WorkspaceCallStore::open(dir.filePath("no/such/dir/x.hallusql").toStdString());
    QVERIFY(!missing.ok());
  }

  void keyNeverReachesStoreLogsOrErrors() {
    const std::string key = "sk-hallusql-test-7f3a9c1e5b";
    qputenv("HALLUSQL_TEST_KEY", QByteArray::fromStdString(key));
    QTemporaryDir dir;
    QString path = dir.filePath("ws.hallusql");
    auto store = ws::WorkspaceCallStore::openOrCreate(path.toStdString());
    QVERIFY(store.ok());
    std::shared_ptr<llm::CallStore> shared = std::move(store.value());
    auto p = test::fakeProfile(*server_);
    p.apiKeyEnv = "HALLUSQL_TEST_KEY";
    std::mutex m;
    std::string log;
    auto opts = test::fastOptions(p, shared);
    opts.debugLog = [&](const std::string& line) {
      std::lock_guard lock(m);
      log += line + "\n";
    };
    // A server that echoes the key in its error (hosted APIs quote the key they refused).
    server_->rule("echo-key", {{"status", 401}, {"message", "Incorrect API key provided: " + key}});
    server_->rule("slow-fail", {{"status", 500}, {"message", "overloaded, key " + key}}, 1);
    std::string errorText;
    {
      auto client = test::makeClient(opts);
      QVERIFY(client->call(test::userRequest("normal call")).ok());
      auto e = client->call(test::userRequest("echo-key"));
      QVERIFY(!e.ok());
      errorText = e.error().message + e.error().describe();
      QVERIFY(client->call(test::userRequest("slow-fail")).ok());
    }
    auto st = server_->stats();
    QCOMPARE(st["auth_headers"][0].get<std::string>(), "Bearer " + key);  // it was sent...
    QByteArray bytes = allBytes(path);
    QVERIFY(bytes.size() > 0);
    QVERIFY2(bytes.contains("normal call"), "the transcript must hold the calls");
    QVERIFY2(!bytes.contains(QByteArray::fromStdString(key)), "the key leaked into the cache file");
    QVERIFY2(!bytes.contains("7f3a9c1e5b"), "part of the key leaked into the cache file");
    QVERIFY2(log.find(key) == std::string::npos, "the key leaked into the debug log");
    QVERIFY(log.find("Bearer ***") != std::string::npos);
    QVERIFY2(errorText.find(key) == std::string::npos, "the key leaked into an error message");
    QVERIFY(errorText.find("***") != std::string::npos);
    qunsetenv("HALLUSQL_TEST_KEY");
  }

  void profileJsonRoundTrip() {
    llm::EndpointProfile p;
    p.name = "ollama";
    p.baseUrl = "http://127.0.0.1:11434/v1";
    p.model = "qwen2.5-coder:7b";
    p.apiKeyEnv = "OLLAMA_KEY";
    p.maxConcurrency = 6;
    p.timeoutMs = 30000;
    p.pricePer1kInput = 0.25;
    auto back = llm::profileFromJson(llm::toJson(p));
    QVERIFY(back.ok());
    QCOMPARE(llm::toJson(back.value()), llm::toJson(p));
    auto bad = llm::profileFromJson(nlohmann::json{{"max_concurrency", "many"}});
    QVERIFY(!bad.ok());
    QVERIFY(bad.error().message.find("max_concurrency") != std::string::npos);
    QVERIFY(!llm::toJson(p).dump().empty());
    QVERIFY(llm::toJson(p).dump().find("OLLAMA_KEY") != std::string::npos);  // the variable name, no key
  }
};

QTEST_GUILESS_MAIN(TestLlmCache)
#include "test_llm_cache.moc"
