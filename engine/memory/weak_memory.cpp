#include "engine/memory/weak_memory.h"

#include <algorithm>

namespace lineup::engine {
namespace {

// Timestamps of appended messages are this far apart, so that a store placed between two
// messages takes the midpoint; a gap that is used up is not offered as a place any more.
constexpr uint64_t kGap = uint64_t{1} << 32;

// The read choice of an rmw or compare-exchange of thread `t` at `step`: the older messages
// [first, last) that `offer` accepts, then `last`, the mo-last one (the SC option). The index
// chosen, or nullopt when the mo-last one was chosen or no older one was offered.
template <class Offer>
std::optional<size_t> choose_older(const WeakMemory::Decide& decide, ThreadId t, size_t step,
                                   size_t first, size_t last, Offer offer) {
  std::vector<size_t> options;
  for (size_t i = first; i < last; ++i) {
    if (offer(i)) options.push_back(i);
  }
  if (options.empty()) return std::nullopt;
  options.push_back(last);
  const uint32_t pick =
      decide(Choice{Choice::Kind::kRead, t, step, static_cast<uint32_t>(options.size())});
  if (options[pick] == last) return std::nullopt;
  return options[pick];
}

}  // namespace

void WeakMemory::begin(int threads, Trace* trace, Decide decide, bool latest_rmws,
                       bool rc11_seq_cst) {
  latest_rmws_ = latest_rmws;
  rc11_seq_cst_ = rc11_seq_cst;
  events_.clear();
  locations_.clear();
  objects_.clear();
  accesses_.clear();
  threads_.assign(static_cast<size_t>(threads), ThreadViews{});
  sc_.clear();
  next_id_ = 0;
  trace_ = trace;
  decide_ = std::move(decide);
}

WeakMemory::ThreadViews& WeakMemory::views(ThreadId t) {
  if (static_cast<size_t>(t) >= threads_.size()) threads_.resize(static_cast<size_t>(t) + 1);
  ThreadViews& v = threads_[static_cast<size_t>(t)];
  // Each step is a new event of its thread: what it does afterwards is not hb-before what
  // others learnt from it before.
  v.cur.tick(t);
  return v;
}

WeakMemory::Location& WeakMemory::location(uintptr_t addr, uint32_t size, uint64_t memory_value) {
  auto [it, fresh] = locations_.try_emplace(addr);
  Location& loc = it->second;
  if (fresh) {
    loc.id = next_id_++;
    loc.size = size;
  }
  // Memory holds the mo-last message's value; when it holds another, a write no hook reported
  // changed it (a plain write to a thread's own stack, which is no step: an atomic a function
  // constructs on its stack where an earlier call's stood). The location starts over, as after
  // a reported plain write; otherwise a load could read the earlier call's messages.
  if (!loc.mo.empty() && loc.mo.back().value != memory_value) {
    loc.floor = loc.mo.back().ts;
    loc.mo.clear();
  }
  if (loc.mo.empty()) {
    // The first atomic access (or the first after a plain write or free): memory's value is
    // the initial message, which every thread may read.
    Message init;
    init.ts = loc.floor + kGap;
    init.value = memory_value;
    loc.mo.push_back(std::move(init));
  }
  return loc;
}

WeakMemory::Location& WeakMemory::location(uintptr_t addr, uint32_t size) {
  uint64_t now = 0;
  __builtin_memcpy(&now, reinterpret_cast<const void*>(addr), size < 8 ? size : 8);
  return location(addr, size, now);
}

size_t WeakMemory::first_readable(const ThreadViews& v, const Location& loc) const {
  uint64_t seen = v.cur.of(loc.id);
  auto it = std::lower_bound(loc.mo.begin(), loc.mo.end(), seen,
                             [](const Message& m, uint64_t ts) { return m.ts < ts; });
  return static_cast<size_t>(it - loc.mo.begin());
}

void WeakMemory::sc_access(ThreadViews& v, const Location& loc, MemoryOrder mo) {
  if (mo != MemoryOrder::kSeqCst) return;
  // Only the seq_cst order of this location binds a seq_cst access (RC11's psc orders the
  // seq_cst events, not what their threads knew of other locations); seq_cst fences publish
  // whole views into sc_, so an access after a fence in that order sees what the fence saw.
  v.cur.raise(loc.id, sc_.of(loc.id));
  v.acq.raise(loc.id, sc_.of(loc.id));
}

void WeakMemory::sc_write(const Location& loc, uint64_t ts, MemoryOrder mo) {
  // With rc11_seq_cst_ nothing enters sc_: psc, checked afterwards, orders seq_cst events.
  if (mo == MemoryOrder::kSeqCst && !rc11_seq_cst_) sc_.raise(loc.id, ts);
}

void WeakMemory::record(ThreadId t, const Location* loc, uint64_t read, uint64_t written,
                        MemoryOrder mo) {
  if (!rc11_seq_cst_) return;
  PscEvent e;
  e.thread = t;
  e.location = loc != nullptr ? loc->id : PscEvent::kFence;
  e.reads = read != 0;  // every message's timestamp is above 0
  e.writes = written != 0;
  e.sc = mo == MemoryOrder::kSeqCst;
  e.read_ts = read;
  e.write_ts = written;
  e.clock = threads_[static_cast<size_t>(t)].cur.clock;
  events_.push_back(std::move(e));
}

bool WeakMemory::consistent() const { return !rc11_seq_cst_ || psc_acyclic(events_); }

void WeakMemory::take(ThreadViews& v, const Location& loc, const Message& m, MemoryOrder mo) {
  v.cur.raise(loc.id, m.ts);
  if (acquires(mo)) v.cur.join(m.view);
  v.acq.join(v.cur);
  v.acq.join(m.view);  // an acquire fence later synchronises with what this read
}

void WeakMemory::note(size_t step, const Location& loc, size_t index, WeakNote::Kind kind) {
  WeakNote n;
  n.step = step;
  n.kind = kind;
  n.source = loc.mo[index].step;
  n.newer = static_cast<uint32_t>(loc.mo.size() - 1 - index);
  trace_->weak.push_back(n);
}

uint64_t WeakMemory::load(ThreadId t, size_t step, uintptr_t addr, uint32_t size, MemoryOrder mo,
                          bool latest_only) {
  ThreadViews& v = views(t);
  Location& loc = location(addr, size);
  sc_access(v, loc, mo);
  size_t first = first_readable(v, loc);
  size_t index = loc.mo.size() - 1;
  if (index > first && !latest_only) {
    Choice c{Choice::Kind::kRead, t, step, static_cast<uint32_t>(index - first + 1)};
    index = first + decide_(c);
  }
  take(v, loc, loc.mo[index], mo);
  note(step, loc, index, WeakNote::Kind::kRead);
  record(t, &loc, loc.mo[index].ts, 0, mo);
  return loc.mo[index].value;
}

bool WeakMemory::can_follow(const Location& loc, size_t i) {
  if (i + 1 == loc.mo.size()) return true;
  return !loc.mo[i + 1].rmw && loc.mo[i + 1].ts - loc.mo[i].ts >= 2;
}

uint64_t WeakMemory::slot(const Location& loc, size_t i) {
  if (i + 1 == loc.mo.size()) return loc.mo[i].ts + kGap;
  return loc.mo[i].ts + (loc.mo[i + 1].ts - loc.mo[i].ts) / 2;
}

bool WeakMemory::insert(Location& loc, size_t i, Message m, size_t step) {
  const bool last = i + 1 == loc.mo.size();
  auto at = loc.mo.insert(loc.mo.begin() + static_cast<std::ptrdiff_t>(i + 1), std::move(m));
  if (!last) {
    WeakNote n;
    n.step = step;
    n.kind = WeakNote::Kind::kPlacement;
    n.source = (at + 1)->step;
    n.newer = static_cast<uint32_t>(loc.mo.end() - at - 1);
    trace_->weak.push_back(n);
  }
  return last;
}

bool WeakMemory::store(ThreadId t, size_t step, uintptr_t addr, uint32_t size, uint64_t value,
                       MemoryOrder mo) {
  ThreadViews& v = views(t);
  Location& loc = location(addr, size);
  sc_access(v, loc, mo);
  // The places the store may take: right after message i, for every i the thread may still
  // read, unless message i + 1 is an rmw that read message i, or the timestamps between
  // them are used up.
  std::vector<size_t> after;
  for (size_t i = first_readable(v, loc); i < loc.mo.size(); ++i) {
    if (can_follow(loc, i)) after.push_back(i);
  }
  size_t pick = after.size() - 1;
  if (after.size() > 1) {
    pick = decide_(Choice{Choice::Kind::kPlacement, t, step, static_cast<uint32_t>(after.size())});
  }
  size_t i = after[pick];
  Message m;
  m.ts = slot(loc, i);
  m.value = value;
  m.step = static_cast<int64_t>(step);
  v.cur.raise(loc.id, m.ts);
  v.acq.raise(loc.id, m.ts);
  m.view = releases(mo) ? v.cur : v.rel;
  m.view.raise(loc.id, m.ts);
  const uint64_t ts = m.ts;
  const bool last = insert(loc, i, std::move(m), step);
  sc_write(loc, ts, mo);
  record(t, &loc, 0, ts, mo);
  return last;
}

void WeakMemory::rmw(ThreadId t, size_t step, uintptr_t addr, uint32_t size, uint64_t old,
                     uint64_t value, MemoryOrder mo) {
  ThreadViews& v = views(t);
  Location& loc = location(addr, size, old);
  sc_access(v, loc, mo);
  rmw_after(t, v, loc, loc.mo.size() - 1, value, mo, step);
}

void WeakMemory::rmw_after(ThreadId t, ThreadViews& v, Location& loc, size_t i, uint64_t value,
                           MemoryOrder mo, size_t step) {
  const Message& read = loc.mo[i];
  take(v, loc, read, mo);
  Message m;
  m.ts = slot(loc, i);
  m.value = value;
  m.step = static_cast<int64_t>(step);
  m.rmw = true;
  v.cur.raise(loc.id, m.ts);
  v.acq.raise(loc.id, m.ts);
  // A release sequence continues through rmws: whoever acquires this message learns what
  // the message it read released.
  m.view = releases(mo) ? v.cur : v.rel;
  m.view.join(read.view);
  m.view.raise(loc.id, m.ts);
  note(step, loc, i, WeakNote::Kind::kRead);
  sc_write(loc, m.ts, mo);
  // As in RC11's graphs, an rmw is a read and then a write, in program order.
  record(t, &loc, read.ts, 0, mo);
  record(t, &loc, 0, m.ts, mo);
  insert(loc, i, std::move(m), step);
}

std::optional<uint64_t> WeakMemory::rmw_read(ThreadId t, size_t step, uintptr_t addr, uint32_t size,
                                             const std::function<uint64_t(uint64_t)>& apply,
                                             MemoryOrder mo, bool latest_only) {
  if (latest_only || latest_rmws_) return std::nullopt;
  ThreadViews& v = views(t);
  Location& loc = location(addr, size);
  sc_access(v, loc, mo);
  // RC11's atomicity: the rmw goes right after the message it reads, so not one that an rmw
  // already follows.
  const std::optional<size_t> i =
      choose_older(decide_, t, step, first_readable(v, loc), loc.mo.size() - 1,
                   [&](size_t k) { return can_follow(loc, k); });
  if (!i) return std::nullopt;
  const uint64_t old = loc.mo[*i].value;
  rmw_after(t, v, loc, *i, apply(old), mo, step);
  return old;
}

std::optional<WeakMemory::CasRead> WeakMemory::cas_read(ThreadId t, size_t step, uintptr_t addr,
                                                        uint32_t size, uint64_t expected,
                                                        uint64_t desired, MemoryOrder success,
                                                        MemoryOrder failure, bool latest_only) {
  if (latest_only) return std::nullopt;
  ThreadViews& v = views(t);
  // A seq_cst compare-exchange reads nothing older than the newest seq_cst store to the
  // location, as a seq_cst load does.
  Location& loc = location(addr, size);
  sc_access(v, loc, failure);
  // A stale message equal to `expected` makes the exchange succeed: an rmw, placed right
  // after it, so no option where an rmw already follows it, nor, for a seq_cst exchange, one
  // older than the newest seq_cst store.
  const uint64_t success_floor = success == MemoryOrder::kSeqCst ? sc_.of(loc.id) : 0;
  const std::optional<size_t> i =
      choose_older(decide_, t, step, first_readable(v, loc), loc.mo.size() - 1, [&](size_t k) {
        const Message& m = loc.mo[k];
        return m.value != expected ||
               (!latest_rmws_ && m.ts >= success_floor && can_follow(loc, k));
      });
  if (!i) return std::nullopt;
  const uint64_t read = loc.mo[*i].value;
  if (read == expected) {
    sc_access(v, loc, success);
    rmw_after(t, v, loc, *i, desired, success, step);
    return CasRead{read, true};
  }
  take(v, loc, loc.mo[*i], failure);
  note(step, loc, *i, WeakNote::Kind::kRead);
  record(t, &loc, loc.mo[*i].ts, 0, failure);
  return CasRead{read, false};
}

void WeakMemory::read_latest(ThreadId t, size_t step, uintptr_t addr, uint32_t size,
                             MemoryOrder mo) {
  ThreadViews& v = views(t);
  Location& loc = location(addr, size);
  sc_access(v, loc, mo);
  take(v, loc, loc.mo.back(), mo);
  note(step, loc, loc.mo.size() - 1, WeakNote::Kind::kRead);
  record(t, &loc, loc.mo.back().ts, 0, mo);
}

void WeakMemory::fence(ThreadId t, MemoryOrder mo) {
  ThreadViews& v = views(t);
  if (acquires(mo)) v.cur.join(v.acq);
  if (mo == MemoryOrder::kSeqCst && !rc11_seq_cst_) {
    // Fences are ordered by their whole views: each learns all that earlier ones knew.
    v.cur.join(sc_);
    v.acq.join(sc_);
    sc_.join(v.cur);
  }
  v.acq.join(v.cur);
  if (releases(mo)) v.rel = v.cur;
  record(t, nullptr, 0, 0, mo);
}

void WeakMemory::synchronise(ThreadId t, uintptr_t object) {
  ThreadViews& v = views(t);
  View& o = objects_[object];
  v.cur.join(o);
  v.acq.join(v.cur);
  // Not a fence: relaxed stores after it carry nothing more (v.rel stays).
  o = v.cur;
}

std::optional<WeakMemory::Race> WeakMemory::plain(ThreadId t, size_t step, uintptr_t addr,
                                                  uint32_t size, bool write) {
  if (write) {
    for (auto it = locations_.lower_bound(addr); it != locations_.end() && it->first < addr + size;
         ++it) {
      it->second.floor = it->second.mo.empty() ? it->second.floor : it->second.mo.back().ts;
      it->second.mo.clear();
    }
  }
  ThreadViews& v = views(t);
  auto ts = static_cast<size_t>(t);
  Accesses& a = accesses_[addr];
  std::optional<Race> race;
  auto describe = [&](ThreadId other, size_t other_step, bool other_write) {
    return Race{std::string("data race: T") + std::to_string(t) + " " +
                    (write ? "writes" : "reads") + " at step " + std::to_string(step) + " what T" +
                    std::to_string(other) + " " + (other_write ? "wrote" : "read") + " at step " +
                    std::to_string(other_step) + ", unordered by happens-before",
                other_step};
  };
  if (a.writer != kNoThread && a.writer != t && a.write_clock > v.cur.clock_of(a.writer)) {
    race = describe(a.writer, a.write_step, true);
  }
  if (write && !race) {
    for (size_t u = 0; u < a.reads.size(); ++u) {
      if (u != ts && a.reads[u] > v.cur.clock_of(static_cast<ThreadId>(u))) {
        race = describe(static_cast<ThreadId>(u), a.read_steps[u], false);
        break;
      }
    }
  }
  uint32_t now = v.cur.clock_of(t);
  if (write) {
    a.writer = t;
    a.write_clock = now;
    a.write_step = step;
    a.reads.clear();
    a.read_steps.clear();
  } else {
    if (a.reads.size() <= ts) {
      a.reads.resize(ts + 1, 0);
      a.read_steps.resize(ts + 1, 0);
    }
    a.reads[ts] = now;
    a.read_steps[ts] = step;
  }
  return race;
}

std::optional<WeakMemory::Race> WeakMemory::atomic_race(ThreadId t, size_t step, uintptr_t addr,
                                                        bool write) const {
  auto it = accesses_.find(addr);
  if (it == accesses_.end() || static_cast<size_t>(t) >= threads_.size()) return std::nullopt;
  const Accesses& a = it->second;
  const View& cur = threads_[static_cast<size_t>(t)].cur;
  auto describe = [&](ThreadId other, size_t other_step, bool other_write) {
    return Race{std::string("data race: T") + std::to_string(t) + "'s atomic " +
                    (write ? "write" : "read") + " at step " + std::to_string(step) + " of what T" +
                    std::to_string(other) + " " + (other_write ? "wrote" : "read") +
                    " with a plain access at step " + std::to_string(other_step) +
                    ", unordered by happens-before",
                other_step};
  };
  if (a.writer != kNoThread && a.writer != t && a.write_clock > cur.clock_of(a.writer)) {
    return describe(a.writer, a.write_step, true);
  }
  if (write) {
    for (size_t u = 0; u < a.reads.size(); ++u) {
      if (u != static_cast<size_t>(t) && a.reads[u] > cur.clock_of(static_cast<ThreadId>(u))) {
        return describe(static_cast<ThreadId>(u), a.read_steps[u], false);
      }
    }
  }
  return std::nullopt;
}

void WeakMemory::forget(uintptr_t addr, size_t size) {
  for (auto it = locations_.lower_bound(addr); it != locations_.end() && it->first < addr + size;
       ++it) {
    it->second.floor = it->second.mo.empty() ? it->second.floor : it->second.mo.back().ts;
    it->second.mo.clear();
  }
  accesses_.erase(accesses_.lower_bound(addr), accesses_.lower_bound(addr + size));
}

}  // namespace lineup::engine
