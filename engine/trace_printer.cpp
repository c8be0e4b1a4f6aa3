#include "engine/trace_printer.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <string_view>

#include "engine/diagnostics/heap_types.h"
#include "engine/diagnostics/symbolizer.h"
#include "engine/memory/heap.h"
#include "engine/trace_folding.h"

namespace lineup::engine {
namespace {

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%lx", static_cast<unsigned long>(v));
  return buf;
}

// Values that look like heap pointers are named like addresses (as of step `step`); small
// numbers in decimal.
std::string name_value(const Transition& t, uint64_t v, size_t step, const Engine& engine) {
  if (!t.has(kValueKnown)) return "?";
  if (t.size == 8 && Heap::instance().owns(reinterpret_cast<void*>(v))) {
    return name_address(v, step, engine, false);
  }
  // Tagged pointers (Boost.Lockfree keeps an ABA tag in the upper 16 bits on x86-64): the
  // pointer is named and the tag shown beside it, like the subscripts of the thesis's traces.
  uint64_t pointer = v & 0x0000ffffffffffffULL;
  if (t.size == 8 && pointer != 0 && Heap::instance().owns(reinterpret_cast<void*>(pointer))) {
    return name_address(pointer, step, engine, false) + "[tag " + std::to_string(v >> 48) + "]";
  }
  if (t.size == 8 && pointer == 0 && v != 0) return "null[tag " + std::to_string(v >> 48) + "]";
  if (v < 100000) return std::to_string(v);
  return hex(v);
}

std::string describe_effect(const Transition& t, size_t step, const Engine& engine) {
  switch (t.kind) {
    case Kind::kRead:
      if (t.has(kCas)) {
        return "expected " + name_value(t, t.expected, step, engine) + ", was " +
               name_value(t, t.value, step, engine);
      }
      return "= " + name_value(t, t.value, step, engine);
    case Kind::kWrite:
      return ":= " + name_value(t, t.value, step, engine);
    case Kind::kRmw:
      return name_value(t, t.old_value, step, engine) + " -> " +
             name_value(t, t.value, step, engine);
    default:
      return "";
  }
}

}  // namespace

std::string allocation_site(uintptr_t site) {
  const std::string place = symbolizer().place(site);
  return place.empty() ? "" : "@" + place;
}

std::string describe_note(const WeakNote& n) {
  std::string source =
      n.source < 0 ? "the initial value" : "the store of step " + std::to_string(n.source);
  if (n.kind == WeakNote::Kind::kPlacement) {
    return "placed before " + source + " in modification order (" + std::to_string(n.newer) +
           " store" + (n.newer == 1 ? "" : "s") + " after it)";
  }
  if (n.newer == 0) return "reads " + source;
  return "reads " + source + ", not the latest (" + std::to_string(n.newer) + " newer store" +
         (n.newer == 1 ? "" : "s") + ")";
}

std::string name_address(uintptr_t addr, size_t step, const Engine& engine, bool access) {
  Heap& heap = Heap::instance();
  if (heap.owns(reinterpret_cast<void*>(addr))) {
    BlockInfo b = heap.block_at(addr);
    if (b.start == 0) return "heap+" + hex(addr - heap.base());
    BlockNames::Allocation allocation = engine.block_names().allocation(b, step);
    const std::string type = heap_types().type_name(allocation.site, allocation.size);
    std::string s = (type.empty() ? "heap" : type) + engine.block_names().name(b, step) +
                    allocation_site(allocation.site);
    size_t offset = addr - b.start;
    std::string field = type.empty() ? ""
                                     : heap_types().field(allocation.site, allocation.size, offset,
                                                          /*outermost=*/!access);
    if (!field.empty() && (access || offset != 0)) return s + " " + field;
    if (offset != 0) s += "+" + std::to_string(offset);
    return s;
  }
  for (int f = 0; f < kMaxThreads; ++f) {
    auto [lo, hi] = engine.fibers().stack_range(f);
    if (lo == 0) break;
    if (addr >= lo && addr < hi) return "T" + std::to_string(f) + ".stack+" + hex(hi - addr);
  }
  std::string global = symbolizer().data_name(addr);
  return global.empty() ? hex(addr) : global;
}

