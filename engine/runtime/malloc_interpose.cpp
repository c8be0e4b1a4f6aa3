// Replaces the C allocator and the global operator new for the whole process. Controlled code
// (tl_heap_on) allocates from the execution's deterministic heap; everything else goes to
// glibc, and so do the dynamic linker's calls made on controlled code's behalf
// (dynamic_linker.h): a library loaded or a symbol bound during an execution outlives it.
// operator new is replaced (not left to libstdc++'s, which calls malloc) so that the heap
// learns the allocation site of a `new` in the code under test, for reports; operator delete
// in libstdc++ calls free, so it follows automatically.
#include <dlfcn.h>
#include <malloc.h>

#include <cerrno>
#include <cstddef>
#include <cstring>
#include <new>

#include "engine/execution.h"
#include "engine/memory/heap.h"
#include "engine/modes.h"
#include "engine/threads/dynamic_linker.h"

extern "C" {
void* __libc_malloc(size_t);
void __libc_free(void*);
void* __libc_calloc(size_t, size_t);
void* __libc_realloc(void*, size_t);
void* __libc_memalign(size_t, size_t);
}

namespace lineup::engine {
namespace {

// Whether an allocation called from `caller` comes from the execution heap.
inline bool from_heap(const void* caller) {
  return tl_heap_on && !in_dynamic_linker(reinterpret_cast<uintptr_t>(caller));
}

// An allocation by the call returning to `site`.
void* heap_alloc(size_t size, size_t align, const void* site) {
  uint32_t replaced = 0;
  Heap& heap = Heap::instance();
  void* p = heap.allocate(size, align, &replaced);
  if (p == nullptr) {
    errno = ENOMEM;
  } else if (tl_execution != nullptr) {
    tl_execution->on_allocation(p, size, heap.last_ordinal(), replaced,
                                reinterpret_cast<uintptr_t>(site));
  }
  return p;
}

}  // namespace

__thread Execution* tl_execution = nullptr;
__thread Execution* tl_active = nullptr;
__thread bool tl_heap_on = false;
__thread uintptr_t tl_tls_low = 0;
__thread uintptr_t tl_tls_span = 0;
__thread uintptr_t tl_probe_pc = 0;

std::vector<EngineLocal> engine_thread_locals() {
  auto local = [](const auto& v) { return EngineLocal{reinterpret_cast<uintptr_t>(&v), sizeof v}; };
  return {local(tl_execution), local(tl_active), local(tl_heap_on), local(tl_probe_pc),
          local(tl_futex_wakes)};
}

}  // namespace lineup::engine

using lineup::engine::from_heap;
using lineup::engine::Heap;
using lineup::engine::tl_execution;

#define LINEUP_CALLER __builtin_return_address(0)

namespace {

void* aligned(size_t align, size_t size, const void* caller) {
  if (from_heap(caller)) return lineup::engine::heap_alloc(size, align, caller);
  return __libc_memalign(align, size);
}

// operator new's contract: a block, or the new-handler's turn, or std::bad_alloc.
void* new_block(size_t size, size_t align, const void* caller) {
  if (size == 0) size = 1;
  for (;;) {
    void* p = from_heap(caller) ? lineup::engine::heap_alloc(size, align, caller)
              : align <= 16     ? __libc_malloc(size)
                                : __libc_memalign(align, size);
    if (p != nullptr) return p;
    std::new_handler handler = std::get_new_handler();
    if (handler == nullptr) throw std::bad_alloc();
    handler();
  }
}

void* new_block_or_null(size_t size, size_t align, const void* caller) noexcept {
  try {
    return new_block(size, align, caller);
  } catch (...) {
    return nullptr;
  }
}

}  // namespace

