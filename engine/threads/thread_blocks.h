// A thread pointer of its own for each logical thread (x86-64 Linux, glibc): a copy of the OS
// thread's static thread-local area and thread control block per fiber, installed with
// arch_prctl(ARCH_SET_FS) whenever that fiber is switched in. Code that identifies threads by
// the *address* of a thread-local (`&some_thread_local`, a common idiom for per-thread slots
// and ids) then sees a distinct address per logical thread, which copying values between
// contexts (thread_local_copies.h) cannot give.
//
// The switch costs a system call (about 3.4 us here, against about 80 ns for a scheduling
// point), so this is opt-in (EngineOptions::thread_pointer_per_thread). What a block holds:
// - the static TLS of every module loaded at start-up, copied when laid out; each module's
//   bytes that controlled code touches are reset per execution (ThreadLocalCopies);
// - the control block's header: its self pointer (what compiled code adds offsets to) points
//   at the block, and a copy of the dynamic thread vector whose static modules point into the
//   block, so `__tls_get_addr` (thread-locals of shared libraries) finds the block too; a
//   module with dynamic TLS (loaded by dlopen) gets a block per fiber from glibc at the
//   fiber's first access, dropped before every execution (thread_vectors.h);
// - the engine's own thread-locals (modes.h), copied from the leaving block to the
//   entering one at every switch, so all contexts agree on them.
// The main context keeps the OS thread's blocks of modules with dynamic TLS.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/modes.h"
#include "engine/threads/static_storage.h"
#include "engine/threads/thread_vectors.h"

namespace lineup::engine {

class ThreadBlocks {
 public:
  ThreadBlocks() = default;
  ~ThreadBlocks();
  ThreadBlocks(const ThreadBlocks&) = delete;
  ThreadBlocks& operator=(const ThreadBlocks&) = delete;

  /// Lays out `fibers` blocks as copies of the calling OS thread's (the main context's), whose
  /// thread-local modules are `tls`, and the engine's thread-locals that follow contexts
  /// (engine_thread_locals()). Call in the main context.
  void lay_out(const std::vector<TlsBlock>& tls, int fibers);
  /// Drops the blocks: every context uses the OS thread's pointer again.
  void clear();
  bool active() const { return !deltas_.empty(); }

  /// The offset from an address in the main context's block to the same byte in context
  /// `context`'s (0 for the main context, and for every context when inactive).
  uintptr_t delta(int context) const {
    return context < static_cast<int>(deltas_.size()) ? deltas_[context] : 0;
  }
  /// Where the thread-local at `main` (its address in the main context) lives in context
  /// `context`.
  template <class T>
  T* in_context(T* main, int context) const {
    return reinterpret_cast<T*>(reinterpret_cast<uintptr_t>(main) + delta(context));
  }
  /// Starts an execution: every fiber's blocks of modules with dynamic TLS are dropped, to be
  /// allocated again from their initial images at the fiber's first access.
  void begin_execution();
  /// Adds one more engine thread-local (in the main context) to those that follow contexts.
  void follow(const void* addr, size_t size) {
    engine_locals_.push_back({reinterpret_cast<uintptr_t>(addr), size});
  }
  /// Leaves context `from` for `to`: the engine's thread-locals follow, then `to`'s thread
  /// pointer is installed.
  void enter(int from, int to);

 private:
  uintptr_t pointer(int context) const { return main_tp_ + delta(context); }

  uintptr_t main_tp_ = 0;
  void* region_ = nullptr;
  size_t region_size_ = 0;
  std::vector<uintptr_t> deltas_;  // per fiber; the main context is past the end
  std::vector<EngineLocal> engine_locals_;
};

}  // namespace lineup::engine
