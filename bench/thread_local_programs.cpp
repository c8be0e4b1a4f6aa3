#include "thread_local_programs.h"

#include <atomic>

namespace bench {
namespace {

std::atomic<int> shared{0};
thread_local int mine = 0;

void increments(bool thread_locals) {
  for (int i = 0; i < 8; ++i) {
    shared.fetch_add(1);
    if (thread_locals) mine = mine + 1;
  }
}

}  // namespace

lineup::engine::Program counter_program(bool thread_locals) {
  lineup::engine::Program p;
  for (int t = 0; t < 3; ++t) {
    std::vector<lineup::engine::Call> calls;
    for (int c = 0; c < 3; ++c) {
      calls.push_back({"increments()", [thread_locals] { increments(thread_locals); }});
    }
    p.threads.push_back(std::move(calls));
  }
  return p;
}

}  // namespace bench
