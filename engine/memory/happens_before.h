// Happens-before between the steps of one execution, with vector clocks (van den Hooff 2014
// sec. 4.3): one per thread, one per memory location (last write, reads since), one per step.
// The clocks use the granules of dependence.h, so happens-before is exactly the order of
// dependent steps (same thread, or the same location with at least one write).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/memory/dependence.h"
#include "engine/memory/granule_table.h"
#include "engine/memory/step_list.h"
#include "engine/trace.h"
#include "engine/transition.h"

namespace lineup::engine {

/// Incrementally built happens-before relation of an execution.
class HappensBefore {
 public:
  /// What a relation keeps of its steps.
  enum class Kept {
    /// Everything below.
    kAll,
    /// The clocks and what they are read with (clock(), thread_clock(), ordered(),
    /// before_thread(), thread(), access(), size(), threads()), and nothing a search needs
    /// to find races or to name the class: accesses(), writes_to() and candidates() stay
    /// empty, fingerprint() 0, and truncate() may only keep every step or none. Judging one
    /// execution needs no more, and costs less so.
    kClocks,
    /// The clocks, as kClocks, and the class: fingerprint() as with kAll. A hunt judging the
    /// executions of a strategy that keeps no relation of its own wants both.
    kClocksAndClass,
  };
  /// Forgets everything; the next execution has `threads` threads, and keeps `kept`.
  void reset(int threads, Kept kept = Kept::kAll);
  /// Keeps the first `steps` steps and forgets the later ones, leaving the relation as if
  /// only those had been added (steps <= size()). A systematic search replays a prefix of the
  /// previous execution: only the steps after it need adding again. Throws std::logic_error
  /// when 0 < steps < size() and only the clocks are kept.
  void truncate(size_t steps);
  /// How many leading steps of `trace` are the steps added (same thread, same access), up
  /// to size().
  size_t common_prefix(const Trace& trace) const;
  /// Makes the relation that of the first steps of `trace` (an execution of `threads`
  /// threads) that are also its own first steps, at most `limit` of them: truncated to that
  /// common prefix, or reset when there is none. Returns how many steps it kept; the caller
  /// adds the rest.
  size_t keep_common_prefix(const Trace& trace, int threads, size_t limit);
  /// Appends the next executed step.
  void add(const Transition& t) { add(t, Access::of(t)); }
  /// The same, with its Access already known (a == Access::of(t)).
  void add(const Transition& t, const Access& a);
  size_t size() const { return threads_of_step_.size(); }
  /// Threads of the execution (as given to reset).
  int threads() const { return n_; }
  /// Whether step j happens before (or is) step i.
  bool ordered(size_t j, size_t i) const {
    ThreadId t = threads_of_step_[j];
    return clock(j)[t] <= clock(i)[t];
  }
  /// Whether step j happens before everything thread `t` has executed so far.
  bool before_thread(size_t j, ThreadId t) const {
    ThreadId u = threads_of_step_[j];
    return clock(j)[u] <= thread_clock(t)[u];
  }
  /// Clock of step i: element u counts thread u's steps that happen before or are step i.
  const uint32_t* clock(size_t i) const { return &step_clocks_[i * width_]; }
  const uint32_t* thread_clock(ThreadId t) const {
    return &thread_clocks_[static_cast<size_t>(t) * width_];
  }
  /// Steps that touched granule g, in order; empty when none.
  const StepList& accesses(uintptr_t granule) const {
    const Location* l = find(granule);
    return l == nullptr ? no_steps_ : l->steps;
  }
  /// The steps among accesses(g) that write: all a read can depend on there (a thread that
  /// spins reading a location would otherwise make each of its reads rescan the others).
  const StepList& writes_to(uintptr_t granule) const {
    const Location* l = find(granule);
    return l == nullptr ? no_steps_ : l->writes;
  }
  /// The steps a step with access `a` on granule g can depend on, in order. Neighbouring
  /// granules that every step so far touched together answer the same list (the same object):
  /// a scan over an access's granules may skip a list it has just scanned.
  const StepList& candidates(const Access& a, uintptr_t granule) const {
    const Location* l = find(granule);
    return l == nullptr ? no_steps_ : a.writes ? l->steps : l->writes;
  }
  /// The Access of step i.
  const Access& access(size_t i) const { return accesses_of_step_[i]; }
  ThreadId thread(size_t i) const { return threads_of_step_[i]; }
  /// A hash of the relation that is the same for all executions equivalent to this one,
  /// whatever their interleaving, and (up to collisions) differs between classes: the
  /// ClassFingerprint of the steps added (class_fingerprint.h).
  uint64_t fingerprint() const { return fingerprint_; }

