#pragma once
// Starts tests/support/fake_llm/fake_llm_server.py (a fake OpenAI-compatible server on
// 127.0.0.1, free port) as a child process and drives it through its stdin/stdout control
// channel. No Qt, so both Qt tests and Google benchmarks use it. The server exits by itself when
// this object goes away (its stdin closes), also if the test process dies.
#include <fcntl.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace hs::test {

class FakeLlmServer {
 public:
  // `script`: path of fake_llm_server.py; `extraArgs` e.g. {"--latency-ms", "200"}.
  explicit FakeLlmServer(const std::string& script, const std::vector<std::string>& extraArgs = {}) {
    signal(SIGPIPE, SIG_IGN);  // a dead server must not kill the test through its pipe
    int toChild[2];
    int fromChild[2];
    if (pipe(toChild) != 0 || pipe(fromChild) != 0) throw std::runtime_error("pipe failed");
    // Everything the child needs is prepared before fork(): only async-signal-safe calls after.
    std::vector<std::string> args = {"python3", script};
    args.insert(args.end(), extraArgs.begin(), extraArgs.end());
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      dup2(toChild[0], 0);
      dup2(fromChild[1], 1);
      close(toChild[1]);
      close(fromChild[0]);
      execvp("python3", argv.data());
      _exit(127);
    }
    close(toChild[0]);
    close(fromChild[1]);
    fcntl(toChild[1], F_SETFD, FD_CLOEXEC);
    fcntl(fromChild[0], F_SETFD, FD_CLOEXEC);
    in_ = fdopen(toChild[1], "w");
    out_ = fdopen(fromChild[0], "r");
    auto hello = readLine();
    port_ = hello.value("port", 0);
    if (port_ <= 0) throw std::runtime_error("fake LLM server did not report a port");
  }

  ~FakeLlmServer() {
    if (in_) fclose(in_);  // EOF on stdin: the server shuts down
    if (out_) fclose(out_);
    if (pid_ > 0) {
      for (int i = 0; i < 50; ++i) {
        int status = 0;
        if (waitpid(pid_, &status, WNOHANG) == pid_) return;
        usleep(20000);
      }
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }
  FakeLlmServer(const FakeLlmServer&) = delete;
  FakeLlmServer& operator=(const FakeLlmServer&) = delete;

  int port() const { return port_; }
  std::string baseUrl() const { return "http://127.0.0.1:" + std::to_string(port_) + "/v1"; }

  nlohmann::json command(const nlohmann::json& cmd) {
    std::string line = cmd.dump() + "\n";
    fputs(line.c_str(), in_);
    fflush(in_);
    return readLine();
  }
  void setDefault(const nlohmann::json& behavior) { command({{"cmd", "default"}, {"behavior", behavior}}); }
  void queue(const nlohmann::json& behaviors) { command({{"cmd", "queue"}, {"behaviors", behaviors}}); }
  void rule(const std::string& match, const nlohmann::json& behavior, int times = -1) {
    command({{"cmd", "rule"}, {"match", match}, {"behavior", behavior}, {"times", times}});
  }
  // Requests whose last user message matches the Python regular expression take `behavior`.
  void ruleRegex(const std::string& regex, const nlohmann::json& behavior, int times = -1) {
    command({{"cmd", "rule"}, {"regex", regex}, {"behavior", behavior}, {"times", times}});
  }
  // Stand-in model for measurements: [{"question", "sql", "linking"}...] (see the server's doc).
  void oracle(const nlohmann::json& cases) { command({{"cmd", "oracle"}, {"cases", cases}}); }
  nlohmann::json stats() { return command({{"cmd", "stats"}}); }
  void reset() { command({{"cmd", "reset"}}); }
  int requests() { return stats().value("requests", -1); }

 private:
  nlohmann::json readLine() {
    std::string line;
    int c;
    while ((c = fgetc(out_)) != EOF && c != '\n') line.push_back(static_cast<char>(c));
    if (line.empty()) throw std::runtime_error("fake LLM server closed its output");
    return nlohmann::json::parse(line);
  }

  pid_t pid_ = -1;
  FILE* in_ = nullptr;
  FILE* out_ = nullptr;
  int port_ = 0;
};

}  // namespace hs::test