StepColumns step_columns(const Transition& t, size_t index, const Engine& engine) {
  StepColumns c;
  c.what = verb(t);
  if (t.kind != Kind::kFence && t.kind != Kind::kAwait) {
    c.target = name_address(t.addr, index, engine);
    if (t.kind == Kind::kRead || t.kind == Kind::kWrite || t.kind == Kind::kRmw) {
      c.target += " (" + std::to_string(t.size) + ")";
    }
  }
  c.effect = describe_effect(t, index, engine);
  c.where = symbolizer().describe(t.pc);
  return c;
}

std::string StepColumns::text() const {
  std::string out = what;
  for (const std::string* column : {&target, &effect}) {
    if (!column->empty()) out += " " + *column;
  }
  return out;
}

std::string format_step(const Transition& t, size_t index, const Engine& engine) {
  StepColumns c = step_columns(t, index, engine);
  char head[16];
  std::snprintf(head, sizeof head, "%5zu  T%-2d ", index, t.thread);
  // Columns padded to their width, never cut: a long name pushes the rest to the right.
  auto padded = [](const std::string& column, size_t width) {
    return column.size() >= width ? column : column + std::string(width - column.size(), ' ');
  };
  return head + padded(c.what, 14) + " " + padded(c.target, 22) + " " + padded(c.effect, 26) + " " +
         c.where;
}

std::string format_trace(const ExecutionResult& result, const Program& program,
                         const Engine& engine) {
  const Trace& trace = result.trace;
  std::string out;
  // Call boundaries sorted into the step sequence: a call begins before its first step and
  // ends after its last.
  std::vector<std::vector<std::string>> before(trace.steps.size() + 1);
  std::vector<std::vector<std::string>> after(trace.steps.size() + 1);
  for (const CallSpan& c : trace.calls) {
    const std::string& name =
        program.threads[static_cast<size_t>(c.thread)][static_cast<size_t>(c.index_in_thread)].name;
    std::string t = "       T" + std::to_string(c.thread);
    before[c.first_step].push_back(t + " calls ");
    before[c.first_step].back() += name;
    if (c.completed) {
      size_t at = c.end_step == 0 ? 0 : c.end_step - 1;
      auto& slot = c.end_step == c.first_step ? before[c.first_step] : after[at];
      slot.push_back(t + " returns from ");
      slot.back() += name;
    }
  }
  std::vector<std::string> notes(trace.steps.size());
  for (const WeakNote& n : trace.weak) {
    // An rmw that read a stale store has two notes: what it read, and where it went.
    if (n.step < notes.size()) {
      notes[n.step] += (notes[n.step].empty() ? "" : "; ") + describe_note(n);
    }
  }
  walk_folded(
      trace.steps.size(), loops_to_fold(trace),
      [&](size_t i) {
        for (const std::string& line : before[i]) out += line + "\n";
        out += format_step(trace.steps[i], i, engine) + "\n";
        if (!notes[i].empty()) out += "             " + notes[i] + "\n";
        for (const std::string& line : after[i]) out += line + "\n";
      },
      [&](const FoldedLoop& loop) { out += "       " + describe_loop(loop, trace.steps) + "\n"; });
  for (const std::string& line : before[trace.steps.size()]) out += line + "\n";
  std::string outcome = to_string(result.outcome);
  out += "outcome: " + outcome;
  // A message that starts by naming the outcome (a data race's) names it once.
  std::string_view message = result.message;
  if (message.starts_with(outcome + ": ")) message.remove_prefix(outcome.size() + 2);
  if (!message.empty()) out += ": " + std::string(message);
  out += "\nschedule: " + result.schedule.to_token() + "\n";
  return out;
}

}  // namespace lineup::engine
