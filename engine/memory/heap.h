// The per-execution deterministic heap. Controlled code allocates here (malloc, operator new,
// ...), so an execution replayed with the same schedule sees the same addresses, and freed
// blocks can be told apart from live ones to report use-after-free and double free.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace lineup::engine {

/// State of one 16-byte granule of the arena.
enum class Granule : uint8_t { kUnused = 0, kLive = 1, kFreed = 2 };

/// Information about the block containing an address.
struct BlockInfo {
  uintptr_t start = 0;   // first user byte
  size_t size = 0;       // requested size
  uint32_t ordinal = 0;  // allocation number within the execution (1-based)
  bool freed = false;
  int32_t freed_by = -1;   // logical thread that freed it (-1: setup/teardown)
  uint64_t free_step = 0;  // trace step count when it was freed
};

/// The arena's reserved range, [arena_low, arena_low + arena_span), once reserved (span 0
/// before): an instrumented access tests it without a call. The arena holds neither static
/// nor thread-local bytes.
inline uintptr_t arena_low = 0;
inline uintptr_t arena_span = 0;
/// The arena's shadow: a Granule per 16 bytes from arena_low (with one to spare past the end).
inline const uint8_t* arena_shadow = nullptr;

/// Whether [addr, addr + size) touches a freed granule, for `addr` in the arena and `size`
/// from 1 to 16 (two granules at most): read from the shadow directly, for the hooks. Past
/// the arena's used part the shadow reads kUnused (never marked, or cleared by reset), so
/// that needs no test of its own.
inline bool arena_small_access_touches_freed(uintptr_t addr, uint32_t size) {
  const uintptr_t first = (addr - arena_low) >> 4;
  const uintptr_t last = (addr - arena_low + size - 1) >> 4;
  constexpr auto kFreed = static_cast<uint8_t>(Granule::kFreed);
  return (arena_shadow[first] == kFreed) | (arena_shadow[last] == kFreed);
}

/// A bump arena with LIFO reuse of freed blocks per size class. Reuse is deliberate: it makes
/// ABA through node recycling happen (deterministically) as it does with a real allocator;
/// accesses to freed blocks are caught until the block is reused.
class Heap {
 public:
  /// The process-wide arena (reserved lazily; never unmapped).
  static Heap& instance();

  /// True when `p` lies inside the arena's reserved range (cheap).
  bool owns(const void* p) const {
    auto a = reinterpret_cast<uintptr_t>(p);
    return a >= base_ && a < limit_;
  }
  /// Forgets every block and zeroes the used part, so the next execution starts identical.
  void reset();
  /// Allocation with alignment (a power of two); nullptr when the arena is exhausted. When
  /// `replaced` is given, it receives the allocation number of the freed block whose place
  /// the new one takes (0 when the place is new).
  void* allocate(size_t size, size_t align = 16, uint32_t* replaced = nullptr);
  /// The allocation number of the block allocate() returned last.
  uint32_t last_ordinal() const { return next_ordinal_ - 1; }
  /// Result of a free.
  enum class FreeResult { kOk, kDoubleFree, kInvalid };
  /// Frees a block; `thread` and `step` are remembered for use-after-free reports.
  FreeResult deallocate(void* p, int32_t thread, uint64_t step);
  /// Requested size of a live block (0 if `p` is not a live block start).
  size_t usable_size(const void* p) const;
  /// Whether [addr, addr+size) touches a freed granule. Only meaningful when owns(addr).
  /// Inline: asked at every memory access that is not a scheduling point.
  bool touches_freed(uintptr_t addr, size_t size) const {
    if (addr >= top_) return false;
    // Most accesses lie within one granule: one shadow byte says.
    if ((addr & 15) + size <= 16) return granule(addr) == Granule::kFreed;
    uintptr_t end = addr + size;
    if (end > top_) end = top_;
    for (uintptr_t g = addr & ~uintptr_t{15}; g < end; g += 16) {
      if (granule(g) == Granule::kFreed) return true;
    }
    return false;
  }
  /// The block containing `addr` (start == 0 when none).
  BlockInfo block_at(uintptr_t addr) const;
  /// Bytes handed out since reset (high-water mark), for memory statistics.
  size_t used() const { return top_ - base_; }
  uintptr_t base() const { return base_; }

 private:
  Heap();
  struct Header;
  Header* header_of(uintptr_t user) const;
  Granule granule(uintptr_t addr) const {
    return static_cast<Granule>(shadow_[(addr - base_) >> 4]);
  }
  void mark(uintptr_t start, size_t size, Granule g);

  static constexpr size_t kReserve = size_t{1} << 30;  // 1 GiB of address space
  static constexpr int kClasses = 256;                 // reuse lists for sizes up to 4 KiB
  uintptr_t base_ = 0, limit_ = 0, top_ = 0;
  uint8_t* shadow_ = nullptr;
  void* free_lists_[kClasses] = {};
  uint64_t listed_[kClasses / 64] = {};  // the classes whose list was pushed on since reset
  uint32_t next_ordinal_ = 1;
};

}  // namespace lineup::engine
