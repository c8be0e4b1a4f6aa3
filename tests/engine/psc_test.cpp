// RC11's psc acyclicity (engine/memory/psc.h) on execution graphs written by hand: the classic
// litmus outcomes it forbids and those it allows, and random graphs against the definition
// computed relation by relation (psc_reference.h).
#include "engine/memory/psc.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "psc_reference.h"

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
  Graph& store(int t, uint32_t loc, uint64_t ts, bool sc, std::vector<size_t> after = {}) {
    return add(t, loc, 0, ts, sc, after);
  }
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

// Store buffering where one side's store reaches its load only through another location:
// x =sc 1; y = 1 || y_acq (reading 1); y_sc (reading 0) || y =sc 2; x_sc (reading 0). The
// first x store is before the y_sc load by sb ; hb ; sb (through y = 1 and the acquire load),
// which psc takes although the two are of different locations and not sb-related.
TEST(Psc, SbHbSbOrdersSeqCstEventsOfDifferentLocations) {
  for (bool through_hb : {true, false}) {
    Graph g(3);
    g.store(0, kX, kFirst, true).store(0, kY, kFirst, false);  // 0, 1
    g.load(1, kY, kFirst, false, through_hb ? std::vector<size_t>{1} : std::vector<size_t>{});
    g.load(1, kY, kInit, true);
    g.store(2, kY, kSecond, true).load(2, kX, kInit, true);
    EXPECT_EQ(psc_acyclic(g.events()), !through_hb) << through_hb;
    EXPECT_EQ(testing::reference_psc_acyclic(g.events()), !through_hb) << through_hb;
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

// A random graph: up to four threads, two locations, loads, stores, rmws and fences, each
// seq_cst or not, some synchronising with an earlier event (its clock joined), reads reading
// the initial value or any store of their location, stores at any place in modification order.
std::vector<PscEvent> random_graph() {
  const int threads = *rc::gen::inRange(1, 5);
  const auto steps = *rc::gen::inRange<size_t>(1, 13);
  Graph g(threads);
  std::vector<std::vector<uint64_t>> stores(2, std::vector<uint64_t>{kInit});
  std::vector<uint64_t> placed;
  const auto fresh = [&](uint32_t loc) {
    uint64_t ts = *rc::gen::inRange<uint64_t>(kFirst, 200);
    while (std::count(placed.begin(), placed.end(), ts) != 0) ++ts;
    placed.push_back(ts);
    stores[loc].push_back(ts);
    return ts;
  };
  size_t events = 0;
  for (size_t s = 0; s < steps; ++s) {
    const int t = *rc::gen::inRange(0, threads);
    const auto loc = *rc::gen::inRange<uint32_t>(0, 2);
    const bool sc = *rc::gen::arbitrary<bool>();
    std::vector<size_t> after;
    if (events > 0 && *rc::gen::arbitrary<bool>()) {
      after.push_back(*rc::gen::inRange<size_t>(0, events));
    }
    const auto read = [&] { return *rc::gen::elementOf(stores[loc]); };
    switch (*rc::gen::inRange(0, 4)) {
      case 0:
        g.load(t, loc, read(), sc, after);
        events += 1;
        break;
      case 1:
        g.store(t, loc, fresh(loc), sc, after);
        events += 1;
        break;
      case 2: {
        const uint64_t r = read();
        g.rmw(t, loc, r, fresh(loc), sc, after);
        events += 2;
        break;
      }
      default:
        g.fence(t, sc);
        events += 1;
        break;
    }
  }
  return g.events();
}

// One line per event, for a counterexample.
std::string describe(const std::vector<PscEvent>& events) {
  std::string out;
  for (const PscEvent& e : events) {
    out += "T" + std::to_string(e.thread) + " " +
           (e.location == PscEvent::kFence ? "fence" : "loc " + std::to_string(e.location)) +
           (e.sc ? " sc" : "") + (e.reads ? " reads " + std::to_string(e.read_ts) : "") +
           (e.writes ? " writes " + std::to_string(e.write_ts) : "") + " clock";
    for (uint32_t c : e.clock) out += " " + std::to_string(c);
    out += "\n";
  }
  return out;
}

RC_GTEST_PROP(Psc, AgreesWithTheDefinitionOnRandomGraphs, ()) {
  const std::vector<PscEvent> events = random_graph();
  const bool acyclic = psc_acyclic(events);
  RC_TAG(acyclic ? "acyclic" : "cyclic");
  RC_LOG() << describe(events);
  RC_ASSERT(acyclic == testing::reference_psc_acyclic(events));
}

}  // namespace
}  // namespace lineup::engine
