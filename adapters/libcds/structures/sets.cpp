// libcds 2.3.3 sets of ints on the Hazard-Pointer GC, ordered by std::less<int> and hashed by
// the key itself, with libcds's default traits except where noted.
#include <cds/container/ellen_bintree_set_hp.h>
#include <cds/container/feldman_hashset_hp.h>
#include <cds/container/iterable_list_hp.h>
#include <cds/container/lazy_list_hp.h>
#include <cds/container/michael_list_hp.h>
#include <cds/container/michael_set.h>
#include <cds/container/split_list_set.h>

#include <cstddef>
#include <functional>

#include "adapters/libcds/cds_structures.h"
#include "adapters/libcds/structures/cds_registration.h"

namespace {

namespace reg = lineup::adapters::cds::registration;
namespace cc = ::cds::container;
using lineup::adapters::cds::HP;
using lineup::adapters::cds::MichaelListSet;
using lineup::adapters::cds::SkipListSet;

// Ordered lists.
LINEUP_REGISTER(reg::set<MichaelListSet>("cds/michael_list",
                                         "MichaelList<HP, int>: Michael's lock-free ordered "
                                         "list: insert, erase, contains"));
// The same list with every ordered access seq_cst (its memory model option): the unlinking
// compare-exchange of an erase or search then releases what the unlinking thread learnt of the
// successor's insert (docs/findings.md, MichaelList): the control for cds/michael_list's
// missing synchronization in c11 mode.
struct SeqCstMichaelListTraits : lineup::adapters::cds::MichaelListTraits {
  using memory_model = ::cds::opt::v::sequential_consistent;
};
LINEUP_REGISTER(reg::set<cc::MichaelList<HP, int, SeqCstMichaelListTraits>>(
    "control/cds-michael-list-seq-cst",
    "MichaelList<HP, int> with seq_cst ordering: insert, erase, contains"));

struct LazyListTraits : public cc::lazy_list::traits {
  using less = std::less<int>;
};
// Per-node spin locks (cds::sync::spin, which names no owner thread under NDEBUG). libcds's
// erase marks the node by pointing it back at the head, and a search that reaches a marked
// link restarts from the head, so searches wait for an erase that has marked its node but not
// yet unlinked it.
using LazyListSet = cc::LazyList<HP, int, LazyListTraits>;
LINEUP_REGISTER(reg::set<LazyListSet>("cds/lazy_list",
                                      "LazyList<HP, int>: Heller et al. lazy list (node spin "
                                      "locks): insert, erase, contains"));

struct IterableListTraits : public cc::iterable_list::traits {
  using less = std::less<int>;
};
using IterableListSet = cc::IterableList<HP, int, IterableListTraits>;
LINEUP_REGISTER(reg::set<IterableListSet>("cds/iterable_list",
                                          "IterableList<HP, int>: lock-free list with "
                                          "thread-safe iterators: insert, erase, contains"));

LINEUP_REGISTER(reg::set<SkipListSet>("cds/skiplist_set",
                                      "SkipListSet<HP, int>: lock-free skip list (max height "
                                      "5, fixed-seed levels): insert, erase, contains"));

// Hash sets. The keys' own values as hashes keep bucket placement predictable.
struct IdentityHash {
  size_t operator()(int key) const { return static_cast<size_t>(key); }
};

struct MichaelHashSetTraits : public cc::michael_set::traits {
  using hash = IdentityHash;
};
// 4 items at load factor 2: two buckets, so keys 1 and 3 share one and 2 has the other.
struct MichaelHashSet : cc::MichaelHashSet<HP, MichaelListSet, MichaelHashSetTraits> {
  MichaelHashSet() : cc::MichaelHashSet<HP, MichaelListSet, MichaelHashSetTraits>(4, 2) {}
};
LINEUP_REGISTER(reg::set<MichaelHashSet>("cds/michael_hash_set",
                                         "MichaelHashSet<HP, MichaelList<HP, int>> (2 "
                                         "buckets): insert, erase, contains"));

struct SplitListTraits : public cc::split_list::traits {
  using ordered_list = cc::michael_list_tag;
  using hash = IdentityHash;
  struct ordered_list_traits : public cc::michael_list::traits {
    using less = std::less<int>;
  };
};
using SplitListSet = cc::SplitListSet<HP, int, SplitListTraits>;
// Load factor 1 and room for 4 buckets; the list starts with 2, so the third item grows it to
// 4, and each bucket is initialized (its dummy node inserted, after its parent's) by the first
// call that maps to it: with keys 1-3, key 3 moves from bucket 1 to bucket 3.
LINEUP_REGISTER(reg::set<SplitListSet>("cds/split_list_set",
                                       "SplitListSet<HP, int> over MichaelList (Shalev/Shavit "
                                       "split-ordered list, 2 -> 4 buckets): insert, erase, "
                                       "contains")
                    .make([] { return new SplitListSet(4, 1); }));

// The whole key is the hash (compared bitwise). The first level has 16 slots (4 bits, the
// least libcds allows) and keys 1, 17 and 33 agree in those bits, so inserting a second one
// turns that slot into an array node: the set's expansion path, not only its head array.
struct FeldmanHashSetTraits : public cc::feldman_hashset::traits {
  struct hash_accessor {
    const int& operator()(const int& key) const { return key; }
  };
};
using FeldmanHashSet = cc::FeldmanHashSet<HP, int, FeldmanHashSetTraits>;
LINEUP_REGISTER(reg::set<FeldmanHashSet>("cds/feldman_hash_set",
                                         "FeldmanHashSet<HP, int> (4-bit levels, keys 1 17 33 "
                                         "share the first): insert, erase, contains")
                    .make([] { return new FeldmanHashSet(4, 4); })
                    .arguments({1, 17, 33}));

// Leaf-oriented binary search tree; the key of a leaf is its value.
struct EllenBinTreeTraits : public cc::ellen_bintree::traits {
  struct key_extractor {
    void operator()(int& key, const int& value) const { key = value; }
  };
  using less = std::less<int>;
};
using EllenBinTreeSet = cc::EllenBinTreeSet<HP, int, int, EllenBinTreeTraits>;
LINEUP_REGISTER(reg::set<EllenBinTreeSet>("cds/ellen_bintree_set",
                                          "EllenBinTreeSet<HP, int>: Ellen et al. "
                                          "non-blocking binary search tree: insert, erase, "
                                          "contains"));

}  // namespace
