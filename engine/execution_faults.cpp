// The ways out of an execution when something goes wrong: abort (a finding of the engine's or
// of a replaced function's), a fatal signal or a hang (from the crash guard's handlers), a
// data race of c11 mode; the recovery on the main context after the jump out; and where
// controlled code was, in words.
#include <csignal>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#include "engine/diagnostics/call_site.h"
#include "engine/diagnostics/symbolizer.h"
#include "engine/execution.h"
#include "engine/memory/heap.h"
#include "engine/modes.h"

namespace lineup::engine {

void Execution::on_data_race(const WeakMemory::Race& race, uintptr_t pc) {
  if (!options_.race_suppressions.empty()) {
    const std::string here = where(pc);
    const std::string there =
        race.other_step < trace_->steps.size() ? where(trace_->steps[race.other_step].pc) : "";
    for (const std::string& pattern : options_.race_suppressions) {
      if (here.find(pattern) != std::string::npos || there.find(pattern) != std::string::npos) {
        ++result_->suppressed_races;
        return;
      }
    }
  }
  abort(Outcome::kDataRace, race.message + ", at " + where(pc));
}

void Execution::abort(Outcome outcome, std::string message) {
  tl_active = nullptr;
  tl_heap_on = false;
  result_->outcome = outcome;
  result_->message = std::move(message);
  if (result_->thread == kNoThread) result_->thread = current_thread();
  longjmp(abort_env_, 1);
}

void Execution::abort_at_call(Outcome outcome, std::string_view call, uintptr_t caller,
                              std::string_view why) {
  std::string message;
  {
    EngineSection engine;
    message = std::string(call) + " called";
    if (current_thread() != kNoThread) message += " in T" + std::to_string(current_thread());
    message += " at " + where(call_site(caller));
    message += why;
  }
  abort(outcome, std::move(message));
}

void Execution::on_signal(int sig, uintptr_t fault_addr, uintptr_t pc, bool sent) {
  // Runs in the signal handler: record only; the message is composed after the jump.
  tl_active = nullptr;
  tl_heap_on = false;
  fault_.signal = sig;
  fault_.addr = fault_addr;
  fault_.pc = pc;
  fault_.sent = sent;
  // For the report's frame in the structure's code when the signal came in a library's.
  capture_callers(fault_.callers);
  result_->thread = current_thread();
  longjmp(abort_env_, 1);
}

void Execution::on_watchdog_tick(int elapsed_ms, uintptr_t pc) {
  if (watchdog_.tick(elapsed_ms, options_.hang_timeout_ms)) {
    on_signal(-1, 0, pc);  // -1 marks the hang for run()
  }
}

void Execution::unscheduled_use_after_free(uintptr_t addr, uint32_t size, uintptr_t pc) {
  EngineSection engine;
  Transition t;
  t.addr = addr;
  t.size = size;
  t.pc = pc;
  t.thread = current_thread();
  BlockInfo b = heap_.block_at(addr);
  abort(Outcome::kUseAfterFree, "T" + std::to_string(t.thread) + " accessed heap block " +
                                    block_names_.name(b) + allocated_at(block_names_.site(b)) +
                                    " after it was freed, at " + where(pc));
}

std::string Execution::where(uintptr_t pc) const { return symbolizer().describe(pc); }

std::string Execution::allocated_at(uintptr_t site) {
  const std::string place = symbolizer().place(site);
  return place.empty() ? "" : " (allocated at " + place + ")";
}

std::string Execution::where_interrupted() const {
  return describe_call_site(fault_.pc, call_site(fault_.pc, fault_.callers));
}

void Execution::note_wait_site(uintptr_t pc) {
  // Unwinding costs microseconds: only a wait from code without source of its own needs it.
  ThreadState& s = threads_[static_cast<size_t>(current_thread())];
  s.wait_site = symbolizer().has_own_source(pc) ? 0 : call_site(pc);
}

void Execution::recover(ExecutionResult& result) {
  {
    fibers_.reset_to_main();
    tl_active = nullptr;
    tl_heap_on = false;
    tl_probe_pc = 0;
    if (fault_.signal == -1) {
      result.outcome = Outcome::kHang;
      result.message =
          "no scheduling point for " + std::to_string(options_.hang_timeout_ms) + " ms";
      if (result.thread != kNoThread) result.message += " in T" + std::to_string(result.thread);
      result.message += ", last at " + where_interrupted() +
                        " (a loop without shared-memory accesses lineup can see: code built "
                        "without its instrumentation, inline assembly, or a blocking call?)";
    } else if (fault_.signal != 0) {
      result.outcome = Outcome::kCrash;
      result.message = std::string(strsignal(fault_.signal));
      if (fault_.signal == SIGABRT && !assertion_.empty()) {
        result.message += " (" + assertion_ + ")";
      }
      if ((fault_.signal == SIGSEGV || fault_.signal == SIGBUS) && !fault_.sent) {
        char buf[64];
        std::snprintf(buf, sizeof buf, " accessing 0x%lx", static_cast<unsigned long>(fault_.addr));
        result.message += buf;
      }
      if (result.thread != kNoThread) result.message += " in T" + std::to_string(result.thread);
      result.message += " at " + where_interrupted();
    }
  }
}

}  // namespace lineup::engine
