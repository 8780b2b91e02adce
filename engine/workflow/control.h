#pragma once
// What every engine workflow takes besides its inputs: a progress callback and a cancel token.
// Results come back as values (each workflow's result struct); errors users cause are values too.
#include <atomic>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace hs::workflow {

struct Progress {
  std::size_t done = 0;
  std::size_t total = 0;
  std::string step;  // what runs now, in plain words ("Waiting for the model")
};

// Called from the thread that runs the workflow (or from its workers, where a workflow says so).
using ProgressFn = std::function<void(const Progress&)>;

// Shared by the front end (which cancels) and the workflow (which checks and registers how to
// stop what it is waiting for: an LLM batch, a running statement). Copies share one state.
class CancelToken {
  struct State;

 public:
  CancelToken();

  // Sets the flag and runs every registered hook (under the token's lock, so a hook never runs
  // after its Hook went away). Safe from any thread; further calls do nothing.
  void cancel() const;
  bool cancelled() const { return state_->flag.load(); }
  // For engine options that take a flag (hs::eval::EvalOptions::cancel).
  const std::atomic<bool>* flag() const { return &state_->flag; }

  // Unregisters its hook when destroyed.
  class Hook {
   public:
    Hook() = default;
    Hook(Hook&& other) noexcept;
    Hook& operator=(Hook&& other) noexcept;
    Hook(const Hook&) = delete;
    Hook& operator=(const Hook&) = delete;
    ~Hook();

   private:
    friend class CancelToken;
    std::shared_ptr<CancelToken::State> state_;
    int id_ = 0;
  };
  // Runs `fn` on cancel(), or at once when already cancelled. `fn` must not call the token.
  [[nodiscard]] Hook onCancel(std::function<void()> fn) const;

 private:
  struct State {
    std::atomic<bool> flag{false};
    std::mutex mutex;
    std::map<int, std::function<void()>> hooks;
    int next = 0;
  };
  std::shared_ptr<State> state_;
};

// Reports `step` as progress `done` of `total` when `progress` is set.
void report(const ProgressFn& progress, std::size_t done, std::size_t total, std::string step);

}  // namespace hs::workflow
