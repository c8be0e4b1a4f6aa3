// Definitions of the __tsan_* entry points that -fsanitize=thread makes the compiler emit in
// code under test. Outside a controlled execution (or while the engine itself runs) they just
// perform the access; inside one, every access is a scheduling point (plain accesses only when
// EngineOptions::schedule_plain_accesses) recorded as a transition.
//
// Plain read/write hooks are notifications: the compiler performs the access itself after the
// hook returns. Atomic hooks perform the operation: sequentially consistent in SC mode; in c11
// mode (EngineOptions::memory_model) accesses of at most 8 bytes go through the weak memory
// model (weak_memory.h), which decides the value a load reads and whether a store reaches
// memory, and plain accesses are checked for data races.
#include <cerrno>
#include <cstdint>
#include <cstring>

#include "engine/diagnostics/function_entries.h"
#include "engine/execution.h"
#include "engine/modes.h"

using lineup::engine::EngineSection;
using lineup::engine::Execution;
using lineup::engine::Kind;
using lineup::engine::RmwOp;
using lineup::engine::tl_active;
using lineup::engine::tl_execution;
using lineup::engine::tl_heap_on;
using lineup::engine::Transition;
using lineup::engine::WeakMemory;
namespace le = lineup::engine;

#define LINEUP_PC reinterpret_cast<uintptr_t>(__builtin_return_address(0))

// The 128-bit hooks make the access itself as one 16-byte atomic operation, which without
// -mcx16 is a call into libatomic (g++ makes the same call and says nothing); clang warns
// about that call's cost, which is the price of a 16-byte atomic in instrumented code.
#ifdef __clang__
#pragma clang diagnostic ignored "-Watomic-alignment"
#endif

