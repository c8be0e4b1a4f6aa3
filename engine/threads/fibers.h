// Logical threads as fibers on the calling OS thread. A switch is a Boost.Context fcontext
// jump (a few nanoseconds), so the engine can afford to switch at every shared access.
// Thread-local state of uninstrumented libraries that must follow logical threads (libcds's
// hazard-pointer record, the C++ exception globals) and errno are saved and restored on every
// switch.
#pragma once

#include <boost/context/detail/fcontext.hpp>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/threads/thread_blocks.h"
#include "engine/threads/thread_local_copies.h"
#include "engine/threads/thread_vectors.h"
#include "engine/transition.h"

namespace lineup::engine {

/// Context index of the OS thread's own stack (the engine's main loop, setup, teardown).
inline constexpr int kMainContext = kMaxThreads;

/// A set of execution contexts: fibers 0..n-1 plus the main context.
class Fibers {
 public:
  /// Entry function of a fiber; must never return (it switches away for good instead).
  using Entry = void (*)(int fiber);

  explicit Fibers(size_t stack_size);
  ~Fibers();
  Fibers(const Fibers&) = delete;
  Fibers& operator=(const Fibers&) = delete;

  /// Registers a pointer-sized thread-local whose value follows contexts: on each switch the
  /// leaving context's value is saved and the entering one's restored. Returns its index.
  int add_local(void** slot);
  /// Sets the value local `index` takes while context `context` runs.
  void set_local(int index, int context, void* value);

  /// Prepares fiber `fiber` to start at `entry(fiber)` on its (reused) stack.
  void prepare(int fiber, Entry entry);
  /// Switches from the current context to `to`; returns when something switches back.
  /// Inline: a fiber resumed here returns through every frame it had when it left, and the
  /// processor predicts none of those returns, so the fewer frames the better.
  [[gnu::always_inline]] void switch_to(int to) {
    const int from = current_;
    if (to == from) return;
    swap_locals(from, to);
    thread_locals_.swap(from, to);
    vectors_.swap(from, to);
    if (blocks_.active()) blocks_.enter(from, to);
    current_ = to;
    const boost::context::detail::transfer_t t =
        boost::context::detail::jump_fcontext(contexts_[to], &contexts_[from]);
    // Resumed: whoever jumped here passed its own slot, which now records where it stopped.
    *static_cast<void**>(t.data) = t.fctx;
  }
  /// Marks the main context current without a jump, after a longjmp back to the main stack
  /// abandoned the fiber that was running. Restores the main context's locals.
  void reset_to_main();
  int current() const { return current_; }
  /// The copies of controlled code's thread-local variables, switched with the contexts.
  ThreadLocalCopies& thread_locals() { return thread_locals_; }
  const ThreadLocalCopies& thread_locals() const { return thread_locals_; }
  /// Lays out the calling OS thread's thread-local blocks for thread_locals(), keeping the
  /// locals above and errno, which are switched on their own, out of the copies. With
  /// `own_pointers`, each fiber gets a thread pointer and blocks of its own (thread_blocks.h);
  /// with `own_vectors`, each context a thread vector of its own (thread_vectors.h).
  void set_thread_local_layout(const std::vector<TlsBlock>& blocks, bool own_pointers,
                               bool own_vectors);
  /// Mid-execution, when a module with dynamic TLS was just loaded: each context gets a
  /// thread vector of its own from now on.
  void start_own_vectors();
  /// Starts an execution in the main context: every context's thread-locals take their
  /// initial values (thread_local_copies.h, thread_vectors.h).
  void begin_execution();
  /// Ends it in the main context: the OS thread's own thread-locals come back.
  void end_execution();
  /// Tells every context where its private thread-local window starts (tl_tls_low, its own
  /// block's with thread pointers of their own) and how long it is (tl_tls_span).
  void publish_private_window(uintptr_t low, uintptr_t span);
  /// The offset from a thread-local's address in the main context to the same variable in
  /// context `context` (0 unless fibers have thread pointers of their own).
  uintptr_t tls_delta(int context) const { return blocks_.delta(context); }
  /// [low, high) of fiber `fiber`'s stack, for naming addresses in traces.
  std::pair<uintptr_t, uintptr_t> stack_range(int fiber) const {
    const Stack& s = stacks_[static_cast<size_t>(fiber)];
    const auto lo = reinterpret_cast<uintptr_t>(s.base);
    return {lo, lo + s.size};
  }

 private:
  struct Stack {
    void* base = nullptr;  // mmap'ed region including the guard page
    size_t size = 0;
  };
  // Inline, at every switch.
  void swap_locals(int from, int to) {
    if (blocks_.active()) return swap_locals_in_blocks(from, to);
    // errno is the OS thread's, which every fiber shares: a real thread's is its own.
    errno_values_[from] = *errno_;
    *errno_ = errno_values_[to];
    void** const from_values = local_values_[from];
    void* const* const to_values = local_values_[to];
    for (int i = 0; i < local_count_; ++i) {
      from_values[i] = *local_slots_[i];
      *local_slots_[i] = to_values[i];
    }
  }
  void swap_locals_in_blocks(int from, int to);
  // With blocks of their own, a local inside them needs no swapping: its address in
  // `context`'s block.
  void** own_slot(int index, int context) const;
  bool in_blocks(int index) const;

  size_t stack_size_;
  std::vector<Stack> stacks_;
  std::vector<void*> contexts_;  // fcontext_t per context, kMainContext last
  static constexpr int kMaxLocals = 8;
  int local_count_ = 0;
  void** local_slots_[kMaxLocals] = {};
  void* local_values_[kMaxThreads + 1][kMaxLocals] = {};  // [context][local]
  int errno_values_[kMaxThreads + 1] = {};                // [context]
  // The OS thread's errno, found once per execution (prepare): `errno` is a call into libc.
  int* errno_ = nullptr;
  ThreadLocalCopies thread_locals_;
  ThreadVectors vectors_;
  ThreadBlocks blocks_;
  int current_ = kMainContext;
  Entry entry_ = nullptr;
  static void start(boost::context::detail::transfer_t t);
};

}  // namespace lineup::engine
