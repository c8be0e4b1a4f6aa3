#include "engine/memory/execution_graph.h"

#include <algorithm>
#include <map>
#include <string_view>
#include <unordered_map>

namespace lineup::engine {
namespace {

bool is_event(const Transition& t) {
  return t.has(kAtomic) && (t.kind == Kind::kRead || t.kind == Kind::kWrite ||
                            t.kind == Kind::kRmw || t.kind == Kind::kFence);
}

// Lock, condition-variable and predicate-wait steps, ordered per object.
bool is_synchronisation(const Transition& t) {
  return t.kind == Kind::kLock || t.kind == Kind::kReadLock || t.kind == Kind::kUnlock ||
         t.kind == Kind::kTryLock || t.kind == Kind::kCondWait || t.kind == Kind::kCondWake ||
         t.kind == Kind::kCondSignal || t.kind == Kind::kAwait;
}

template <class Select>
std::map<uintptr_t, uint32_t> addresses(const Trace& trace, Select select) {
  std::map<uintptr_t, uint32_t> index;
  for (const Transition& t : trace.steps) {
    if (select(t)) index.emplace(t.addr, 0);
  }
  uint32_t next = 0;
  for (auto& [addr, i] : index) i = next++;
  return index;
}

void append_id(std::string& out, const EventId& id) {
  if (id.thread == kNoThread) {
    out += "init";
  } else {
    out += std::to_string(id.thread) + "." + std::to_string(id.index);
  }
}

}  // namespace

ExecutionGraph execution_graph(const Trace& trace) {
  std::map<uintptr_t, uint32_t> index =
      addresses(trace, [](const Transition& t) { return is_event(t) && t.kind != Kind::kFence; });
  std::map<uintptr_t, uint32_t> objects = addresses(trace, is_synchronisation);
  std::unordered_map<size_t, const WeakNote*> reads, placements;
  for (const WeakNote& n : trace.weak) {
    (n.kind == WeakNote::Kind::kRead ? reads : placements)[n.step] = &n;
  }
  ExecutionGraph g;
  g.modification_order.resize(index.size());
  g.synchronisation_order.resize(objects.size());
  std::unordered_map<size_t, EventId> event_of_step;
  for (size_t s = 0; s < trace.steps.size(); ++s) {
    const Transition& t = trace.steps[s];
    const bool synchronisation = is_synchronisation(t);
    if ((!is_event(t) && !synchronisation) || t.thread == kNoThread) continue;
    auto thread = static_cast<size_t>(t.thread);
    if (g.threads.size() <= thread) g.threads.resize(thread + 1);
    EventId id{t.thread, static_cast<uint32_t>(g.threads[thread].size())};
    if (synchronisation) {
      GraphEvent e;
      e.kind = t.kind;
      e.location = objects.at(t.addr);
      g.synchronisation_order[e.location].push_back(id);
      g.threads[thread].push_back(e);
      continue;
    }
    event_of_step[s] = id;
    GraphEvent e;
    e.kind = t.kind;
    e.value = t.value;
    if (t.kind != Kind::kFence) {
      e.location = index.at(t.addr);
      std::vector<EventId>& mo = g.modification_order[e.location];
      if (t.kind != Kind::kWrite) {
        auto note = reads.find(s);
        if (note == reads.end()) {
          e.reads_from = mo.empty() ? EventId{} : mo.back();
        } else if (note->second->source >= 0) {
          e.reads_from = event_of_step.at(static_cast<size_t>(note->second->source));
        }
      }
      if (t.kind != Kind::kRead) {
        auto placed = placements.find(s);
        auto at = mo.end();
        if (placed != placements.end()) {
          // The store went just before the write of step `source`.
          EventId before = event_of_step.at(static_cast<size_t>(placed->second->source));
          at = std::find(mo.begin(), mo.end(), before);
        }
        mo.insert(at, id);
      }
    }
    g.threads[thread].push_back(e);
  }
  return g;
}

std::string graph_key(const ExecutionGraph& graph) {
  std::string out;
  for (size_t t = 0; t < graph.threads.size(); ++t) {
    out += "T" + std::to_string(t) + ":";
    for (const GraphEvent& e : graph.threads[t]) {
      out += " ";
      out += to_string(e.kind);
      if (e.kind == Kind::kFence) continue;
      if (e.kind != Kind::kRead && e.kind != Kind::kWrite && e.kind != Kind::kRmw) {
        out += "#" + std::to_string(e.location);  // a synchronisation object
        continue;
      }
      out += "@" + std::to_string(e.location) + "=" + std::to_string(e.value);
      if (e.kind != Kind::kWrite) {
        out += "<-";
        append_id(out, e.reads_from);
      }
    }
    out += "\n";
  }
  auto orders = [&](std::string_view name, const std::vector<std::vector<EventId>>& all) {
    for (size_t l = 0; l < all.size(); ++l) {
      out += name;
      out += std::to_string(l) + ":";
      for (const EventId& id : all[l]) {
        out += " ";
        append_id(out, id);
      }
      out += "\n";
    }
  };
  orders("mo", graph.modification_order);
  orders("so", graph.synchronisation_order);
  return out;
}

uint64_t graph_fingerprint(const Trace& trace) {
  return std::hash<std::string>{}(graph_key(execution_graph(trace)));
}

}  // namespace lineup::engine
