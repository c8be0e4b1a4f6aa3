// Thread-local variables of controlled code, one copy per logical thread. All fibers run on
// one OS thread and so share its thread-local blocks; this class makes each context (fiber
// or the main context running setup and teardown) see its own copy, starting every
// execution from the variables' initial values (the modules' TLS images). It covers the
// static TLS area; modules loaded by dlopen keep theirs in dynamic TLS (thread_vectors.h).
//
// Switching the thread pointer costs microseconds per call (arch_prctl), far more than a
// scheduling point, so the bytes are copied instead, and only those controlled code has
// touched: the tsan hooks report every access, and an access inside the blocks' address
// window adds its bytes to the copied set. Code that touches no thread-local pays nothing at
// a switch; the engine's own thread-locals are never touched by instrumented code and so
// never copied.
//
// With a thread pointer per logical thread (thread_blocks.h) each context already has a block
// of its own: nothing is copied at a switch, and a context's tracked bytes are reset to their
// initial values when it is first switched in during an execution. Addresses given to this
// class are always those of the main context's block (subtract the context's delta).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/threads/static_storage.h"
#include "engine/threads/thread_blocks.h"

namespace lineup::engine {

class ThreadLocalCopies {
 public:
  /// Lays out the calling OS thread's thread-local blocks; forgets the bytes tracked so far.
  /// `contexts` is the number of contexts that can hold a copy.
  void set_layout(const std::vector<TlsBlock>& blocks, int contexts);
  /// Gives every context its own block (or, with nullptr, one block whose values are copied
  /// in and out at switches).
  void use_blocks(const ThreadBlocks* blocks) { blocks_ = blocks; }
  /// Keeps [addr, addr + size) out of the copies: state that is switched by other means.
  void exclude(uintptr_t addr, size_t size);

  /// [low, low + span) covers every thread-local block; span 0 before set_layout.
  uintptr_t low() const { return low_; }
  size_t span() const { return initial_.size(); }

  /// Starts an execution in the main context: every tracked byte takes its initial value in
  /// every context (in a context's copy when the context is first switched in), the OS
  /// thread's own values being put aside.
  void begin_execution();
  /// Ends it (in the main context): the OS thread's own values come back.
  void end_execution();
  /// Whether every byte of [addr, addr + size) (inside the window) is copied or excluded.
  bool tracked(uintptr_t addr, size_t size) const {
    size_t off = addr - low_;
    for (size_t i = 0; i < size && off + i < tracked_.size(); ++i) {
      if (tracked_[off + i] == 0) return false;
    }
    return true;
  }
  /// Controlled code running in context `current` is about to access [addr, addr + size)
  /// for the first time: its bytes join the copied set with their initial value in every
  /// context. Allocates: call it outside controlled code's heap.
  void track(int current, uintptr_t addr, size_t size);
  /// Moves the live values out to `from`'s copy and `to`'s copy in; a few small copies per
  /// tracked run, nothing when controlled code touched no thread-local.
  void swap(int from, int to) {
    if (blocks_ != nullptr) {
      enter_block(to);
    } else if (!runs_.empty()) {
      swap_runs(from, to);
    }
  }

 private:
  struct Run {
    size_t offset;
    size_t size;
  };
  void swap_runs(int from, int to);
  void enter_block(int to);
  void rebuild_runs();
  uint8_t* live(size_t off) const { return reinterpret_cast<uint8_t*>(low_ + off); }
  // Context `context`'s own block, with a thread pointer per logical thread.
  uint8_t* block(int context, size_t off) const {
    return reinterpret_cast<uint8_t*>(low_ + blocks_->delta(context) + off);
  }
  uint8_t* copy(int context, size_t off) {
    return copies_.data() + static_cast<size_t>(context) * initial_.size() + off;
  }

  uintptr_t low_ = 0;
  int contexts_ = 0;
  std::vector<uint8_t> initial_;  // the window's initial values
  std::vector<uint8_t> outside_;  // the OS thread's own values during an execution
  std::vector<uint8_t> copies_;   // [context][window offset]
  // Per context, the execution whose values its copy holds (it was switched out in it);
  // copies from an earlier execution are stale and read as the initial values. With blocks,
  // the execution its block was last reset in.
  std::vector<uint64_t> saved_in_;
  uint64_t execution_ = 1;
  std::vector<uint8_t> tracked_;  // per byte: 0 untracked, 1 tracked, 2 excluded
  std::vector<Run> runs_;         // the tracked bytes as maximal runs
  const ThreadBlocks* blocks_ = nullptr;
};

}  // namespace lineup::engine
