// RC11's psc acyclicity (engine/memory/psc.h) on execution graphs written by hand: the classic
// litmus outcomes it forbids and those it allows.
#include "engine/memory/psc.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace lineup::engine {
namespace {

constexpr uint32_t kX = 0, kY = 1;
// Timestamps: the initial message of every location, then the first store.
constexpr uint64_t kInit = 1, kFirst = 2, kSecond = 3;

// Builds a graph event by event, keeping each thread's vector clock.
class Graph {
 public:
  explicit Graph(int threads) : clocks_(static_cast<size_t>(threads)) {
    for (auto& c : clocks_) c.assign(static_cast<size_t>(threads), 0);
  }
  // `after`: the events this one synchronises with (their clocks are joined first).
  Graph& store(int t, uint32_t loc, uint64_t ts, bool sc) { return add(t, loc, 0, ts, sc, {}); }
  Graph& load(int t, uint32_t loc, uint64_t ts, bool sc, std::vector<size_t> after = {}) {
    return add(t, loc, ts, 0, sc, after);
  }
  Graph& fence(int t, bool sc) { return add(t, PscEvent::kFence, 0, 0, sc, {}); }
  // An rmw: its read and its write, as two events.
  Graph& rmw(int t, uint32_t loc, uint64_t read, uint64_t written, bool sc,
             std::vector<size_t> after = {}) {
    add(t, loc, read, 0, sc, after);
    return add(t, loc, 0, written, sc, {});
  }
  const std::vector<PscEvent>& events() const { return events_; }

 private:
  Graph& add(int t, uint32_t loc, uint64_t read, uint64_t written, bool sc,
             const std::vector<size_t>& after) {
    std::vector<uint32_t>& c = clocks_[static_cast<size_t>(t)];
    for (size_t e : after) {
      for (size_t i = 0; i < c.size(); ++i) c[i] = std::max(c[i], events_[e].clock[i]);
    }
    ++c[static_cast<size_t>(t)];
    PscEvent e;
    e.thread = t;
    e.location = loc;
    e.reads = read != 0;
    e.writes = written != 0;
    e.sc = sc;
    e.read_ts = read;
    e.write_ts = written;
    e.clock = c;
    events_.push_back(e);
    return *this;
  }
  std::vector<std::vector<uint32_t>> clocks_;
  std::vector<PscEvent> events_;
};

// Store buffering: both loads read the initial values.
Graph store_buffering(bool sc) {
  Graph g(2);
  g.store(0, kX, kFirst, sc).load(0, kY, kInit, sc);
  g.store(1, kY, kFirst, sc).load(1, kX, kInit, sc);
  return g;
}

TEST(Psc, StoreBufferingIsForbiddenWithSeqCstOnly) {
  EXPECT_FALSE(psc_acyclic(store_buffering(true).events()));
  EXPECT_TRUE(psc_acyclic(store_buffering(false).events()));
}

TEST(Psc, StoreBufferingIsForbiddenBySeqCstFences) {
  for (bool sc : {true, false}) {
    Graph g(2);
    g.store(0, kX, kFirst, false).fence(0, sc).load(0, kY, kInit, false);
    g.store(1, kY, kFirst, false).fence(1, sc).load(1, kX, kInit, false);
    EXPECT_EQ(psc_acyclic(g.events()), !sc) << sc;
  }
}

// IRIW with acquire loads before seq_cst loads: each reader sees one store and not the other.
// RC11 allows it: psc takes hb between different locations only between sb edges.
TEST(Psc, IriwWithAcquireThenSeqCstLoadsIsAllowed) {
  Graph g(4);
  g.store(0, kX, kFirst, true);                                // 0
  g.store(3, kY, kFirst, true);                                // 1
  g.load(1, kX, kFirst, false, {0}).load(1, kY, kInit, true);  // 2, 3
  g.load(2, kY, kFirst, false, {1}).load(2, kX, kInit, true);  // 4, 5
  EXPECT_TRUE(psc_acyclic(g.events()));
}

// The same with every load seq_cst: forbidden (psc orders both stores before both reads).
TEST(Psc, IriwWithSeqCstLoadsIsForbidden) {
  Graph g(4);
  g.store(0, kX, kFirst, true);
  g.store(3, kY, kFirst, true);
  g.load(1, kX, kFirst, true, {0}).load(1, kY, kInit, true);
  g.load(2, kY, kFirst, true, {1}).load(2, kX, kInit, true);
  EXPECT_FALSE(psc_acyclic(g.events()));
}

// Z6.U: x =sc 1; y =rel 1 || fetch_add_sc(y) reading 1 || y =sc 3; x_sc reading 0, with y's
// order 1, the fetch-add, 3. x =sc 1 sb y =rel 1 hb the fetch-add's read sb its write, which
// goes before y =sc 3, sb the load of x, which reads before x =sc 1.
TEST(Psc, Z6UWithTheLoadReadingTheInitialValueIsForbidden) {
  for (bool read_zero : {true, false}) {
    Graph g(3);
    g.store(0, kX, kFirst, true).store(0, kY, kFirst, false);  // 0, 1 (release)
    g.rmw(1, kY, kFirst, kSecond, true, {1});                  // 2, 3
    g.store(2, kY, kSecond + 1, true);                         // 4
    if (read_zero) {
      g.load(2, kX, kInit, true);
    } else {
      g.load(2, kX, kFirst, true, {0});
    }
    EXPECT_EQ(psc_acyclic(g.events()), !read_zero) << read_zero;
  }
}

// Without seq_cst events psc is empty: message passing's weak outcome is coherence's matter
// (weak_memory.h), not psc's.
TEST(Psc, AGraphWithoutSeqCstEventsIsAcyclic) {
  Graph g(2);
  g.store(0, kX, kFirst, false).store(0, kY, kFirst, false);
  g.load(1, kY, kFirst, false).load(1, kX, kInit, false);
  EXPECT_TRUE(psc_acyclic(g.events()));
}

}  // namespace
}  // namespace lineup::engine
