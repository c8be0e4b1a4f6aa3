// A hash naming an execution's equivalence class (its happens-before relation), computed
// without clocks. Every step adds a term that depends on the step and on which of the steps it
// is dependent with came before it:
// - the step: its thread, its position in the thread, what it does (its Access: whether it
//   writes, waits or fences, and the granules it touches);
// - a memory access: for each granule it touches, the number of writes to that granule before
//   it (its version). Writes to one granule are totally ordered, so the versions fix that
//   order, and a read with version v lies between the v-th write and the next;
// - a predicate wait (kAwait, which depends on every write): the versions of every granule
//   written so far, hashed together, which say exactly which writes came before it;
// - a fence: nothing more (it commutes with every other thread's steps).
// The fingerprint is the sum of the terms, so it does not depend on the order of independent
// steps: equivalent executions have the same terms. Conversely the terms fix the order of
// every dependent pair, so different classes differ (up to 64-bit hash collisions).
// HappensBefore keeps the same sum with its clocks; ClassFingerprint alone costs one table
// lookup per granule, for strategies that need the class but not the relation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/memory/dependence.h"
#include "engine/transition.h"

namespace lineup::engine {

/// A bijection on 64-bit words in which every input bit affects every output bit (MurmurHash3's
/// finaliser). The fingerprint is a sum of such words: a weaker mix (one multiply) maps inputs
/// that differ by one to outputs that differ by a constant, and those differences cancel out
/// in the sum (two granules' versions going up together, say).
inline uint64_t scramble(uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  return h ^ (h >> 33);
}

/// The part of a step's term contributed by one granule written `writes_before` times
/// before the step; 0 for a granule not yet written, so that a predicate wait's hash of every
/// granule's version does not depend on which granules were only read.
inline uint64_t granule_version(uintptr_t granule, uint32_t writes_before) {
  if (writes_before == 0) return 0;
  return scramble(granule * 0x9e3779b97f4a7c15ULL + writes_before);
}

/// The term a step adds to the fingerprint: `position` counts the thread's steps up to and
/// including this one, `versions` is the sum of granule_version() over the granules the
/// step is ordered by (see above). The step's fields are packed into one word, `versions` is
/// added and one finaliser round mixes the sum. The packing tells apart any two steps of the
/// same thread and position: the granule's product with an odd constant is one-to-one, so two
/// granules whose products agree in the low 40 bits (where the other fields are xored in)
/// would be a multiple of 2^40 granules apart.
inline uint64_t step_term(ThreadId thread, uint32_t position, const Access& a, uint64_t versions) {
  const uint64_t step = (uint64_t{position} << 8) | static_cast<uint64_t>(thread) |
                        (uint64_t{a.last - a.first} << 40);
  const uint64_t what = (static_cast<uint64_t>(a.first) << 3) | (uint64_t{a.writes} << 2) |
                        (uint64_t{a.reads_everything} << 1) | uint64_t{a.none};
  return scramble(((what * 0x9e3779b97f4a7c15ULL) ^ step) + versions);
}

/// HappensBefore's fingerprint() of a sequence of steps, without the relation. One object
/// serves many executions: its table of granules is kept (emptied) from one to the next.
class ClassFingerprint {
 public:
  /// The fingerprint of an execution's steps, in the order they ran.
  uint64_t of(const std::vector<Transition>& steps);

 private:
  struct Slot {
    uintptr_t key = 0;  // granule + 1; 0 = empty
    uint32_t writes = 0;
  };
  // The slot of `key` (granule + 1), added if new; the table must have room for it.
  Slot& slot(uintptr_t key);
  // The sum of granule_version() over the granules of a step that touches several, or of
  // every granule written so far for one that reads everything, counting the step's writes;
  // `left` steps follow it. Given the step rather than its Access, so that the common path
  // can keep its Access in registers.
  [[gnu::noinline]] uint64_t versions_of(const Transition& t, size_t left);
  // Empties the table.
  void clear();
  // Room for `more` granules besides those in the table.
  void reserve(size_t more);
  void grow();

  std::vector<Slot> table_ = std::vector<Slot>(256);
  std::vector<uint32_t> filled_;  // slots in use, to empty them
};

}  // namespace lineup::engine
