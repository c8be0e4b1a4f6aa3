// The memory models the engine can run controlled code under, and the C++ memory orders the
// atomic hooks receive.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace lineup::engine {

enum class MemoryModel : uint8_t {
  kSc,   // every execution is sequentially consistent: a load reads the latest store
  kC11,  // the C++11 model (weak_memory.h): a load may read any store coherence and
         // happens-before allow; the choice is a branching point of the search
};

/// "sc", "c11": the names of the command line and of counterexample files.
const char* to_string(MemoryModel model);
/// The model named `name`, if any.
std::optional<MemoryModel> parse_memory_model(std::string_view name);

/// The memory order argument of a __tsan_atomic* hook (the values of __ATOMIC_*).
enum class MemoryOrder : uint8_t {
  kRelaxed = 0,
  kConsume = 1,
  kAcquire = 2,
  kRelease = 3,
  kAcqRel = 4,
  kSeqCst = 5,
};

/// Whether a load (or the read of an rmw) with order `m` acquires. Consume is treated as
/// acquire, as every compiler does.
inline bool acquires(MemoryOrder m) {
  return m == MemoryOrder::kConsume || m == MemoryOrder::kAcquire || m == MemoryOrder::kAcqRel ||
         m == MemoryOrder::kSeqCst;
}
/// Whether a store (or the write of an rmw) with order `m` releases.
inline bool releases(MemoryOrder m) {
  return m == MemoryOrder::kRelease || m == MemoryOrder::kAcqRel || m == MemoryOrder::kSeqCst;
}
/// The order a hook's int argument names; out-of-range values are taken as seq_cst.
inline MemoryOrder memory_order(int m) {
  return m >= 0 && m <= 5 ? static_cast<MemoryOrder>(m) : MemoryOrder::kSeqCst;
}

}  // namespace lineup::engine
