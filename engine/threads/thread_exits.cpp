#include "engine/threads/thread_exits.h"

#include <exception>

namespace lineup::engine {

void ThreadExits::clear() {
  for (int word = 0; word < 2; ++word) {
    for (uint64_t m = used_[word]; m != 0; m &= m - 1)
      exits_[64 * word + __builtin_ctzll(m)].clear();
    used_[word] = 0;
  }
}

void ThreadExits::add(void (*fn)(void*), void* obj) {
  const int context = fibers_.current();
  used_[context / 64] |= uint64_t{1} << (context % 64);
  exits_[context].emplace_back(fn, obj);
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
