#include "engine/workflow/control.h"

namespace hs::workflow {

CancelToken::CancelToken() : state_(std::make_shared<State>()) {}

void CancelToken::cancel() const {
  std::lock_guard lock(state_->mutex);
  if (state_->flag.exchange(true)) return;
  for (auto& [id, fn] : state_->hooks) fn();
}

CancelToken::Hook CancelToken::onCancel(std::function<void()> fn) const {
  Hook hook;
  std::lock_guard lock(state_->mutex);
  if (state_->flag.load()) {
    fn();
    return hook;
  }
  hook.state_ = state_;
  hook.id_ = ++state_->next;
  state_->hooks.emplace(hook.id_, std::move(fn));
  return hook;
}

CancelToken::Hook::Hook(Hook&& other) noexcept : state_(std::move(other.state_)), id_(other.id_) {}

CancelToken::Hook& CancelToken::Hook::operator=(Hook&& other) noexcept {
  if (this != &other) {
    Hook old(std::move(*this));
    state_ = std::move(other.state_);
    id_ = other.id_;
  }
  return *this;
}

CancelToken::Hook::~Hook() {
  if (!state_) return;
  std::lock_guard lock(state_->mutex);
  state_->hooks.erase(id_);
}

void report(const ProgressFn& progress, std::size_t done, std::size_t total, std::string step) {
  if (progress) progress({done, total, std::move(step)});
}

}  // namespace hs::workflow
