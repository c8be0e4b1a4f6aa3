#include "engine/memory/heap.h"

#include <sys/mman.h>

#include <bit>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <new>

namespace lineup::engine {

// Sits in the 16 bytes before each block's first user byte. Its granule stays kUnused, which
// is how block_at() finds the start of a block from an interior address.
struct Heap::Header {
  uint32_t size;
  uint32_t ordinal;
  int32_t freed_by;
  uint32_t free_step;
};

Heap& Heap::instance() {
  // Never destroyed (free() may run during static destruction), and not allocated with
  // malloc, which is interposed and calls back here.
  alignas(Heap) static unsigned char storage[sizeof(Heap)];
  static Heap* heap = new (storage) Heap();
  return *heap;
}

Heap::Heap() {
  void* arena = mmap(nullptr, kReserve, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  // One page more than the arena needs: arena_small_access_touches_freed() may read the byte
  // after the last.
  void* shadow = mmap(nullptr, kReserve / 16 + 4096, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (arena == MAP_FAILED || shadow == MAP_FAILED) {
    std::fputs("lineup: cannot reserve the execution heap\n", stderr);
    std::abort();
  }
  base_ = top_ = reinterpret_cast<uintptr_t>(arena);
  limit_ = base_ + kReserve;
  shadow_ = static_cast<uint8_t*>(shadow);
  arena_low = base_;
  arena_span = kReserve;
  arena_shadow = shadow_;
}

void Heap::reset() {
  size_t used = top_ - base_;
  std::memset(reinterpret_cast<void*>(base_), 0, used);
  std::memset(shadow_, 0, (used + 15) / 16);
  top_ = base_;
  // Only the lists a block was freed onto since the last reset.
  for (size_t w = 0; w < std::size(listed_); ++w) {
    for (uint64_t m = listed_[w]; m != 0; m &= m - 1) {
      free_lists_[w * 64 + static_cast<size_t>(std::countr_zero(m))] = nullptr;
    }
    listed_[w] = 0;
  }
  next_ordinal_ = 1;
}

void Heap::mark(uintptr_t start, size_t size, Granule g) {
  size_t n = (size + 15) / 16;
  if (n == 0) n = 1;
  std::memset(shadow_ + ((start - base_) >> 4), static_cast<int>(g), n);
}

Heap::Header* Heap::header_of(uintptr_t user) const {
  static_assert(sizeof(Header) == 16);
  return reinterpret_cast<Header*>(user - sizeof(Header));
}

void* Heap::allocate(size_t size, size_t align, uint32_t* replaced) {
  if (align < 16) align = 16;
  size_t rounded = size == 0 ? 16 : (size + 15) & ~size_t{15};
  size_t cls = rounded / 16 - 1;
  uintptr_t user = 0;
  uint32_t previous = 0;
  if (align == 16 && cls < kClasses && free_lists_[cls] != nullptr) {
    // The freed block's first word links the free list (it is dead memory).
    user = reinterpret_cast<uintptr_t>(free_lists_[cls]);
    free_lists_[cls] = *reinterpret_cast<void**>(user);
    *reinterpret_cast<void**>(user) = nullptr;
    previous = header_of(user)->ordinal;
  } else {
    user = (top_ + sizeof(Header) + align - 1) & ~(align - 1);
    if (user + rounded > limit_) return nullptr;
    top_ = user + rounded;
  }
  if (replaced != nullptr) *replaced = previous;
  Header* h = header_of(user);
  h->size = static_cast<uint32_t>(size);
  h->ordinal = next_ordinal_++;
  h->freed_by = -1;
  h->free_step = 0;
  mark(user, rounded, Granule::kLive);
  return reinterpret_cast<void*>(user);
}

Heap::FreeResult Heap::deallocate(void* p, int32_t thread, uint64_t step) {
  auto user = reinterpret_cast<uintptr_t>(p);
  if (user < base_ + sizeof(Header) || user >= top_ || (user & 15) != 0)
    return FreeResult::kInvalid;
  // A block start is preceded by its header granule; anything else is an interior pointer.
  if (granule(user - 16) != Granule::kUnused) return FreeResult::kInvalid;
  Granule g = granule(user);
  if (g == Granule::kFreed) return FreeResult::kDoubleFree;
  if (g != Granule::kLive) return FreeResult::kInvalid;
  Header* h = header_of(user);
  size_t rounded = h->size == 0 ? 16 : (h->size + 15) & ~size_t{15};
  h->freed_by = thread;
  h->free_step = static_cast<uint32_t>(step);
  mark(user, rounded, Granule::kFreed);
  size_t cls = rounded / 16 - 1;
  if (cls < kClasses) {
    *reinterpret_cast<void**>(user) = free_lists_[cls];
    free_lists_[cls] = p;
    listed_[cls / 64] |= uint64_t{1} << (cls % 64);
  }
  return FreeResult::kOk;
}

size_t Heap::usable_size(const void* p) const {
  auto user = reinterpret_cast<uintptr_t>(p);
  if (!owns(p) || user >= top_ || granule(user) != Granule::kLive) return 0;
  return header_of(user)->size;
}

BlockInfo Heap::block_at(uintptr_t addr) const {
  BlockInfo info;
  if (!owns(reinterpret_cast<void*>(addr)) || addr >= top_) return info;
  uintptr_t g = addr & ~uintptr_t{15};
  if (granule(g) == Granule::kUnused) return info;
  while (g > base_ && granule(g - 16) != Granule::kUnused) g -= 16;
  const Header* h = header_of(g);
  info.start = g;
  info.size = h->size;
  info.ordinal = h->ordinal;
  info.freed = granule(g) == Granule::kFreed;
  info.freed_by = h->freed_by;
  info.free_step = h->free_step;
  return info;
}

}  // namespace lineup::engine