 private:
  // A granule's clocks (last write, join of the reads since) are 2 width_ words of
  // location_clocks_ from `clocks`: one flat array for every location, grown only.
  // A location stands for one granule, or for two neighbours (`pair`) while every step that
  // touched either touched both: their clocks and lists would be equal, so a pointer-sized
  // access, which covers two granules, then joins, stores and pushes once rather than twice.
  // The first step that touches only one of the two splits the pair into two locations.
  struct Location {
    uintptr_t granule = 0;  // the first granule it stands for
    uint32_t clocks = 0;
    uint32_t restored = 0;  // the truncation that last restored it (truncations_)
    bool pair = false;      // also stands for granule + 1
    uint32_t written = 0;   // writes to it so far (writes.size() when everything is kept)
    StepList steps;         // steps touching the granule(s)
    StepList writes;        // the writing ones among them
  };
  // Clocks are blocks of kBlockWords words (the unused ones stay 0), so that joining, copying and
  // clearing one is a few vector operations inline rather than a loop of n_ steps or a call
  // to memmove.
  static constexpr size_t kBlockWords = 4;
  using Block = uint32_t __attribute__((vector_size(4 * kBlockWords)));
  static Block load(const uint32_t* p) {
    Block v;
    __builtin_memcpy(&v, p, sizeof v);
    return v;
  }
  static void store(uint32_t* p, Block v) { __builtin_memcpy(p, &v, sizeof v); }
  static Block max(Block a, Block b) { return a < b ? b : a; }
  // The block that adds 1 to thread t's count in t's block of a clock. A constant, not a
  // vector built on the stack: its lane store, read back at once by a 16-byte load, would
  // not be forwarded. (A 4-byte increment in memory stalls the joins' loads the same way.)
  static Block unit(ThreadId t) {
    static constexpr Block kUnits[kBlockWords] = {
        {1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};
    return kUnits[static_cast<size_t>(t) % kBlockWords];
  }
  void join(uint32_t* into, const uint32_t* from) const {
    for (size_t k = 0; k < width_; k += kBlockWords) {
      store(into + k, max(load(into + k), load(from + k)));
    }
  }
  void copy(const uint32_t* from, uint32_t* into) const {
    for (size_t k = 0; k < width_; k += kBlockWords) store(into + k, load(from + k));
  }
  void clear(uint32_t* clock) const {
    for (size_t k = 0; k < width_; k += kBlockWords) store(clock + k, Block{});
  }
  uint32_t* last_write(const Location& l) { return &location_clocks_[l.clocks]; }
  uint32_t* reads(const Location& l) { return &location_clocks_[l.clocks + width_]; }
  // The location of `granule`, created if new. The last one looked up is answered inline:
  // race detection has just asked for it when add() comes.
  Location& location(uintptr_t granule) {
    if (granule + 1 == cached_key_) return pool_[cached_index_];
    return location_slow(granule);
  }
  Location& location_slow(uintptr_t granule);
  // The next location of the pool with room for its clocks, which hold no meaning yet; not
  // entered in the table.
  uint32_t allocate_location();
  // A new location for `granule` (and granule + 1 when `pair`), entered in the table.
  uint32_t new_location(uintptr_t granule, bool pair);
  // Splits pair location `index` into one location per granule; returns the one that now
  // stands for `granule`.
  uint32_t split(uint32_t index, uintptr_t granule);
  // Fills granule_pools_ with the distinct locations step access `a` touches, first granule's
  // last, creating those that are new (one pair for two new neighbours) and splitting pairs
  // it touches only half of.
  void locate(const Access& a);
  const Location* find(uintptr_t granule) const {
    // The last granule looked up first: race detection asks for a step's granule and then
    // adds the step there.
    if (granule + 1 == cached_key_) return &pool_[cached_index_];
    const size_t mask = table_.size() - 1;
    for (size_t i = granule_probe_start(granule + 1, mask);; i = (i + 1) & mask) {
      if (table_[i].key == 0) return nullptr;
      if (table_[i].key == granule + 1) {
        cached_key_ = granule + 1;
        cached_index_ = table_[i].index;
        return &pool_[cached_index_];
      }
    }
  }
  void grow();
  // Sets a location's clocks from its (truncated) lists: the last write's clock, and the join
  // of the reads after it.
  void restore_clocks(Location& l);
  // Joins of the clocks of every write / kAwait step so far; recomputed from the steps when
  // a truncation has made them stale.
  void refresh_joins();

  int n_ = 0;
  Kept kept_ = Kept::kAll;
  size_t width_ = kBlockWords;  // words per clock: n_ rounded up to a multiple of kBlockWords
  std::vector<uint32_t> thread_clocks_;  // n x width_
  std::vector<uint32_t> step_clocks_;    // steps x width_, and room for more: it only grows
  std::vector<ThreadId> threads_of_step_;
  std::vector<Access> accesses_of_step_;
  // Granule -> index into pool_, open addressing (key 0 = empty, keys stored + 1). Reset
  // empties the slots used (listed in filled_) but keeps the pool's lists, so executions
  // allocate nothing.
  struct Slot {
    uintptr_t key = 0;
    uint32_t index = 0;
  };
  std::vector<Slot> table_ = std::vector<Slot>(1024);
  std::vector<uint32_t> filled_;
  mutable uintptr_t cached_key_ = 0;  // granule + 1 of the last lookup that found one, or 0
  mutable uint32_t cached_index_ = 0;
  std::vector<Location> pool_;
  std::vector<uint32_t> location_clocks_;
  size_t used_ = 0;
  std::vector<uint32_t> all_writes_, all_awaits_;  // joins, for kAwait
  bool joins_stale_ = false;                       // all_writes_/all_awaits_ need refresh_joins
  bool any_await_ = false;                         // a kAwait step was added since reset
  uint32_t truncations_ = 0;
  std::vector<uint32_t> location_of_step_;  // pool index of each step's first granule
  std::vector<uint32_t> granule_pools_;     // add(): the step's locations, see locate()
  const StepList no_steps_{};
  uint64_t fingerprint_ = 0;
  std::vector<uint64_t> fingerprints_;  // fingerprint_ after each step, for truncate
};

}  // namespace lineup::engine
