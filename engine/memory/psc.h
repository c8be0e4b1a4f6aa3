// RC11's condition on seq_cst events (Lahav, Vafeiadis, Kang, Hur, Dreyer, "Repairing
// Sequential Consistency in C/C++11", PLDI 2017, section 3): the partial SC relation psc must
// be acyclic. Checked on an execution's atomic events after the fact, so that seq_cst accesses
// and fences can run as acquire/release ones and be ordered by psc rather than by the order
// they ran in (weak_memory.h, EngineOptions::rc11_seq_cst). With sb program order, hb
// happens-before, mo modification order, rb reads-before (rf⁻¹; mo), eco = (rf ∪ mo ∪ rb)⁺:
//   scb      = sb ∪ (sb ; hb ; sb) ∪ hb|loc ∪ mo ∪ rb
//   psc_base = ([E_sc] ∪ [F_sc] ; hb?) ; scb ; ([E_sc] ∪ hb? ; [F_sc])
//   psc_F    = [F_sc] ; (hb ∪ hb ; eco ; hb) ; [F_sc]
//   psc      = psc_base ∪ psc_F
// An rmw is two events, its read and then its write in program order, as in RC11's graphs.
// scb takes sb ; hb ; sb whole, as C++20's "strongly happens before" does ([intro.races],
// [atomics.order]), where the paper has sb|≠loc ; hb ; sb|≠loc. Both choices are GenMC
// v0.11.0's: against its litmus suite (tests/engine/genmc_litmus), the paper's scb admits a
// graph of WWmerge1 (`x =sc 1; x =sc 2` sb;hb;sb before a seq_cst load of y that reads 0) and
// two of Z6.U that GenMC does not count, and sb ; hb ; sb with an rmw as one event still the
// two of Z6.U (`x =sc 1; y =rel 1 || fetch_add_sc(y); ... || y =sc 3; x_sc` reading 0: x =sc 1
// sb y =rel 1 hb the fetch-add's read sb its write).
#pragma once

#include <cstdint>
#include <vector>

namespace lineup::engine {

/// One atomic access or fence, as the weak memory recorded it.
struct PscEvent {
  static constexpr uint32_t kFence = UINT32_MAX;
  int thread = 0;
  uint32_t location = kFence;  // the atomic location's id; kFence for a fence
  bool reads = false;          // a load, the read of an rmw, a failed compare-exchange
  bool writes = false;         // a store, the write of an rmw
  bool sc = false;             // seq_cst
  uint64_t read_ts = 0;        // reads: the timestamp of the message read
  uint64_t write_ts = 0;       // writes: the timestamp of its message (mo is timestamp order)
  /// The thread's vector clock at the event, its own entry counting the event: b happens after
  /// a exactly when b's entry for a's thread is at least a's.
  std::vector<uint32_t> clock;
};

/// Whether psc over `events` (in the order they ran, which extends happens-before) is acyclic.
/// Events of one location whose timestamps are equal are the same message.
bool psc_acyclic(const std::vector<PscEvent>& events);

}  // namespace lineup::engine
