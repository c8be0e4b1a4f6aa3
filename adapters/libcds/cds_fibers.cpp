#include "adapters/libcds/cds_fibers.h"

#include <cds/gc/hp.h>
#include <cds/init.h>

#include <pthread.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <vector>

// The calling thread's HP record. libcds 2.3.3 defines it in src/hp.cpp as a namespace-level
// `thread_local thread_data* tls_ = nullptr;` and exports it (nm -DC libcds.so: B
// cds::gc::hp::tls_) but declares it in no header; hp::smr::tls() only returns its value.
// Constant-initialized, so the TLS wrapper g++ emits for this extern declaration finds no
// initialization function and reads the variable directly.
namespace cds::gc::hp {
extern thread_local thread_data* tls_;
}  // namespace cds::gc::hp

namespace lineup::adapters::cds {
namespace {

// Inside lineup::adapters::cds, `cds::` would name this namespace: spell libcds `::cds::`.
namespace hp = ::cds::gc::hp;

// Logical-thread records attached by the first initialize() even if it asks for fewer, so
// that later engines in the same process (a test binary hunting with 2 threads, then 3) find
// theirs: the CLI's programs have at most 8 threads.
constexpr int kReservedThreads = 8;

struct State {
  bool initialized = false;
  pthread_t owner{};  // the OS thread that attached every record
  int hazard_pointers = 0;
  size_t physical_capacity = 0;  // retired_ptr slots libcds allocated per record
  size_t scan_threshold = 0;     // logical capacity of the retired arrays
  hp::thread_data* main_record = nullptr;
  std::vector<hp::thread_data*> threads;  // logical thread i's record
  // Per record (threads in order, then the main one): its guard storage as rebuild_hazards leaves
  // it, in bytes (hazard_image), which reset_hazards copies back.
  std::vector<std::vector<unsigned char>> pristine_hazards;
};

State& state() {
  static State s;
  return s;
}

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "lineup: libcds adapter: %s\n", what);
  std::abort();
}

// The main record last: a disposer run by end_execution retires (if ever) into the current
// record, the main one, which is then drained after the others.
template <class F>
void for_each_record(F f) {
  for (hp::thread_data* rec : state().threads) f(rec);
  f(state().main_record);
}

// Rebuilds the record's guard storage in place: every hazard slot null and the free list in
// its initial order. thread_hp_storage exposes no way to return guards that Guard objects on
// an abandoned fiber stack still own (their destructors never run), nor to reorder the free
// list, whose order otherwise depends on the previous execution and would change which slot
// (address) the next execution's guards use. Its constructor does exactly this; the storage
// owns nothing (the guard array belongs to the record's allocation), so no destructor is due.
void rebuild_hazards(hp::thread_data* rec) {
  hp::thread_hp_storage& hazards = rec->hazards_;
  hp::guard* array = hazards.begin();
  size_t capacity = hazards.capacity();
  new (&hazards) hp::thread_hp_storage(array, capacity);
}

// The bytes of a record's guard storage: the storage object (free-list head, array,
// capacity), then its guards (hazard slot, next free guard).
std::vector<unsigned char> hazard_image(const hp::thread_data* rec) {
  const hp::thread_hp_storage& hazards = rec->hazards_;
  const auto* object = reinterpret_cast<const unsigned char*>(&hazards);
  const auto* guards = reinterpret_cast<const unsigned char*>(hazards.begin());
  std::vector<unsigned char> image(object, object + sizeof hazards);
  image.insert(image.end(), guards, guards + hazards.capacity() * sizeof(hp::guard));
  return image;
}

// Puts the record's guard storage back to `image`, hazard_image() of it as rebuilt. memcpy
// becomes one hook call under -fsanitize=thread, where the constructor writes every guard
// through a hook of its own. The storage and its guards hold pointers and a size only
// (std::atomic of a pointer is trivially copyable in all but name), so their bytes are all
// of their state.
void reset_hazards(hp::thread_data* rec, const std::vector<unsigned char>& image) {
  hp::thread_hp_storage& hazards = rec->hazards_;
  const size_t object = sizeof hazards;
  std::memcpy(static_cast<void*>(hazards.begin()), image.data() + object, image.size() - object);
  std::memcpy(static_cast<void*>(&hazards), image.data(), object);
}

// Empties the retired array and sets its logical capacity (where retire() triggers a scan).
// A capacity below libcds's cannot overflow the physical array: after a scan at most
// (hazard pointers of all records) entries survive, fewer than the physical capacity, and the
// next retire() scans again as soon as the logical capacity is reached or passed.
void reset_retired(hp::thread_data* rec) {
  hp::retired_ptr* first = rec->retired_.first();
  new (&rec->retired_) hp::retired_array(first, state().scan_threshold);
}

// thread_data::sync() increments a dummy counter only for its memory-ordering effect; its
// value would otherwise carry over and make the same schedule show different values.
void reset_sync_counter(hp::thread_data* rec) { rec->sync_.store(0, std::memory_order_relaxed); }

