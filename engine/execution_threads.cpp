// A logical thread's run, as a fiber: its calls one after another, each a span of the trace,
// then its thread-local destructors, and the switch to whoever runs next when it ends.
#include <algorithm>
#include <exception>
#include <string>
#include <vector>

#include "engine/execution.h"
#include "engine/modes.h"

namespace lineup::engine {

void Execution::fiber_main(int thread) { tl_execution->run_thread(thread); }

void Execution::start_thread(ThreadId t) {
  fibers_.prepare(t, &Execution::fiber_main);
  auto [lo, hi] = fibers_.stack_range(t);
  stacks_low_ = std::min(stacks_low_, lo);
  stacks_high_ = std::max(stacks_high_, hi);
  stacks_span_ = stacks_high_ - stacks_low_;
  fibers_.switch_to(t);
}

void Execution::run_thread(ThreadId t) {
  const std::vector<Call>& calls = program_->threads[static_cast<size_t>(t)];
  ThreadState& me = threads_[static_cast<size_t>(t)];
  resume(t);
  for (size_t i = 0; i < calls.size(); ++i) {
    flush_deferred_write();
    me.call = static_cast<int32_t>(trace_->calls.size());
    trace_->calls.push_back({t, static_cast<int>(i), trace_->steps.size(), 0, false});
    if (weak_) trace_->call_clocks.push_back({weak_->clock(t), {}});
    me.spin.clear();
    me.retry.clear_marks();
    me.latest_only.clear();
    std::string error;
    try {
      tl_heap_on = true;
      tl_active = this;
      const Call& call = calls[i];
      if (call.invoke != nullptr) {
        *call.result = call.invoke(call.context, *call.object, call.op, call.arg);
      } else {
        call.body();
      }
      tl_active = nullptr;
      tl_heap_on = false;
    } catch (const std::exception& e) {
      error = std::string("uncaught exception: ") + e.what();
    } catch (...) {
      error = "uncaught exception of unknown type";
    }
    tl_active = nullptr;
    tl_heap_on = false;
    // abort() leaves by longjmp, so it must not run inside the catch block: the exception
    // would stay registered as caught.
    if (!error.empty()) {
      result_->thread = t;
      abort(Outcome::kUncaughtException, error + " in " + calls[i].name);
    }
    flush_deferred_write();
    CallSpan& span = trace_->calls[static_cast<size_t>(me.call)];
    span.end_step = trace_->steps.size();
    span.completed = true;
    if (weak_) trace_->call_clocks[static_cast<size_t>(me.call)].response = weak_->clock(t);
    me.call = -1;
    me.spin.clear();
  }
  // The thread's thread_local destructors, as its last steps.
  std::string error;
  tl_heap_on = true;
  tl_active = this;
  bool exits_ok = thread_exits_.run(error);
  tl_active = nullptr;
  tl_heap_on = false;
  flush_deferred_write();
  if (!exits_ok) {
    result_->thread = t;
    abort(Outcome::kUncaughtException, "uncaught exception in a thread_local destructor: " + error);
  }
  finish_thread();
}

void Execution::finish_thread() {
  ThreadId me = current_thread();
  unfinished_ &= ~(uint64_t{1} << me);
  private_span_ = 0;
  if (starting_ && me + 1 < thread_count_) start_thread(me + 1);  // never back here
  starting_ = false;
  ThreadId next = choose();
  fibers_.switch_to(next == kNoThread ? kMainContext : next);
}

void Execution::on_retry_round(const char* loop, bool again) {
  if ((!options_.cut_retry_rounds && !options_.record_idle_rounds) || weak_ != nullptr) return;
  const ThreadId me = current_thread();
  if (me == kNoThread) return;
  EngineSection engine;  // the marks and the watch set are the engine's, not the heap's
  RetryRounds& retry = threads_[static_cast<size_t>(me)].retry;
  size_t from = 0;
  if (!retry.note(loop, again, trace_->steps, me, &from)) return;
  if (options_.cut_retry_rounds) {
    retry.cut_at(loop);
  } else {
    result_->idle_rounds.push_back({me, from, trace_->steps.size()});
  }
}

}  // namespace lineup::engine