extern "C" {

void* malloc(size_t size) {
  if (from_heap(LINEUP_CALLER)) return lineup::engine::heap_alloc(size, 16, LINEUP_CALLER);
  return __libc_malloc(size);
}

void free(void* p) {
  if (p == nullptr) return;
  if (Heap::instance().owns(p)) {
    // A block of an execution that has ended is simply forgotten: the arena was reset.
    if (tl_execution != nullptr) tl_execution->on_free(p);
    return;
  }
  __libc_free(p);
}

void* calloc(size_t n, size_t size) {
  if (!from_heap(LINEUP_CALLER)) return __libc_calloc(n, size);
  if (size != 0 && n > static_cast<size_t>(-1) / size) {
    errno = ENOMEM;
    return nullptr;
  }
  // The arena hands out zeroed memory only on first use; reused blocks must be cleared.
  void* p = lineup::engine::heap_alloc(n * size, 16, LINEUP_CALLER);
  if (p != nullptr) std::memset(p, 0, n * size);
  return p;
}

void* realloc(void* p, size_t size) {
  bool in_arena = p != nullptr && Heap::instance().owns(p);
  bool heap = from_heap(LINEUP_CALLER);
  if (!heap && !in_arena) return __libc_realloc(p, size);
  if (p == nullptr) return lineup::engine::heap_alloc(size, 16, LINEUP_CALLER);
  if (size == 0) {
    free(p);
    return nullptr;
  }
  size_t old = in_arena ? Heap::instance().usable_size(p) : malloc_usable_size(p);
  void* q = heap ? lineup::engine::heap_alloc(size, 16, LINEUP_CALLER) : __libc_malloc(size);
  if (q == nullptr) return nullptr;
  std::memcpy(q, p, old < size ? old : size);
  free(p);
  return q;
}

void* memalign(size_t align, size_t size) { return aligned(align, size, LINEUP_CALLER); }

void* aligned_alloc(size_t align, size_t size) { return aligned(align, size, LINEUP_CALLER); }

int posix_memalign(void** out, size_t align, size_t size) {
  if (align < sizeof(void*) || (align & (align - 1)) != 0) return EINVAL;
  void* p = aligned(align, size, LINEUP_CALLER);
  if (p == nullptr) return ENOMEM;
  *out = p;
  return 0;
}

void* valloc(size_t size) { return aligned(4096, size, LINEUP_CALLER); }

void* pvalloc(size_t size) { return aligned(4096, (size + 4095) & ~size_t{4095}, LINEUP_CALLER); }

size_t malloc_usable_size(void* p) {
  if (p == nullptr) return 0;
  if (Heap::instance().owns(p)) return Heap::instance().usable_size(p);
  // glibc exports no __libc_ alias for this one.
  using UsableSize = size_t (*)(void*);
  static auto real = reinterpret_cast<UsableSize>(dlsym(RTLD_NEXT, "malloc_usable_size"));
  return real != nullptr ? real(p) : 0;
}

}  // extern "C"

// The replaceable global allocation functions ([new.delete]); the deallocation functions stay
// libstdc++'s, which call free.
void* operator new(size_t size) { return new_block(size, 16, LINEUP_CALLER); }
void* operator new[](size_t size) { return new_block(size, 16, LINEUP_CALLER); }
void* operator new(size_t size, const std::nothrow_t&) noexcept {
  return new_block_or_null(size, 16, LINEUP_CALLER);
}
void* operator new[](size_t size, const std::nothrow_t&) noexcept {
  return new_block_or_null(size, 16, LINEUP_CALLER);
}
void* operator new(size_t size, std::align_val_t align) {
  return new_block(size, static_cast<size_t>(align), LINEUP_CALLER);
}
void* operator new[](size_t size, std::align_val_t align) {
  return new_block(size, static_cast<size_t>(align), LINEUP_CALLER);
}
void* operator new(size_t size, std::align_val_t align, const std::nothrow_t&) noexcept {
  return new_block_or_null(size, static_cast<size_t>(align), LINEUP_CALLER);
}
void* operator new[](size_t size, std::align_val_t align, const std::nothrow_t&) noexcept {
  return new_block_or_null(size, static_cast<size_t>(align), LINEUP_CALLER);
}
