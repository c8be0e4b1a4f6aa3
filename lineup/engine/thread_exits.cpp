#include "lineup/engine/thread_exits.h"

#include <exception>

namespace lineup::engine {

void ThreadExits::clear() {
  for (auto& exits : exits_) exits.clear();
}

void ThreadExits::add(void (*fn)(void*), void* obj) {
  exits_[fibers_.current()].emplace_back(fn, obj);
}

bool ThreadExits::run(std::string& error) {
  auto& exits = exits_[fibers_.current()];
  while (!exits.empty()) {
    auto [fn, obj] = exits.back();
    exits.pop_back();
    try {
      fn(obj);
    } catch (const std::exception& e) {
      error = e.what();
      return false;
    } catch (...) {
      error = "an exception that is not a std::exception";
      return false;
    }
  }
  return true;
}

}  // namespace lineup::engine