void dispose_retired(hp::thread_data* rec) {
  hp::retired_array& retired = rec->retired_;
  // Pop one at a time: a disposer that retires something (into the main record) appends to
  // the array being drained without invalidating anything.
  while (size_t n = retired.size()) {
    hp::retired_ptr p = retired.first()[n - 1];
    retired.reset(n - 1);
    p.free();
  }
}

}  // namespace

void initialize(int max_threads, int hazard_pointers) {
  State& s = state();
  if (max_threads < 1 || hazard_pointers < 1) fail("initialize: bad arguments");
  if (s.initialized) {
    if (!pthread_equal(s.owner, pthread_self())) {
      fail("initialize called again from another OS thread (the records belong to the first)");
    }
    if (static_cast<size_t>(max_threads) > s.threads.size() ||
        hazard_pointers > s.hazard_pointers) {
      fail("initialize called again asking for more threads or hazard pointers");
    }
    return;
  }
  ::cds::Initialize();
  s.owner = pthread_self();
  int records = std::max(max_threads, kReservedThreads);
  // Records for the logical threads plus the main thread. Retired capacity 0 selects libcds's
  // default, 2 * hazard_pointers * (records + 1) entries per record (it accepts no less than
  // hazard_pointers * (records + 1), the most a scan can fail to free).
  hp::smr::construct(static_cast<size_t>(hazard_pointers), static_cast<size_t>(records) + 1, 0,
                     hp::inplace);
  hp::smr& smr = hp::smr::instance();
  // construct() keeps an existing singleton: make sure it has what we need.
  if (smr.get_hazard_ptr_count() < static_cast<size_t>(hazard_pointers)) {
    fail("the HP GC already exists with fewer hazard pointers");
  }
  s.hazard_pointers = static_cast<int>(smr.get_hazard_ptr_count());
  s.physical_capacity = smr.get_max_retired_ptr_count();
  s.scan_threshold = s.physical_capacity;

  hp::thread_data*& tls = hp::tls_;
  hp::smr::attach_thread();  // no-op if the main thread is already attached
  s.main_record = tls;
  // attach_thread() allocates a record only when tls_ is null; every record gets this OS
  // thread's id as owner, which is what libcds's scans and asserts expect of it.
  for (int i = 0; i < records; ++i) {
    tls = nullptr;
    hp::smr::attach_thread();
    s.threads.push_back(tls);
  }
  tls = s.main_record;
  for_each_record([&s](hp::thread_data* rec) {
    rebuild_hazards(rec);
    s.pristine_hazards.push_back(hazard_image(rec));
  });
  s.initialized = true;
}

void** hp_tls_slot() { return reinterpret_cast<void**>(&hp::tls_); }

void* hp_record(int thread) {
  const State& s = state();
  if (thread < 0 || static_cast<size_t>(thread) >= s.threads.size()) {
    fail("hp_record: no such logical thread (initialize with more max_threads)");
  }
  return s.threads[static_cast<size_t>(thread)];
}

std::pair<uintptr_t, uintptr_t> record_memory(int thread) {
  const State& s = state();
  auto* rec = static_cast<hp::thread_data*>(hp_record(thread));
  auto at = [](const void* p) { return reinterpret_cast<uintptr_t>(p); };
  uintptr_t lo = std::min({at(rec), at(rec->hazards_.begin()), at(rec->retired_.first())});
  uintptr_t hi = std::max({at(rec + 1), at(rec->hazards_.begin() + rec->hazards_.capacity()),
                           at(rec->retired_.first() + s.physical_capacity)});
  return {lo, hi};
}

void end_execution(bool clean) {
  State& s = state();
  if (!s.initialized) fail("end_execution before initialize");
  if (hp::tls_ != s.main_record) fail("end_execution: the main thread's HP record is not current");
  // Disposal below ignores hazards (no operation is in progress any more); slots an aborted
  // operation left set or guards it still owned are simply reset for the next execution.
  size_t record = 0;
  for_each_record([&](hp::thread_data* rec) { reset_hazards(rec, s.pristine_hazards[record++]); });
  if (clean) for_each_record(dispose_retired);
  for_each_record(reset_retired);
  for_each_record(reset_sync_counter);
}

void set_scan_threshold(int retired) {
  State& s = state();
  if (!s.initialized) fail("set_scan_threshold before initialize");
  if (retired < 0) fail("set_scan_threshold: negative threshold");
  size_t n = static_cast<size_t>(retired);
  s.scan_threshold = (n == 0 || n > s.physical_capacity) ? s.physical_capacity : n;
}

size_t pending_retired() {
  if (!state().initialized) return 0;
  size_t n = 0;
  for_each_record([&n](hp::thread_data* rec) { n += rec->retired_.size(); });
  return n;
}

}  // namespace lineup::adapters::cds
