// Memory the execution lays out, resets or watches: static storage and the thread-local
// layout (again after dlopen or dlclose), frees and reuses of heap blocks, thread-local bytes
// and thread-local addresses that reach shared memory.
#include <cstdio>
#include <string>
#include <utility>

#include "engine/execution.h"
#include "engine/memory/heap.h"
#include "engine/modes.h"

namespace lineup::engine {

void Execution::lay_out_static_storage() {
  auto tp = reinterpret_cast<uintptr_t>(__builtin_thread_pointer());
  bool own_pointers = options_.thread_local_copies && options_.thread_pointer_per_thread;
  const uint64_t changes = module_changes();
  if (laid_out_for_ != tp || laid_out_with_own_pointers_ != own_pointers ||
      laid_out_changes_ != changes) {
    laid_out_for_ = tp;
    laid_out_with_own_pointers_ = own_pointers;
    StaticStorage storage = scan_static_storage();
    laid_out_changes_ = storage.changes;
    bool own_vectors = options_.thread_local_copies && !own_pointers && storage.dynamic_tls;
    fibers_.set_thread_local_layout(storage.tls, own_pointers, own_vectors);
    static_writes_.set_ranges(std::move(storage.data));
  }
  const ThreadLocalCopies& copies = fibers_.thread_locals();
  fibers_.publish_private_window(copies.low(), options_.thread_local_copies ? copies.span() : 0);
  static_writes_.enable(options_.undo_static_writes);
}

void Execution::modules_changed() {
  StaticStorage storage = scan_static_storage();
  static_writes_.set_ranges(std::move(storage.data));
  bool own_pointers = options_.thread_local_copies && options_.thread_pointer_per_thread;
  if (options_.thread_local_copies && !own_pointers && storage.dynamic_tls) {
    fibers_.start_own_vectors();
  }
}

void Execution::on_free(void* p) {
  EngineSection engine;
  ThreadId me = current_thread();
  switch (heap_.deallocate(p, me, trace_->steps.size())) {
    case Heap::FreeResult::kOk:
      if (weak_) {
        BlockInfo b = heap_.block_at(reinterpret_cast<uintptr_t>(p));
        weak_->forget(b.start, b.size);
      }
      return;
    case Heap::FreeResult::kDoubleFree: {
      BlockInfo b = heap_.block_at(reinterpret_cast<uintptr_t>(p));
      abort(
          Outcome::kDoubleFree,
          "double free of heap block " + block_names_.name(b) + " (first freed by " +
              (b.freed_by < 0 ? std::string("setup/teardown") : "T" + std::to_string(b.freed_by)) +
              " before step " + std::to_string(b.free_step) + ")");
    }
    case Heap::FreeResult::kInvalid: {
      char buf[80];
      std::snprintf(buf, sizeof buf, "free of 0x%lx, which is not a heap block",
                    static_cast<unsigned long>(reinterpret_cast<uintptr_t>(p)));
      abort(Outcome::kInvalidFree, buf);
    }
  }
}

void Execution::on_allocation(void* p, size_t size, uint32_t ordinal, uint32_t replaced,
                              uintptr_t site) {
  EngineSection engine;
  block_names_.note_allocation(ordinal, site, size);
  if (replaced != 0) {
    block_names_.note_reuse(reinterpret_cast<uintptr_t>(p), replaced, ordinal,
                            trace_->steps.size());
  }
}

void Execution::thread_local_access(uintptr_t addr, uint32_t size) {
  // The same byte in the main context's block, which the copies are laid out for.
  addr -= fibers_.tls_delta(fibers_.current());
  ThreadLocalCopies& copies = fibers_.thread_locals();
  if (copies.tracked(addr, size)) return;
  EngineSection engine;
  copies.track(fibers_.current(), addr, size);
}

void Execution::thread_local_address_shared(uintptr_t at) {
  if (options_.thread_pointer_per_thread || !options_.thread_pointer_on_escape) return;
  // A thread's pointers to its own thread-locals or locals, kept there, reach no one else.
  if (thread_private(at) || on_own_stack(current_thread(), at)) return;
  result_->thread_pointer_switched = true;
  abort(Outcome::kAbandoned, "a thread-local's address reached shared memory");
}

}  // namespace lineup::engine
