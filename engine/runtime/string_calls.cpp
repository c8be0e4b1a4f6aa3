// The functions instrumented code calls for memcpy, memmove, memset, memcmp and bcmp
// (engine/runtime/string_calls.h renames them to these), and clang's __tsan_memcpy,
// __tsan_memmove and __tsan_memset, which are the same. Outside controlled code (tl_heap_on
// clear: the engine, libraries, code before and after executions) each is the C library's
// function after one thread-local test. In controlled code each reports the bytes it touches
// through the range hooks (tsan_hooks.cpp), with its caller's pc, exactly as an aggregate copy
// reports them: a copy is a read of the source and then a write of the destination, memset a
// write, a comparison a read of each side.
//
// With plain accesses scheduled, each report is a step, and another thread may run between
// them. Each access is therefore done where its step is: the source is read into a buffer on
// the thread's stack right after the read step, and written out right after the write step;
// a comparison reads its first side into the buffer after its first step and compares after
// the second. The buffer holds 4 KiB: a longer copy or comparison is a sequence of 4 KiB
// pieces, each with its own steps (a real copy is no more atomic), in the order that keeps a
// memmove of overlapping bytes correct; a comparison stops at the first piece that differs.
// A fault while the bytes are accessed (a bad pointer) is reported at the caller's line, as
// a fault of a plain access is.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "engine/modes.h"

using lineup::engine::tl_heap_on;
using lineup::engine::tl_probe_pc;

extern "C" {
void __tsan_read_range_pc(void* a, unsigned long size, void* pc);
void __tsan_write_range_pc(void* a, unsigned long size, void* pc);
}

namespace {

constexpr size_t kPiece = 4096;

unsigned char* bytes(const void* p) { return static_cast<unsigned char*>(const_cast<void*>(p)); }

// The C library's memcpy and memcmp, with a fault in them charged to `pc` (crash_guard.cpp).
// Never across a step: every logical thread sees the same tl_probe_pc.
void copy_at(void* pc, void* d, const void* s, size_t n) {
  tl_probe_pc = reinterpret_cast<uintptr_t>(pc);
  std::memcpy(d, s, n);
  tl_probe_pc = 0;
}

int compare_at(void* pc, const void* a, const void* b, size_t n) {
  tl_probe_pc = reinterpret_cast<uintptr_t>(pc);
  const int order = std::memcmp(a, b, n);
  tl_probe_pc = 0;
  return order;
}

__attribute__((noinline)) void* copy_in_steps(void* d, const void* s, size_t n, void* pc) {
  unsigned char* to = bytes(d);
  unsigned char* from = bytes(s);
  // Destination bytes after overlapping source bytes: last piece first, as memmove does.
  const auto at_d = reinterpret_cast<uintptr_t>(d), at_s = reinterpret_cast<uintptr_t>(s);
  const bool backwards = at_d > at_s && at_d - at_s < n;
  unsigned char piece[kPiece];
  for (size_t done = 0; done < n;) {
    const size_t len = std::min(kPiece, n - done);
    const size_t at = backwards ? n - done - len : done;
    __tsan_read_range_pc(from + at, len, pc);
    copy_at(pc, piece, from + at, len);
    __tsan_write_range_pc(to + at, len, pc);
    copy_at(pc, to + at, piece, len);
    done += len;
  }
  return d;
}

__attribute__((noinline)) int compare_in_steps(const void* a, const void* b, size_t n, void* pc) {
  unsigned char* left = bytes(a);
  unsigned char* right = bytes(b);
  unsigned char piece[kPiece];
  for (size_t at = 0; at < n; at += kPiece) {
    const size_t len = std::min(kPiece, n - at);
    __tsan_read_range_pc(left + at, len, pc);
    copy_at(pc, piece, left + at, len);
    __tsan_read_range_pc(right + at, len, pc);
    if (int order = compare_at(pc, piece, right + at, len); order != 0) return order;
  }
  return 0;
}

__attribute__((noinline)) void* set_in_step(void* d, int c, size_t n, void* pc) {
  __tsan_write_range_pc(d, n, pc);
  tl_probe_pc = reinterpret_cast<uintptr_t>(pc);
  std::memset(d, c, n);
  tl_probe_pc = 0;
  return d;
}

}  // namespace

extern "C" {

void* __lineup_memcpy(void* d, const void* s, size_t n) {
  if (!tl_heap_on || n == 0) return std::memcpy(d, s, n);
  return copy_in_steps(d, s, n, __builtin_return_address(0));
}

void* __lineup_memmove(void* d, const void* s, size_t n) {
  if (!tl_heap_on || n == 0) return std::memmove(d, s, n);
  return copy_in_steps(d, s, n, __builtin_return_address(0));
}

void* __lineup_memset(void* d, int c, size_t n) {
  if (!tl_heap_on || n == 0) return std::memset(d, c, n);
  return set_in_step(d, c, n, __builtin_return_address(0));
}

int __lineup_memcmp(const void* a, const void* b, size_t n) {
  if (!tl_heap_on || n == 0) return std::memcmp(a, b, n);
  return compare_in_steps(a, b, n, __builtin_return_address(0));
}

// bcmp's contract (zero exactly when the bytes are equal) is memcmp's, weakened.
int __lineup_bcmp(const void* a, const void* b, size_t n) __attribute__((alias("__lineup_memcmp")));

void* __tsan_memcpy(void* d, const void* s, size_t n) __attribute__((alias("__lineup_memcpy")));
void* __tsan_memmove(void* d, const void* s, size_t n) __attribute__((alias("__lineup_memmove")));
void* __tsan_memset(void* d, int c, size_t n) __attribute__((alias("__lineup_memset")));

}  // extern "C"