namespace {

// Transition::weak's kSeqCst for a hook's memory-order argument.
uint8_t seq_cst(int mo) {
  return le::memory_order(mo) == le::MemoryOrder::kSeqCst ? uint8_t{le::kSeqCst} : uint8_t{0};
}

template <class T>
uint64_t bits(T v) {
  uint64_t out = 0;
  std::memcpy(&out, &v, sizeof(T) < 8 ? sizeof(T) : 8);
  return out;
}

template <class T>
T from_bits(uint64_t v) {
  T out{};
  std::memcpy(&out, &v, sizeof(T) < 8 ? sizeof(T) : 8);
  return out;
}

// The weak memory model when it applies to an access of T: c11 mode, at most 8 bytes.
template <class T>
WeakMemory* weak(Execution* e) {
  if constexpr (sizeof(T) > 8) {
    return nullptr;
  } else {
    return e->weak_memory();
  }
}

// errno is saved and restored per logical thread (Fibers::swap_locals), so each has its own,
// as each real thread does: its accesses are not shared-memory steps.
bool is_errno(uintptr_t addr) {
  static __thread uintptr_t location = 0;
  if (location == 0) location = reinterpret_cast<uintptr_t>(&errno);
  return addr == location;
}

__attribute__((noinline)) void plain(Execution* e, const void* a, uint32_t size, bool write,
                                     uintptr_t pc) {
  auto addr = reinterpret_cast<uintptr_t>(a);
  if (is_errno(addr) || e->unscheduled_thread_local(addr)) return;
  if (e->private_stack_access(addr, size, write, pc)) return;
  EngineSection engine;
  Transition& rec =
      e->step(Transition::pending(write ? Kind::kWrite : Kind::kRead, addr, size, pc));
  if (write) e->defer_write_value(rec);
  if (WeakMemory* w = e->weak_memory()) {
    auto race = w->plain(rec.thread, e->last_step(), addr, size, write);
    if (race && e->options().report_data_races) e->on_data_race(*race, pc);
  }
}

// c11 mode: an atomic access to what a plain access of another thread, unordered by
// happens-before, wrote (or read, for a write) is a data race.
void check_atomic_race(Execution* e, WeakMemory* w, le::ThreadId t, uintptr_t addr, bool write,
                       uintptr_t pc) {
  if (!e->options().report_data_races) return;
  if (auto race = w->atomic_race(t, e->last_step(), addr, write)) e->on_data_race(*race, pc);
}

// Every access of controlled code (logical threads, setup, teardown) to static storage is
// reported first: thread-local bytes get per-thread copies, static data's writes an undo entry.
inline void note_static(const volatile void* a, uint32_t size, bool write) {
  if (!tl_heap_on) return;
  if (Execution* e = tl_execution) {
    e->static_access(reinterpret_cast<uintptr_t>(a), size, write);
  }
}

// A value an atomic access of controlled code moves through `a`: stores, exchanges, compares or
// reads. A thread-local's address among its words may tell threads apart
// (Execution::note_shared_value); a value of fewer than 8 bytes holds no address. Called for
// the accesses that are no steps (setup, teardown) and for what a step's record does not
// show: the value a compare-exchange would store. The record shows the rest (after_step).
template <class T>
inline void note_atomic_value(const volatile T* a, T v) {
  if constexpr (sizeof(T) >= 8) {
    if (!tl_heap_on) return;
    Execution* e = tl_execution;
    if (e == nullptr) return;
    uint64_t words[sizeof(T) / 8];
    std::memcpy(words, &v, sizeof(T));
    for (uint64_t w : words) e->note_shared_value(w, reinterpret_cast<uintptr_t>(a));
  }
}

// The execution to report an atomic access to as a step: none outside controlled threads, and
// none for a thread-local location shared by every logical thread.
inline Execution* shared_access(const volatile void* a) {
  Execution* e = tl_active;
  if (e == nullptr || e->unscheduled_thread_local(reinterpret_cast<uintptr_t>(a))) return nullptr;
  return e;
}

// Everything a plain access may need, for those on_plain() does not settle inline.
__attribute__((noinline)) void on_plain_in_full(const void* a, uint32_t size, bool write,
                                                uintptr_t pc) {
  note_static(a, size, write);
  Execution* e = tl_active;
  if (e == nullptr) return;
  if (e->options().schedule_plain_accesses) {
    plain(e, a, size, write, pc);
  } else {
    // No step: only a use after free is looked for (errno and thread-local bytes, which
    // plain() leaves out, are never in the heap), and the address of a thread-local that a
    // pointer-sized read finds (on_plain sends only heap reads of one here).
    e->check_unscheduled_access(reinterpret_cast<uintptr_t>(a), size, pc);
    if (!write && size == 8) {
      uint64_t value;
      std::memcpy(&value, a, 8);
      e->note_shared_value(value, reinterpret_cast<uintptr_t>(a));
    }
  }
}

// A plain access that is no step (atomics-only mode), to memory neither thread-local, nor
// static and written, nor freed, needs nothing: that is decided here without a call, so the
// hook saves no registers. Anything else is a tail call: a step to plain(), the rest to
// on_plain_in_full().
[[gnu::always_inline]] inline void on_plain(const void* a, uint32_t size, bool write,
                                            uintptr_t pc) {
  const auto addr = reinterpret_cast<uintptr_t>(a);
  if (addr - le::arena_low < le::arena_span) {
    // The execution heap, where most plain accesses go: no static or thread-local bytes.
    Execution* e = tl_active;
    if (e == nullptr) return;
    if (e->options().schedule_plain_accesses) return plain(e, a, size, write, pc);
    // The size is a constant in all but the range hooks.
    const bool freed = size - 1 < 16 ? le::arena_small_access_touches_freed(addr, size)
                                     : e->arena_access_touches_freed(addr, size);
    if (freed) return on_plain_in_full(a, size, write, pc);
    // A pointer-sized read may find a thread-local's address (Execution::note_shared_value).
    if (size == 8 && !write) {
      uint64_t value;
      std::memcpy(&value, a, 8);
      if (le::thread_local_address(value)) return on_plain_in_full(a, size, write, pc);
    }
    return;
  }
  if (tl_heap_on) {
    if (Execution* e = tl_execution; e != nullptr && e->static_access_matters(addr, write)) {
      return on_plain_in_full(a, size, write, pc);
    }
  }
  Execution* e = tl_active;
  if (e == nullptr) return;
  if (e->options().schedule_plain_accesses) return plain(e, a, size, write, pc);
  if (e->unscheduled_access_touches_freed(addr, size)) return on_plain_in_full(a, size, write, pc);
}

template <class T>
T atomic_load(const volatile T* a, int mo, uintptr_t pc) {
  note_static(a, sizeof(T), false);
  Execution* e = shared_access(a);
  if (e == nullptr) {
    T v = __atomic_load_n(a, __ATOMIC_SEQ_CST);
    note_atomic_value(a, v);
    return v;
  }
  if (WeakMemory* w = weak<T>(e)) {
    EngineSection engine;
    auto addr = reinterpret_cast<uintptr_t>(a);
    Transition load = Transition::pending(Kind::kRead, addr, sizeof(T), pc, le::kAtomic);
    load.weak = seq_cst(mo);
    Transition& rec = e->step(load);
    check_atomic_race(e, w, rec.thread, addr, false, pc);
    const bool latest = e->reads_latest_only(rec.thread, addr);
    if (latest) rec.weak |= le::kLatestOnly;
    rec.value = w->load(rec.thread, e->last_step(), addr, sizeof(T), le::memory_order(mo), latest);
    rec.flags |= le::kValueKnown;
    // Memory holds the newest store (WeakMemory::store).
    if (!latest && rec.value != bits(__atomic_load_n(a, __ATOMIC_RELAXED))) {
      e->note_stale_read(rec.thread, rec.pc, addr);
    }
    return from_bits<T>(rec.value);
  }
  {
    EngineSection engine;
    e->step(Transition::pending(Kind::kRead, reinterpret_cast<uintptr_t>(a), sizeof(T), pc,
                                le::kAtomic));
  }
  return __atomic_load_n(a, __ATOMIC_SEQ_CST);
}

template <class T>
void atomic_store(volatile T* a, T v, int mo, uintptr_t pc) {
  note_static(a, sizeof(T), true);
  Execution* e = shared_access(a);
  bool reaches_memory = true;
  if (e == nullptr) {
    note_atomic_value(a, v);
  } else {
    EngineSection engine;
    auto addr = reinterpret_cast<uintptr_t>(a);
    Transition t =
        Transition::pending(Kind::kWrite, addr, sizeof(T), pc, le::kAtomic | le::kValueKnown);
    t.value = bits(v);
    t.weak = seq_cst(mo);
    e->step(t);
    if (WeakMemory* w = weak<T>(e)) {
      check_atomic_race(e, w, e->current_thread(), addr, true, pc);
      reaches_memory = w->store(e->current_thread(), e->last_step(), addr, sizeof(T), bits(v),
                                le::memory_order(mo));
    }
  }
  if (reaches_memory) __atomic_store_n(a, v, __ATOMIC_SEQ_CST);
}

template <class T, class Op>
T atomic_rmw(volatile T* a, T v, RmwOp op, int mo, uintptr_t pc, Op apply) {
  note_static(a, sizeof(T), true);
  Execution* e = shared_access(a);
  if (e == nullptr) {
    note_atomic_value(a, v);
    T old = apply(a, v);
    note_atomic_value(a, old);
    return old;
  }
  Transition* rec;
  {
    EngineSection engine;
    Transition t =
        Transition::pending(Kind::kRmw, reinterpret_cast<uintptr_t>(a), sizeof(T), pc, le::kAtomic);
    t.rmw = op;
    t.value = bits(v);
    t.weak = seq_cst(mo);
    rec = &e->step(t);
    if (WeakMemory* w = weak<T>(e)) {
      check_atomic_race(e, w, rec->thread, rec->addr, true, pc);
      const bool latest = e->reads_latest_only(rec->thread, rec->addr);
      if (latest || e->options().latest_rmws) rec->weak |= le::kLatestOnly;
      // In c11 mode the rmw may read a stale store; memory then keeps the newest one.
      auto written = [&](uint64_t old) {
        return bits(from_bits<T>(le::rmw_result(op, old, bits(v))));
      };
      if (auto stale = w->rmw_read(rec->thread, e->last_step(), rec->addr, sizeof(T), written,
                                   le::memory_order(mo), latest)) {
        e->note_stale_read(rec->thread, rec->pc, rec->addr);
        rec->old_value = *stale;
        rec->value = written(*stale);
        rec->flags |= le::kValueKnown;
        return from_bits<T>(*stale);
      }
    }
  }
  T old = apply(a, v);
  rec->old_value = bits(old);
  rec->value = bits(*a);
  rec->flags |= le::kValueKnown;
  if (WeakMemory* w = weak<T>(e)) {
    EngineSection engine;
    w->rmw(rec->thread, e->last_step(), rec->addr, sizeof(T), rec->old_value, rec->value,
           le::memory_order(mo));
  }
  return old;
}

// Returns whether the exchange happened; *expected receives the observed value on failure.
template <class T>
bool atomic_cas(volatile T* a, T* expected, T desired, int mo, int failure_mo, uintptr_t pc) {
  note_static(a, sizeof(T), true);
  note_atomic_value(a, desired);
  Execution* e = shared_access(a);
  if (e == nullptr) {
    note_atomic_value(a, *expected);
    bool ok = __atomic_compare_exchange_n(a, expected, desired, false, __ATOMIC_SEQ_CST,
                                          __ATOMIC_SEQ_CST);
    if (!ok) note_atomic_value(a, *expected);
    return ok;
  }
  Transition* rec;
  {
    EngineSection engine;
    Transition t = Transition::pending(Kind::kRmw, reinterpret_cast<uintptr_t>(a), sizeof(T), pc,
                                       le::kAtomic | le::kCas);
    t.rmw = RmwOp::kCas;
    t.value = bits(desired);
    t.expected = bits(*expected);
    t.weak = seq_cst(mo) | seq_cst(failure_mo);
    rec = &e->step(t);
    if (WeakMemory* w = weak<T>(e)) {
      check_atomic_race(e, w, rec->thread, rec->addr, true, pc);
      const bool latest = e->reads_latest_only(rec->thread, rec->addr);
      if (latest || e->options().latest_rmws) rec->weak |= le::kLatestOnly;
      // In c11 mode the compare-exchange may read a stale value: it fails on one not
      // expected, and succeeds on one expected, memory then keeping the newest store.
      if (auto stale = w->cas_read(rec->thread, e->last_step(), rec->addr, sizeof(T), rec->expected,
                                   bits(desired), le::memory_order(mo),
                                   le::memory_order(failure_mo), latest)) {
        if (stale->exchanged || stale->value != bits(__atomic_load_n(a, __ATOMIC_RELAXED))) {
          e->note_stale_read(rec->thread, rec->pc, rec->addr);
        }
        rec->flags |= le::kValueKnown;
        if (stale->exchanged) {
          rec->old_value = stale->value;
          rec->value = bits(desired);
          return true;
        }
        *expected = from_bits<T>(stale->value);
        rec->kind = Kind::kRead;
        rec->flags |= le::kFailed;
        rec->old_value = rec->value = stale->value;
        return false;
      }
    }
  }
  // Weak compare-exchange is modelled as strong: no spurious failures.
  bool ok =
      __atomic_compare_exchange_n(a, expected, desired, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  if (ok) {
    rec->old_value = rec->expected;
    rec->value = bits(desired);
  } else {
    rec->kind = Kind::kRead;
    rec->flags |= le::kFailed;
    rec->old_value = rec->value = bits(*expected);
  }
  rec->flags |= le::kValueKnown;
  if (WeakMemory* w = weak<T>(e)) {
    EngineSection engine;
    if (ok) {
      w->rmw(rec->thread, e->last_step(), rec->addr, sizeof(T), rec->old_value, rec->value,
             le::memory_order(mo));
    } else {
      w->read_latest(rec->thread, e->last_step(), rec->addr, sizeof(T),
                     le::memory_order(failure_mo));
    }
  }
  return ok;
}

void fence(int mo, uintptr_t pc) {
  if (Execution* e = tl_active) {
    EngineSection engine;
    Transition t = Transition::pending(Kind::kFence, 0, 0, pc, le::kAtomic);
    t.weak = seq_cst(mo);
    e->step(t);
    if (WeakMemory* w = e->weak_memory()) w->fence(e->current_thread(), le::memory_order(mo));
  }
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

}  // namespace

extern "C" {

void __tsan_init() {}
void __tsan_func_entry(void*) {
  if (__builtin_expect(le::g_recording_function_entries, false)) {
    le::record_function_entry(reinterpret_cast<uintptr_t>(__builtin_return_address(0)));
  }
}
void __tsan_func_exit() {}
void __tsan_ignore_thread_begin() {}
void __tsan_ignore_thread_end() {}

#define LINEUP_PLAIN(n)                                                                 \
  void __tsan_read##n(void* a) { on_plain(a, n, false, LINEUP_PC); }                    \
  void __tsan_write##n(void* a) { on_plain(a, n, true, LINEUP_PC); }                    \
  void __tsan_unaligned_read##n(void* a) { on_plain(a, n, false, LINEUP_PC); }          \
  void __tsan_unaligned_write##n(void* a) { on_plain(a, n, true, LINEUP_PC); }          \
  void __tsan_volatile_read##n(void* a) { on_plain(a, n, false, LINEUP_PC); }           \
  void __tsan_volatile_write##n(void* a) { on_plain(a, n, true, LINEUP_PC); }           \
  void __tsan_unaligned_volatile_read##n(void* a) { on_plain(a, n, false, LINEUP_PC); } \
  void __tsan_unaligned_volatile_write##n(void* a) { on_plain(a, n, true, LINEUP_PC); } \
  void __tsan_read##n##_pc(void* a, void* pc) {                                         \
    on_plain(a, n, false, reinterpret_cast<uintptr_t>(pc));                             \
  }                                                                                     \
  void __tsan_write##n##_pc(void* a, void* pc) {                                        \
    on_plain(a, n, true, reinterpret_cast<uintptr_t>(pc));                              \
  }

LINEUP_PLAIN(1)
LINEUP_PLAIN(2)
LINEUP_PLAIN(4)
LINEUP_PLAIN(8)
LINEUP_PLAIN(16)

void __tsan_read_range(void* a, unsigned long size) {
  on_plain(a, static_cast<uint32_t>(size), false, LINEUP_PC);
}
void __tsan_write_range(void* a, unsigned long size) {
  on_plain(a, static_cast<uint32_t>(size), true, LINEUP_PC);
}
void __tsan_read_range_pc(void* a, unsigned long size, void* pc) {
  on_plain(a, static_cast<uint32_t>(size), false, reinterpret_cast<uintptr_t>(pc));
}
void __tsan_write_range_pc(void* a, unsigned long size, void* pc) {
  on_plain(a, static_cast<uint32_t>(size), true, reinterpret_cast<uintptr_t>(pc));
}

// Virtual-table pointer accesses: the update is a write, the read a read of the object's vptr.
void __tsan_vptr_update(void** vptr_p, void* new_val) {
  if (*vptr_p != new_val) on_plain(vptr_p, sizeof(void*), true, LINEUP_PC);
}
void __tsan_vptr_read(void** vptr_p) { on_plain(vptr_p, sizeof(void*), false, LINEUP_PC); }

// __tsan_memcpy, __tsan_memmove and __tsan_memset are in string_calls.cpp.

void __tsan_atomic_thread_fence(int mo) { fence(mo, LINEUP_PC); }
void __tsan_atomic_signal_fence(int) {}

#define LINEUP_ATOMIC(n, T)                                                                        \
  T __tsan_atomic##n##_load(const volatile T* a, int mo) { return atomic_load(a, mo, LINEUP_PC); } \
  void __tsan_atomic##n##_store(volatile T* a, T v, int mo) { atomic_store(a, v, mo, LINEUP_PC); } \
  T __tsan_atomic##n##_exchange(volatile T* a, T v, int mo) {                                      \
    return atomic_rmw(a, v, RmwOp::kExchange, mo, LINEUP_PC,                                       \
                      [](volatile T* p, T x) { return __atomic_exchange_n(p, x, 5); });            \
  }                                                                                                \
  T __tsan_atomic##n##_fetch_add(volatile T* a, T v, int mo) {                                     \
    return atomic_rmw(a, v, RmwOp::kAdd, mo, LINEUP_PC,                                            \
                      [](volatile T* p, T x) { return __atomic_fetch_add(p, x, 5); });             \
  }                                                                                                \
  T __tsan_atomic##n##_fetch_sub(volatile T* a, T v, int mo) {                                     \
    return atomic_rmw(a, v, RmwOp::kSub, mo, LINEUP_PC,                                            \
                      [](volatile T* p, T x) { return __atomic_fetch_sub(p, x, 5); });             \
  }                                                                                                \
  T __tsan_atomic##n##_fetch_and(volatile T* a, T v, int mo) {                                     \
    return atomic_rmw(a, v, RmwOp::kAnd, mo, LINEUP_PC,                                            \
                      [](volatile T* p, T x) { return __atomic_fetch_and(p, x, 5); });             \
  }                                                                                                \
  T __tsan_atomic##n##_fetch_or(volatile T* a, T v, int mo) {                                      \
    return atomic_rmw(a, v, RmwOp::kOr, mo, LINEUP_PC,                                             \
                      [](volatile T* p, T x) { return __atomic_fetch_or(p, x, 5); });              \
  }                                                                                                \
  T __tsan_atomic##n##_fetch_xor(volatile T* a, T v, int mo) {                                     \
    return atomic_rmw(a, v, RmwOp::kXor, mo, LINEUP_PC,                                            \
                      [](volatile T* p, T x) { return __atomic_fetch_xor(p, x, 5); });             \
  }                                                                                                \
  T __tsan_atomic##n##_fetch_nand(volatile T* a, T v, int mo) {                                    \
    return atomic_rmw(a, v, RmwOp::kNand, mo, LINEUP_PC,                                           \
                      [](volatile T* p, T x) { return __atomic_fetch_nand(p, x, 5); });            \
  }                                                                                                \
  int __tsan_atomic##n##_compare_exchange_strong(volatile T* a, T* c, T v, int mo, int fmo) {      \
    return atomic_cas(a, c, v, mo, fmo, LINEUP_PC);                                                \
  }                                                                                                \
  int __tsan_atomic##n##_compare_exchange_weak(volatile T* a, T* c, T v, int mo, int fmo) {        \
    return atomic_cas(a, c, v, mo, fmo, LINEUP_PC);                                                \
  }                                                                                                \
  T __tsan_atomic##n##_compare_exchange_val(volatile T* a, T c, T v, int mo, int fmo) {            \
    atomic_cas(a, &c, v, mo, fmo, LINEUP_PC);                                                      \
    return c;                                                                                      \
  }

LINEUP_ATOMIC(8, char)
LINEUP_ATOMIC(16, short)
LINEUP_ATOMIC(32, int)
LINEUP_ATOMIC(64, long)
LINEUP_ATOMIC(128, __int128)

}  // extern "C"
