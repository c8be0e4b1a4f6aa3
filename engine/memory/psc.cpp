#include "engine/memory/psc.h"

#include <cstddef>

namespace lineup::engine {
namespace {

// A square boolean matrix over the events, a row of bits per event.
class Relation {
 public:
  explicit Relation(size_t n) : n_(n), words_((n + 63) / 64), bits_(n * words_, 0) {}

  bool has(size_t i, size_t j) const { return (row(i)[j / 64] >> (j % 64) & 1) != 0; }
  void add(size_t i, size_t j) { row(i)[j / 64] |= uint64_t{1} << (j % 64); }
  uint64_t* row(size_t i) { return bits_.data() + i * words_; }
  const uint64_t* row(size_t i) const { return bits_.data() + i * words_; }
  size_t words() const { return words_; }
  size_t size() const { return n_; }

  // Row i |= row k of `other`.
  void add_row(size_t i, const Relation& other, size_t k) {
    uint64_t* to = row(i);
    const uint64_t* from = other.row(k);
    for (size_t w = 0; w < words_; ++w) to[w] |= from[w];
  }
  // this ; other
  Relation then(const Relation& other) const {
    Relation r(n_);
    for (size_t i = 0; i < n_; ++i) {
      for (size_t k = 0; k < n_; ++k) {
        if (has(i, k)) r.add_row(i, other, k);
      }
    }
    return r;
  }
  // The transitive closure, in place (Warshall).
  void close() {
    for (size_t k = 0; k < n_; ++k) {
      for (size_t i = 0; i < n_; ++i) {
        if (has(i, k)) add_row(i, *this, k);
      }
    }
  }
  Relation transposed() const {
    Relation r(n_);
    for (size_t i = 0; i < n_; ++i) {
      for (size_t j = 0; j < n_; ++j) {
        if (has(i, j)) r.add(j, i);
      }
    }
    return r;
  }

 private:
  size_t n_, words_;
  std::vector<uint64_t> bits_;
};

bool meet(const uint64_t* a, const uint64_t* b, size_t words) {
  for (size_t w = 0; w < words; ++w) {
    if ((a[w] & b[w]) != 0) return true;
  }
  return false;
}

uint32_t clock_of(const PscEvent& e, int thread) {
  const auto t = static_cast<size_t>(thread);
  return t < e.clock.size() ? e.clock[t] : 0;
}

bool same_location(const PscEvent& a, const PscEvent& b) {
  return a.location != PscEvent::kFence && a.location == b.location;
}

bool is_fence(const PscEvent& e) { return e.location == PscEvent::kFence; }

}  // namespace

bool psc_acyclic(const std::vector<PscEvent>& events) {
  std::vector<size_t> sc;
  for (size_t i = 0; i < events.size(); ++i) {
    if (events[i].sc) sc.push_back(i);
  }
  if (sc.empty()) return true;
  const size_t n = events.size();
  Relation hb(n), sb(n), scb(n), eco(n);
  for (size_t i = 0; i < n; ++i) {
    const PscEvent& a = events[i];
    for (size_t j = 0; j < n; ++j) {
      if (i == j) continue;
      const PscEvent& b = events[j];
      const bool loc = same_location(a, b);
      if (i < j && clock_of(b, a.thread) >= clock_of(a, a.thread)) {
        hb.add(i, j);
        if (a.thread == b.thread) {
          scb.add(i, j);
          sb.add(i, j);
        } else if (loc) {
          scb.add(i, j);  // hb|loc
        }
      }
      if (!loc) continue;
      const bool mo = a.writes && b.writes && a.write_ts < b.write_ts;
      const bool rb = a.reads && b.writes && b.write_ts > a.read_ts;  // rb ⊆ sb for an rmw's own
      const bool rf = a.writes && b.reads && a.write_ts == b.read_ts;
      if (mo || rb) scb.add(i, j);
      if (mo || rb || rf) eco.add(i, j);
    }
  }
  // sb ; hb ; sb
  const Relation detour = sb.then(hb).then(sb);
  for (size_t i = 0; i < n; ++i) scb.add_row(i, detour, i);
  eco.close();
  const Relation hb_before = hb.transposed();  // row j: the events that happen before j

  // psc over the seq_cst events, as indices into `sc`.
  const size_t k = sc.size();
  Relation psc(k);
  const size_t words = hb.words();
  std::vector<uint64_t> from(words), via_eco(words), to(words);
  for (size_t x = 0; x < k; ++x) {
    const size_t a = sc[x];
    // [E_sc] ∪ [F_sc] ; hb? then scb: what `a` reaches by scb, from itself or, for a fence,
    // from any event after it in hb. For psc_F: what a fence reaches by hb ; eco.
    std::fill(from.begin(), from.end(), 0);
    std::fill(via_eco.begin(), via_eco.end(), 0);
    for (size_t w = 0; w < words; ++w) from[w] = scb.row(a)[w];
    if (is_fence(events[a])) {
      for (size_t c = 0; c < n; ++c) {
        if (!hb.has(a, c)) continue;
        for (size_t w = 0; w < words; ++w) {
          from[w] |= scb.row(c)[w];
          via_eco[w] |= eco.row(c)[w];
        }
      }
    }
    for (size_t y = 0; y < k; ++y) {
      const size_t b = sc[y];
      // ... then [E_sc] ∪ hb? ; [F_sc]: `b` itself or, for a fence, an event before it in hb.
      bool edge = (from[b / 64] >> (b % 64) & 1) != 0;
      if (!edge && is_fence(events[b])) {
        edge = meet(from.data(), hb_before.row(b), words);
        if (!edge && is_fence(events[a])) {
          edge = hb.has(a, b) || meet(via_eco.data(), hb_before.row(b), words);  // psc_F
        }
      }
      if (edge) psc.add(x, y);
    }
  }
  psc.close();
  for (size_t x = 0; x < k; ++x) {
    if (psc.has(x, x)) return false;
  }
  return true;
}

}  // namespace lineup::engine
