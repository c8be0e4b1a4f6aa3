#include "controlled.h"

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>

#include "engine/memory/class_fingerprint.h"
#include "fixtures/cell_ops.h"

namespace oracle {
namespace {

namespace le = lineup::engine;

// Allocated by setup from the execution's arena, like a structure under test.
struct Shared {
  std::atomic<int> cells[kMaxCells] = {};
  std::mutex mutexes[kMutexes];
  std::condition_variable cv;
};

// What the threads record; lives outside the arena, written only by uninstrumented code.
struct Log {
  static constexpr int kMaxReads = 64;
  Shared* shared = nullptr;
  int count[le::kMaxThreads] = {};
  int reads[le::kMaxThreads][kMaxReads] = {};
  int final_cells[kMaxCells] = {};
  bool torn_down = false;

  void record(int thread, int value) {
    int& n = count[thread];
    if (n < kMaxReads) reads[thread][n++] = value;
  }
};

struct ReadSink {
  Log* log;
  int thread;
};

void record_read(void* context, int value) {
  auto* sink = static_cast<ReadSink*>(context);
  sink->log->record(sink->thread, value);
}

void run_ops(Log& log, int thread, const std::vector<Op>& ops, FetchAdd fetch_add) {
  Shared& s = *log.shared;
  for (const Op& op : ops) {
    std::atomic<int>& cell = s.cells[op.cell];
    switch (op.kind) {
      case Op::kLoad:
        log.record(thread, fixture::load(cell));
        break;
      case Op::kStore:
        fixture::store(cell, op.value);
        break;
      case Op::kCas:
        log.record(thread, fixture::cas(cell, op.expected, op.value));
        break;
      case Op::kFetchAdd:
        if (fetch_add == FetchAdd::kSeenAsLoad) {
          fixture::load(cell);  // the step the engine sees
          // This file is not instrumented: the add is no step, and no other thread runs
          // between the load and the add.
          log.record(thread, cell.fetch_add(op.value));
        } else {
          log.record(thread, fixture::fetch_add(cell, op.value));
        }
        break;
      case Op::kLock:
        fixture::lock(s.mutexes[op.lock]);
        break;
      case Op::kUnlock:
        fixture::unlock(s.mutexes[op.lock]);
        break;
      case Op::kWait:
        log.record(thread, fixture::wait_once(s.mutexes[0], s.cv, cell, op.value));
        break;
      case Op::kNotifyOne:
      case Op::kNotifyAll:
        fixture::notify(s.cv, op.kind == Op::kNotifyAll);
        break;
      case Op::kSpin: {
        ReadSink sink{&log, thread};
        fixture::spin_until(cell, op.value, kSpinRetries, record_read, &sink);
        break;
      }
    }
  }
}

le::Program make_program(const Program& program, const std::shared_ptr<Log>& log,
                         FetchAdd fetch_add) {
  le::Program p;
  p.setup = [log] {
    *log = Log{};
    log->shared = new Shared;
  };
  for (size_t t = 0; t < program.threads.size(); ++t) {
    std::vector<Op> ops = program.threads[t];
    p.threads.push_back({{"ops", [log, t, ops, fetch_add] {
                            run_ops(*log, static_cast<int>(t), ops, fetch_add);
                          }}});
  }
  p.teardown = [log] {
    for (int c = 0; c < kMaxCells; ++c) log->final_cells[c] = log->shared->cells[c].load();
    log->torn_down = true;
    delete log->shared;
  };
  return p;
}

class CountingPreemptions final : public le::Strategy {
 public:
  explicit CountingPreemptions(le::Strategy& inner) : inner_(inner) {}
  bool begin_execution() override {
    preemptions_ = 0;
    return inner_.begin_execution();
  }
  le::Decision next_thread(const le::SchedulingPoint& p) override {
    le::Decision d = inner_.next_thread(p);
    if (le::preempts(p, d)) ++preemptions_;
    return d;
  }
  void end_execution(const le::ExecutionResult& r) override { inner_.end_execution(r); }
  std::string stop_reason() const override { return inner_.stop_reason(); }
  int preemptions() const { return preemptions_; }

 private:
  le::Strategy& inner_;
  int preemptions_ = 0;
};

}  // namespace

ControlledOutcomes explore_controlled(le::Engine& engine, const Program& program,
                                      le::Strategy& strategy, FetchAdd fetch_add) {
  ControlledOutcomes out;
  auto log = std::make_shared<Log>();
  le::Program p = make_program(program, log, fetch_add);
  CountingPreemptions counting(strategy);
  le::ClassFingerprint fingerprint;
  engine.explore(p, counting, [&](const le::ExecutionResult& r) {
    if (r.outcome == le::Outcome::kAbandoned) {
      ++out.abandoned;
      return true;
    }
    bool deadlock = r.outcome == le::Outcome::kDeadlock;
    if (!r.ok() && !deadlock) {
      if (out.failure.empty()) {
        out.failure = std::string(le::to_string(r.outcome)) + ": " + r.message + " (schedule " +
                      r.schedule.to_token() + ")";
      }
      return true;
    }
    ++out.executions;
    out.classes.insert(fingerprint.of(r.trace.steps));
    std::vector<std::vector<int>> reads(program.threads.size());
    for (size_t t = 0; t < reads.size(); ++t) {
      reads[t].assign(log->reads[t], log->reads[t] + log->count[t]);
    }
    // A deadlocked execution has no teardown; its cells are still in the arena until the
    // next execution starts.
    std::vector<int> cells(static_cast<size_t>(program.cells));
    for (int c = 0; c < program.cells; ++c) {
      cells[static_cast<size_t>(c)] =
          log->torn_down ? log->final_cells[c] : log->shared->cells[c].load();
    }
    Outcome o = make_outcome(deadlock, reads, cells);
    auto [it, fresh] = out.fewest_preemptions.emplace(o, counting.preemptions());
    if (!fresh && counting.preemptions() < it->second) it->second = counting.preemptions();
    return true;
  });
  return out;
}

}  // namespace oracle
