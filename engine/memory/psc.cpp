#include "engine/memory/psc.h"

#include <cstddef>
#include <cstdint>
#include <utility>

namespace lineup::engine {
namespace {

constexpr size_t kNone = SIZE_MAX;

// A set of events as a row of bits.
class Bits {
 public:
  explicit Bits(size_t n) : words_((n + 63) / 64, 0) {}
  bool has(size_t i) const { return (words_[i / 64] >> (i % 64) & 1) != 0; }
  void add(size_t i) { words_[i / 64] |= uint64_t{1} << (i % 64); }
  void add_all(const Bits& other) {
    for (size_t w = 0; w < words_.size(); ++w) words_[w] |= other.words_[w];
  }
  bool meets(const Bits& other) const {
    for (size_t w = 0; w < words_.size(); ++w) {
      if ((words_[w] & other.words_[w]) != 0) return true;
    }
    return false;
  }

 private:
  std::vector<uint64_t> words_;
};

// n empty rows of n bits each: a relation over n events. Built row by row, as g++ 12 at -O3
// misjudges the size of vector(n, Bits(n)) (-Walloc-size-larger-than).
std::vector<Bits> empty_relation(size_t n) {
  std::vector<Bits> rows;
  rows.reserve(n);
  for (size_t i = 0; i < n; ++i) rows.emplace_back(n);
  return rows;
}

bool is_fence(const PscEvent& e) { return e.location == PscEvent::kFence; }

bool same_location(const PscEvent& a, const PscEvent& b) {
  return !is_fence(a) && a.location == b.location;
}

// The relations psc is built from, each pair decided when asked. hb comes from the vector
// clocks, so it needs no closure; sb ; hb ; sb is decided by one hb question (see scb()).
class Graph {
 public:
  explicit Graph(const std::vector<PscEvent>& events)
      : events_(events), next_(events.size(), kNone), previous_(events.size(), kNone) {
    std::vector<size_t> last;  // per thread, its latest event so far
    for (size_t i = 0; i < events.size(); ++i) {
      const auto t = static_cast<size_t>(events[i].thread);
      if (t >= last.size()) last.resize(t + 1, kNone);
      if (last[t] != kNone) {
        next_[last[t]] = i;
        previous_[i] = last[t];
      }
      last[t] = i;
    }
  }
  size_t size() const { return events_.size(); }
  const PscEvent& operator[](size_t i) const { return events_[i]; }

  // Events ran in an order that extends hb, so b happens after a only if it ran later.
  bool hb(size_t a, size_t b) const {
    if (a >= b) return false;
    const PscEvent& x = events_[a];
    return clock_of(events_[b], x.thread) >= clock_of(x, x.thread);
  }
  bool sb(size_t a, size_t b) const { return a < b && events_[a].thread == events_[b].thread; }
  // mo ∪ rb: coherence edges that scb takes whole.
  bool mo_or_rb(size_t a, size_t b) const {
    const PscEvent& x = events_[a];
    const PscEvent& y = events_[b];
    if (!same_location(x, y)) return false;
    return y.writes &&
           ((x.writes && x.write_ts < y.write_ts) || (x.reads && y.write_ts > x.read_ts));
  }
  bool eco_step(size_t a, size_t b) const {  // rf ∪ mo ∪ rb
    const PscEvent& x = events_[a];
    const PscEvent& y = events_[b];
    return mo_or_rb(a, b) ||
           (same_location(x, y) && x.writes && y.reads && x.write_ts == y.read_ts);
  }
  // scb = sb ∪ (sb ; hb ; sb) ∪ hb|loc ∪ mo ∪ rb. As sb ⊆ hb and hb is transitive, a sb k hb l
  // sb b for some k, l exactly when the event after a in its thread happens before the event
  // before b in its thread (or is it, which is sb).
  bool scb(size_t a, size_t b) const {
    if (a == b) return false;
    if (sb(a, b) || mo_or_rb(a, b)) return true;
    if (same_location(events_[a], events_[b]) && hb(a, b)) return true;
    const size_t k = next_[a], l = previous_[b];
    return k != kNone && l != kNone && hb(k, l);
  }
  // The events `a` reaches by scb.
  Bits scb_from(size_t a) const {
    Bits row(size());
    for (size_t b = 0; b < size(); ++b) {
      if (scb(a, b)) row.add(b);
    }
    return row;
  }
  // The events that happen before b.
  Bits hb_to(size_t b) const {
    Bits row(size());
    for (size_t a = 0; a < b; ++a) {
      if (hb(a, b)) row.add(a);
    }
    return row;
  }

