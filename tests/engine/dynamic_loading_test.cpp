// A library that controlled code loads with dlopen in the middle of an execution: it stays
// loaded and usable in the executions after it, its thread-locals (dynamic TLS) are each
// logical thread's own and start every execution from their initial values, its static data
// is undone after every execution, and the OS thread keeps its own thread-local. The same
// with a thread pointer per logical thread.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <memory>

#include "engine/engine.h"
#include "engine/strategy/random.h"

namespace lineup::engine {
namespace {

using Next = int (*)();

// loaded_counters.cpp's function, from the copy of the library at `path`, loaded on first use.
Next load_counters(const char* path) {
  void* library = dlopen(path, RTLD_NOW);
  if (library == nullptr) return nullptr;
  return reinterpret_cast<Next>(dlsym(library, "loaded_counters_next"));
}

// Two threads that each load the library (the first load falls inside the first execution)
// and count once: `seen` receives what each counted.
Program counting_program(const char* path, std::shared_ptr<std::array<int, 2>> seen) {
  Program p;
  for (int t = 0; t < 2; ++t) {
    p.threads.push_back({{"next()", [path, seen, t] {
                            Next next = load_counters(path);
                            (*seen)[static_cast<size_t>(t)] = next != nullptr ? next() : -1;
                          }}});
  }
  return p;
}

// The parameter: whether each logical thread has a thread pointer of its own. Each way loads
// a copy of the library of its own, for the first time inside its first execution.
class DynamicLoading : public ::testing::TestWithParam<bool> {
 protected:
  EngineOptions options() const {
    EngineOptions o;
    o.thread_pointer_per_thread = GetParam();
    return o;
  }
  const char* library() const {
    return GetParam() ? LINEUP_LOADED_COUNTERS_POINTER_PER_THREAD
                      : LINEUP_LOADED_COUNTERS_VALUE_COPIES;
  }
};

INSTANTIATE_TEST_SUITE_P(DynamicLoading, DynamicLoading, ::testing::Bool(), [](const auto& info) {
  return info.param ? "PointerPerThread" : "ValueCopies";
});

TEST_P(DynamicLoading, ALibraryLoadedDuringAnExecutionIsLikeOneLoadedBefore) {
  auto seen = std::make_shared<std::array<int, 2>>();
  {
    Engine engine(options());
    RandomStrategy strategy(3, 200);
    int executions = 0;
    engine.explore(counting_program(library(), seen), strategy, [&](const ExecutionResult& r) {
      EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
      // Each thread's first call (its own thread_local, from its initial 0), one first of the
      // two to count in the global (from 0 again in every execution).
      std::array<int, 2> sorted = *seen;
      std::sort(sorted.begin(), sorted.end());
      EXPECT_EQ(sorted, (std::array<int, 2>{101, 102})) << "execution " << executions;
      ++executions;
      return !::testing::Test::HasFailure();
    });
    EXPECT_EQ(executions, 200);
  }
  // The OS thread's own thread_local was never touched; the global was restored when the
  // engine went.
  Next next = load_counters(library());
  ASSERT_NE(next, nullptr) << dlerror();
  EXPECT_EQ(next(), 101);
}

}  // namespace
}  // namespace lineup::engine
