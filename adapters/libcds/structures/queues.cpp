// libcds 2.3.3 queues, on the Hazard-Pointer GC where they take one, with libcds's default
// traits except where noted.
#include <cds/container/basket_queue.h>
#include <cds/container/moir_queue.h>
#include <cds/container/optimistic_queue.h>
#include <cds/container/rwqueue.h>
#include <cds/container/segmented_queue.h>
#include <cds/container/vyukov_mpmc_cycle_queue.h>

#include <atomic>
#include <string>

#include "adapters/libcds/cds_structures.h"
#include "adapters/libcds/structures/cds_registration.h"
#include "adapters/libcds/structures/quasi_queue_model.h"

namespace {

namespace reg = lineup::adapters::cds::registration;
using lineup::adapters::cds::HP;
using lineup::adapters::cds::MSQueue;

using MoirQueue = ::cds::container::MoirQueue<HP, int>;
using BasketQueue = ::cds::container::BasketQueue<HP, int>;
using OptimisticQueue = ::cds::container::OptimisticQueue<HP, int>;
// Two spin locks (cds::sync::spin, which names no owner thread under NDEBUG), no GC.
using RWQueue = ::cds::container::RWQueue<int>;

LINEUP_REGISTER(reg::queue<MSQueue>("cds/msqueue",
                                    "MSQueue<HP, int>: Michael & Scott lock-free "
                                    "queue: enqueue, dequeue, empty"));
// The client of libcds issue 186 (reported against 2.3.3's intrusive MSQueue, which this
// container's enqueue and dequeue run): one enqueue, and two dequeues on other threads. A
// dequeue's CAS of the head is acquire only, so a second dequeuer that reads the new head from
// it learns nothing of the enqueuer's initialisation of the node; for `--memory-model c11`.
template <class Q>
lineup::specs::Structure<Q> issue186_client(std::string name, std::string description) {
  return reg::push_pop_queue<Q>(std::move(name), std::move(description),
                                lineup::specs::queue_model())
      .roles({{"push"}, {"pop"}, {"pop"}})
      .shape(3, 1);
}
LINEUP_REGISTER(issue186_client<MSQueue>("cds/msqueue-issue186",
                                         "MSQueue<HP, int>: one enqueue, two dequeues on other "
                                         "threads (libcds issue 186's client)"));
// The same client on an MSQueue whose memory model option makes every ordered access seq_cst
// (the head CAS then releases what its dequeuer learnt): the control for the one above.
struct SeqCstTraits : ::cds::container::msqueue::traits {
  using memory_model = ::cds::opt::v::sequential_consistent;
};
LINEUP_REGISTER(issue186_client<::cds::container::MSQueue<HP, int, SeqCstTraits>>(
    "control/cds-msqueue-issue186-seq-cst",
    "MSQueue<HP, int> with seq_cst ordering: libcds issue 186's client"));

LINEUP_REGISTER(reg::queue<MoirQueue>("cds/moirqueue",
                                      "MoirQueue<HP, int>: MS queue whose dequeue does not "
                                      "read the tail: enqueue, dequeue, empty"));
LINEUP_REGISTER(reg::queue<BasketQueue>("cds/basketqueue",
                                        "BasketQueue<HP, int>: Hoffman/Shalev/Shavit baskets "
                                        "queue: enqueue, dequeue, empty"));
// The same queue with every ordered access seq_cst (its memory model option): an enqueuer's
// read of the tail's next then synchronises with the enqueue that linked it, so its link of
// its own node is ordered after that enqueuer's reset of the node's next (docs/findings.md,
// BasketQueue): the control for cds/basketqueue's lost node in c11 mode.
struct SeqCstBasketTraits : ::cds::container::basket_queue::traits {
  using memory_model = ::cds::opt::v::sequential_consistent;
};
LINEUP_REGISTER(reg::queue<::cds::container::BasketQueue<HP, int, SeqCstBasketTraits>>(
    "control/cds-basketqueue-seq-cst",
    "BasketQueue<HP, int> with seq_cst ordering: enqueue, dequeue, empty"));
LINEUP_REGISTER(reg::queue<OptimisticQueue>("cds/optimisticqueue",
                                            "OptimisticQueue<HP, int>: Ladan-Mozes/Shavit "
                                            "doubly linked queue: enqueue, dequeue, empty"));
LINEUP_REGISTER(reg::queue<RWQueue>("cds/rwqueue",
                                    "RWQueue<int>: Michael & Scott two-lock queue (spin "
                                    "locks): enqueue, dequeue, empty"));

// Vyukov's bounded MPMC ring. In libcds 2.3.3 enqueue refuses only when enqueue position -
// dequeue position == capacity (a full queue; it waits for a dequeuer that has claimed a cell
// but not yet released it) and dequeue reports empty only when the positions are equal (it
// waits for an enqueuer that has claimed a cell but not yet written it), so the queue is
// registered with the unbounded model and a capacity no program reaches: at most 8 threads x
// 8 calls + 8 init calls = 72 pushes.
using VyukovQueue = ::cds::container::VyukovMPMCCycleQueue<int>;
constexpr size_t kVyukovCapacity = 128;
LINEUP_REGISTER(reg::queue<VyukovQueue>("cds/vyukov_mpmc_queue",
                                        "VyukovMPMCCycleQueue<int>(128): bounded MPMC ring "
                                        "(never full here): enqueue, dequeue, empty")
                    .make([] { return new VyukovQueue(kVyukovCapacity); }));

// SegmentedQueue (Afek, Korland, Yanovsky, "Quasi-linearizability", 2010): a list of segments
// of `quasi factor` cells. libcds documents it as unfair, violating FIFO order by at most the
// quasi factor: a dequeue takes any value of the first segment. With quasi factor 2 that is one
// of the two oldest values, since a new segment is only added once every cell of the last one
// is filled, so the first segment always holds the oldest values. A dequeue also reports empty
// as soon as its scan has seen an empty cell of the first segment, although the other cell may
// be emptied, and the empty one filled, before its scan ends; when it saw the empty cell the
// queue held fewer than two values (that segment was the last and not full). The spec is
// therefore quasi_queue_model(): pop returns one of the two oldest values, or empty while fewer
// than two are held. empty() is left out: libcds documents it as not linearizable (it compares
// an item counter that enqueue increments before its value is in place with 0, so it can say
// "not empty" before any value can be dequeued).
//
// A scan's start cell: libcds's default permutation generator draws it from std::rand(),
// hidden global state that would make a schedule replay differently. Here it comes from a
// counter shared by all threads of the queue, a real (hooked) atomic like the shared state of a
// random generator, reset with each queue: which cell a call starts at follows the order in
// which calls draw, and the engine explores both orders of concurrent draws.
std::atomic<unsigned> segment_scan_draws{0};

class DrawnPermutation {
 public:
  using integer_type = int;
  explicit DrawnPermutation(size_t length) : mask_(static_cast<integer_type>(length) - 1) {
    reset();
  }
  operator integer_type() const { return current_ & mask_; }
  bool next() { return (++current_ & mask_) != start_; }
  void reset() {
    current_ = start_ =
        static_cast<integer_type>(segment_scan_draws.fetch_add(1, std::memory_order_relaxed)) &
        mask_;
  }

 private:
  integer_type current_ = 0, start_ = 0;
  integer_type mask_;
};

struct SegmentedQueueTraits : public ::cds::container::segmented_queue::traits {
  using permutation_generator = DrawnPermutation;
};
using SegmentedQueueBase = ::cds::container::SegmentedQueue<HP, int, SegmentedQueueTraits>;
// Quasi factor 2, the least libcds allows (and the window quasi_queue_model checks exactly).
struct SegmentedQueue : SegmentedQueueBase {
  SegmentedQueue() : SegmentedQueueBase(restart_draws(2)) {}
  static size_t restart_draws(size_t quasi_factor) {
    segment_scan_draws.store(0, std::memory_order_relaxed);
    return quasi_factor;
  }
};

LINEUP_REGISTER(reg::push_pop_queue<SegmentedQueue>(
    "cds/segmentedqueue",
    "SegmentedQueue<HP, int>(2): quasi-linearizable queue, FIFO up to 2: enqueue, dequeue",
    reg::quasi_queue_model()));

}  // namespace