 private:
  static uint32_t clock_of(const PscEvent& e, int thread) {
    const auto t = static_cast<size_t>(thread);
    return t < e.clock.size() ? e.clock[t] : 0;
  }
  const std::vector<PscEvent>& events_;
  std::vector<size_t> next_, previous_;  // per event, its thread's next and previous event
};

// eco = (rf ∪ mo ∪ rb)⁺, closed by Warshall over all events; needed for psc_F only.
std::vector<Bits> eco_closure(const Graph& g) {
  const size_t n = g.size();
  std::vector<Bits> eco = empty_relation(n);
  for (size_t a = 0; a < n; ++a) {
    for (size_t b = 0; b < n; ++b) {
      if (a != b && g.eco_step(a, b)) eco[a].add(b);
    }
  }
  for (size_t k = 0; k < n; ++k) {
    for (size_t i = 0; i < n; ++i) {
      if (eco[i].has(k)) eco[i].add_all(eco[k]);
    }
  }
  return eco;
}

// Whether the relation over `k` nodes given by `edges` (a row of bits per node) has a cycle:
// Warshall's closure, then a node reaching itself.
bool cyclic(std::vector<Bits> edges) {
  const size_t k = edges.size();
  for (size_t m = 0; m < k; ++m) {
    for (size_t i = 0; i < k; ++i) {
      if (edges[i].has(m)) edges[i].add_all(edges[m]);
    }
  }
  for (size_t i = 0; i < k; ++i) {
    if (edges[i].has(i)) return true;
  }
  return false;
}

}  // namespace

bool psc_acyclic(const std::vector<PscEvent>& events) {
  std::vector<size_t> sc;
  size_t sc_fences = 0;
  for (size_t i = 0; i < events.size(); ++i) {
    if (!events[i].sc) continue;
    sc.push_back(i);
    if (is_fence(events[i])) ++sc_fences;
  }
  if (sc.empty()) return true;
  const Graph g(events);
  const size_t n = g.size();
  std::vector<Bits> eco;
  if (sc_fences > 0) eco = eco_closure(g);
  std::vector<Bits> before;  // per seq_cst fence (index into sc), the events hb before it
  before.reserve(sc.size());
  for (size_t b : sc) before.push_back(is_fence(g[b]) ? g.hb_to(b) : Bits(0));

  // psc over the seq_cst events, as indices into `sc`.
  const size_t k = sc.size();
  std::vector<Bits> psc = empty_relation(k);
  for (size_t x = 0; x < k; ++x) {
    const size_t a = sc[x];
    // [E_sc] ∪ [F_sc] ; hb? then scb: what `a` reaches by scb, from itself or, for a fence,
    // from any event after it in hb. For psc_F: what a fence reaches by hb ; eco.
    Bits from = g.scb_from(a);
    Bits via_eco(n);
    if (is_fence(g[a])) {
      for (size_t c = a + 1; c < n; ++c) {
        if (!g.hb(a, c)) continue;
        from.add_all(g.scb_from(c));
        if (!eco.empty()) via_eco.add_all(eco[c]);
      }
    }
    for (size_t y = 0; y < k; ++y) {
      const size_t b = sc[y];
      // ... then [E_sc] ∪ hb? ; [F_sc]: `b` itself or, for a fence, an event before it in hb.
      bool edge = from.has(b);
      if (!edge && is_fence(g[b])) {
        edge = from.meets(before[y]);
        if (!edge && is_fence(g[a])) edge = g.hb(a, b) || via_eco.meets(before[y]);  // psc_F
      }
      if (edge) psc[x].add(y);
    }
  }
  return !cyclic(std::move(psc));
}

}  // namespace lineup::engine
