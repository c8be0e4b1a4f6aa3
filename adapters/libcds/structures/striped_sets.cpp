// libcds 2.3.3 lock-based hash sets of ints: the striped set (a bucket table of std::list, each
// bucket guarded by one of an array of locks) and the cuckoo set (two tables, two hash
// functions, a lock array per table). Both resize under all their locks. No GC.
//
// The refinable policy (Herlihy & Shavit, "The Art of Multiprocessor Programming" 13.2.3) lets
// a resizing thread mark itself owner of the whole table, and every lock acquisition waits
// while another thread is owner: the owner is the thread's id (pthread_self), which the
// engine keeps distinct per logical thread.

// cuckoo_set.h calls memcpy without including its header.
#include <string.h>

#include <cds/container/cuckoo_set.h>
#include <cds/container/striped_set.h>
#include <cds/container/striped_set/std_list.h>

#include <cstddef>
#include <functional>
#include <list>

#include "adapters/libcds/structures/cds_registration.h"
#include "specs/seen_calls.h"

namespace {

// The refinable set's destructor releases its lock array's std::shared_ptr through the
// hunter's uninstrumented copy of the count's release, after every thread's calls.
LINEUP_SEEN_CALL("std::_Sp_counted_base<(__gnu_cxx::_Lock_policy)2>::_M_release",
                 "the refinable set's destructor releases its lock array after every call");

namespace reg = lineup::adapters::cds::registration;
namespace cc = ::cds::container;

struct IdentityHash {
  size_t operator()(int key) const { return static_cast<size_t>(key); }
};

// Two buckets (and two locks) at load factor 1: the third key in the set doubles the table.
using StripedResizing = ::cds::opt::resizing_policy<cc::striped_set::load_factor_resizing<1>>;

using StripedSetBase = cc::StripedSet<std::list<int>, ::cds::opt::hash<IdentityHash>,
                                      ::cds::opt::less<std::less<int>>, StripedResizing>;
struct StripedSet : StripedSetBase {
  StripedSet() : StripedSetBase(2) {}
};
LINEUP_REGISTER(reg::set<StripedSet>("cds/striped_set",
                                     "StripedSet<std::list<int>> (lock striping, std::mutex, 2 "
                                     "-> 4 buckets): insert, erase, contains"));

using RefinableSetBase = cc::StripedSet<
    std::list<int>, ::cds::opt::mutex_policy<cc::striped_set::refinable<std::recursive_mutex>>,
    ::cds::opt::hash<IdentityHash>, ::cds::opt::less<std::less<int>>, StripedResizing>;
struct RefinableSet : RefinableSetBase {
  RefinableSet() : RefinableSetBase(2) {}
};
LINEUP_REGISTER(reg::set<RefinableSet>("cds/refinable_set",
                                       "StripedSet<std::list<int>> (refinable locks with an "
                                       "owner thread, 2 -> 4 buckets): insert, erase, contains"));

// The first hash sends every key of 1-3 to slot 0 of the first table, so the second key
// there goes past the probe-set threshold and the set relocates or resizes.
struct FirstHash {
  size_t operator()(int key) const { return static_cast<size_t>(key) / 4; }
};
struct SecondHash {
  size_t operator()(int key) const { return static_cast<size_t>(key); }
};
struct CuckooTraits : public cc::cuckoo::traits {
  using hash = ::cds::opt::hash_tuple<FirstHash, SecondHash>;
  using equal_to = std::equal_to<int>;
};
using CuckooSet = cc::CuckooSet<int, CuckooTraits>;
// 4 slots per table; probe sets are lists of up to 2 items, relocated past 1.
LINEUP_REGISTER(reg::set<CuckooSet>("cds/cuckoo_set",
                                    "CuckooSet<int> (2 tables of 4, striped recursive locks, "
                                    "keys 1-3 collide in the first): insert, erase, contains")
                    .make([] { return new CuckooSet(4, 2, 1); }));

}  // namespace
