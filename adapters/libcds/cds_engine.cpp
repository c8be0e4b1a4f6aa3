// cds_threading.h first: this translation unit allocates the per-logical-thread ThreadData of
// libcds's GCC threading model.
#include "adapters/libcds/cds_threading.h"
//
#include "adapters/libcds/cds_engine.h"

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "adapters/libcds/cds_fibers.h"
#include "specs/seen_calls.h"

namespace lineup::adapters::cds {
namespace {

// The calls into libcds.so (built without lineup's instrumentation) that the libcds
// structures' code reaches, and why none hides an access to shared memory from lineup
// (docs/uninstrumented-calls.md).
constexpr const char* kBeforeExecutions =
    "libcds's set-up, which prepare_engine runs before the first execution (attach_engine)";
LINEUP_SEEN_CALL("cds::gc::hp::smr::tls",
                 "reads the calling thread's hazard-pointer record pointer, a thread-local that "
                 "lineup gives each logical thread");
LINEUP_SEEN_CALL("cds::gc::hp::smr::construct", kBeforeExecutions);
LINEUP_SEEN_CALL("cds::gc::hp::smr::attach_thread", kBeforeExecutions);
LINEUP_SEEN_CALL("cds::details::init_first_call", kBeforeExecutions);
LINEUP_SEEN_CALL("cds::details::check_hpstat_enabled", kBeforeExecutions);
LINEUP_SEEN_CALL("cds::OS::Linux::topology::init", kBeforeExecutions);
LINEUP_SEEN_CALL("cds::threading::ThreadData::init", kBeforeExecutions);
LINEUP_SEEN_CALL("cds::threading::ThreadData::fini",
                 "libcds's per-thread tear-down, run when an OS thread ends, never in executions");
LINEUP_SEEN_CALL("boost::detail::get_tss_data",
                 "Boost.Thread's storage of the calling thread, found through "
                 "pthread_getspecific, which lineup gives each logical thread");
LINEUP_SEEN_CALL("boost::detail::set_tss_data",
                 "Boost.Thread's storage of the calling thread, found through "
                 "pthread_getspecific, which lineup gives each logical thread");

class ResetBetweenExecutions final : public engine::ExecutionListener {
 public:
  void after_execution(bool clean) override { end_execution(clean); }
};

using ThreadData = ::cds::threading::ThreadData;

// One ThreadData per logical thread, shared by every engine of the process (only one runs at a
// time). From the real heap, never freed.
std::vector<ThreadData*>& thread_data() {
  static std::vector<ThreadData*> records;
  return records;
}

// An operation that ended with its execution (completed, or abandoned on a crash) may have left
// its elimination record published; the next execution starts with every record free.
class ClearEliminationRecords final : public engine::ExecutionListener {
 public:
  void after_execution(bool) override {
    for (ThreadData* d : thread_data()) d->m_EliminationRec.pOp = nullptr;
  }
};

}  // namespace

void attach(engine::Engine& engine, int max_threads, int hazard_pointers) {
  initialize(max_threads, hazard_pointers);
  int slot = engine.add_thread_local(hp_tls_slot());
  for (int t = 0; t < max_threads; ++t) {
    engine.set_thread_local(slot, t, hp_record(t));
    // A search that waits for another thread (restarting from the head while a node is being
    // unlinked) re-publishes its hazard pointers every round: bookkeeping, not progress.
    engine.options().spin_neutral_ranges.push_back(record_memory(t));
  }
  static ResetBetweenExecutions listener;  // stateless: one serves every engine
  engine.add_listener(&listener);
}

void prepare(engine::Engine& engine, int max_threads) {
  attach(engine, max_threads, kHazardPointers);
}

void attach_thread_data(engine::Engine& engine, int max_threads) {
  if (max_threads < 1) {
    std::fputs("lineup: libcds adapter: attach_thread_data: bad arguments\n", stderr);
    std::abort();
  }
  std::vector<ThreadData*>& records = thread_data();
  // After cds::Initialize (attach), which sets the processor count ThreadData's constructor
  // reads. ThreadData::init (libcds.so) counts the attachment and picks up RCU records of RCU
  // singletons that exist, as attachThread would.
  while (records.size() < static_cast<size_t>(max_threads)) {
    records.push_back(new ThreadData());
    records.back()->init();
  }
  // The main context keeps its value (no ThreadData: setup and teardown need none).
  int slot = engine.add_thread_local(
      reinterpret_cast<void**>(&::cds::threading::gcc_internal::s_pThreadData));
  for (int t = 0; t < max_threads; ++t) {
    engine.set_thread_local(slot, t, records[static_cast<size_t>(t)]);
  }
  static ClearEliminationRecords listener;
  engine.add_listener(&listener);
}

void prepare_with_thread_data(engine::Engine& engine, int max_threads) {
  prepare(engine, max_threads);
  attach_thread_data(engine, max_threads);
}

}  // namespace lineup::adapters::cds
