#include "engine/threads/fibers.h"

#include "engine/modes.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>

// libstdc++'s per-thread exception state (caught-exception stack, uncaught count).
namespace __cxxabiv1 {
struct __cxa_eh_globals;
extern "C" __cxa_eh_globals* __cxa_get_globals() noexcept;
}  // namespace __cxxabiv1

namespace lineup::engine {

namespace ctx = boost::context::detail;

namespace {

// The Fibers object whose fiber is being started on this OS thread.
thread_local Fibers* starting_owner = nullptr;

}  // namespace

// Runs on a fiber's first activation. The jumper passed its own context slot: record where it
// can be resumed, then run the fiber's entry, which switches away for good instead of returning.
void Fibers::start(ctx::transfer_t t) {
  *static_cast<void**>(t.data) = t.fctx;
  Fibers* self = starting_owner;
  self->entry_(self->current_);
  std::fputs("lineup: fiber entry returned\n", stderr);
  std::abort();
}

Fibers::Fibers(size_t stack_size)
    : stack_size_(stack_size), stacks_(kMaxThreads), contexts_(kMaxThreads + 1, nullptr) {
  // The exception globals are two words; keeping them per fiber lets fibers interleave inside
  // catch blocks without corrupting each other's caught-exception stack.
  auto** eh = reinterpret_cast<void**>(__cxxabiv1::__cxa_get_globals());
  add_local(eh);
  add_local(eh + 1);
}

Fibers::~Fibers() {
  for (Stack& s : stacks_) {
    if (s.base != nullptr) munmap(s.base, s.size);
  }
}

int Fibers::add_local(void** slot) {
  if (local_count_ == kMaxLocals) {
    std::fputs("lineup: too many fiber-local slots\n", stderr);
    std::abort();
  }
  int index = local_count_++;
  local_slots_[index] = slot;
  local_values_[kMainContext][index] = *slot;
  thread_locals_.exclude(reinterpret_cast<uintptr_t>(slot), sizeof(void*));
  return index;
}

void Fibers::set_thread_local_layout(const std::vector<TlsBlock>& blocks, bool own_pointers,
                                     bool own_vectors) {
  if (own_vectors) {
    vectors_.lay_out(kMaxThreads + 1);
  } else {
    vectors_.clear();
  }
  thread_locals_.set_layout(blocks, kMaxThreads + 1);
  thread_locals_.exclude(reinterpret_cast<uintptr_t>(&errno), sizeof(int));
  for (int i = 0; i < local_count_; ++i) {
    thread_locals_.exclude(reinterpret_cast<uintptr_t>(local_slots_[i]), sizeof(void*));
  }
  if (own_pointers) {
    blocks_.lay_out(blocks, kMaxThreads);
    blocks_.follow(&starting_owner, sizeof(void*));  // a pointer
    thread_locals_.use_blocks(&blocks_);
  } else {
    blocks_.clear();
    thread_locals_.use_blocks(nullptr);
  }
}

void Fibers::start_own_vectors() {
  if (vectors_.active()) return;
  vectors_.lay_out(kMaxThreads + 1);
  vectors_.start_now(current_);
}

void Fibers::begin_execution() {
  thread_locals_.begin_execution();
  vectors_.begin_execution(kMainContext);
  blocks_.begin_execution();
}

void Fibers::end_execution() {
  thread_locals_.end_execution();
  vectors_.end_execution(kMainContext);
}

void Fibers::publish_private_window(uintptr_t low, uintptr_t span) {
  tl_tls_low = low;
  tl_tls_span = span;
  if (!blocks_.active()) return;
  for (int c = 0; c < kMaxThreads; ++c) {
    *blocks_.in_context(&tl_tls_low, c) = low + blocks_.delta(c);
    *blocks_.in_context(&tl_tls_span, c) = span;
  }
}

bool Fibers::in_blocks(int index) const {
  auto a = reinterpret_cast<uintptr_t>(local_slots_[index]);
  return blocks_.active() && a - thread_locals_.low() < thread_locals_.span();
}

void** Fibers::own_slot(int index, int context) const {
  return blocks_.in_context(local_slots_[index], context);
}

void Fibers::set_local(int index, int context, void* value) {
  local_values_[context][index] = value;
  if (in_blocks(index)) {
    *own_slot(index, context) = value;
  } else if (context == current_) {
    *local_slots_[index] = value;
  }
}

void Fibers::prepare(int fiber, Entry entry) {
  Stack& s = stacks_[fiber];
  if (s.base == nullptr) {
    size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    s.size = stack_size_ + page;
    s.base = mmap(nullptr, s.size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK,
                  -1, 0);
    if (s.base == MAP_FAILED) {
      std::fputs("lineup: cannot allocate a fiber stack\n", stderr);
      std::abort();
    }
    // Guard page: a stack overflow faults (and is reported) instead of corrupting memory.
    mprotect(s.base, page, PROT_NONE);
  }
  entry_ = entry;
  errno_ = &errno;
  starting_owner = this;
  void* top = static_cast<char*>(s.base) + s.size;
  contexts_[fiber] = ctx::make_fcontext(top, stack_size_, &Fibers::start);
  // Fresh fibers inherit no exception state (the first two locals) and no error number.
  local_values_[fiber][0] = local_values_[fiber][1] = nullptr;
  errno_values_[fiber] = 0;
  if (blocks_.active()) {
    // errno's address here is the running context's (threads start one another).
    int* main_errno =
        reinterpret_cast<int*>(reinterpret_cast<uintptr_t>(&errno) - blocks_.delta(current_));
    *blocks_.in_context(main_errno, fiber) = 0;
    for (int i = 0; i < local_count_; ++i) {
      if (in_blocks(i)) *own_slot(i, fiber) = local_values_[fiber][i];
    }
  }
}

void Fibers::swap_locals_in_blocks(int from, int to) {
  // Each context has its own errno and its own copy of the locals inside the blocks.
  for (int i = 0; i < local_count_; ++i) {
    if (in_blocks(i)) continue;
    local_values_[from][i] = *local_slots_[i];
    *local_slots_[i] = local_values_[to][i];
  }
}

void Fibers::reset_to_main() {
  if (current_ == kMainContext) return;
  swap_locals(current_, kMainContext);
  thread_locals_.swap(current_, kMainContext);
  vectors_.swap(current_, kMainContext);
  if (blocks_.active()) blocks_.enter(current_, kMainContext);
  current_ = kMainContext;
}

}  // namespace lineup::engine
