#include "engine/memory/heap.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

namespace lineup::engine {
namespace {

TEST(Heap, ResetMakesAllocationAddressesRepeat) {
  Heap& heap = Heap::instance();
  heap.reset();
  void* a = heap.allocate(24);
  void* b = heap.allocate(100);
  heap.reset();
  EXPECT_EQ(heap.allocate(24), a);
  EXPECT_EQ(heap.allocate(100), b);
  heap.reset();
}

TEST(Heap, FreedBlocksAreDetectedAndReusedLastInFirstOut) {
  Heap& heap = Heap::instance();
  heap.reset();
  auto* a = static_cast<char*>(heap.allocate(32));
  auto* b = static_cast<char*>(heap.allocate(32));
  EXPECT_FALSE(heap.touches_freed(reinterpret_cast<uintptr_t>(a), 8));
  EXPECT_EQ(heap.deallocate(a, 1, 7), Heap::FreeResult::kOk);
  EXPECT_TRUE(heap.touches_freed(reinterpret_cast<uintptr_t>(a) + 24, 8));
  EXPECT_FALSE(heap.touches_freed(reinterpret_cast<uintptr_t>(b), 32));
  BlockInfo info = heap.block_at(reinterpret_cast<uintptr_t>(a) + 17);
  EXPECT_EQ(info.start, reinterpret_cast<uintptr_t>(a));
  EXPECT_TRUE(info.freed);
  EXPECT_EQ(info.freed_by, 1);
  EXPECT_EQ(info.free_step, 7u);
  EXPECT_EQ(info.ordinal, 1u);
  EXPECT_EQ(heap.deallocate(a, 1, 8), Heap::FreeResult::kDoubleFree);
  EXPECT_EQ(heap.deallocate(a + 16, 1, 8), Heap::FreeResult::kInvalid);
  EXPECT_EQ(heap.allocate(30), a);  // same size class, reused
  EXPECT_FALSE(heap.touches_freed(reinterpret_cast<uintptr_t>(a), 30));
  heap.reset();
}

RC_GTEST_PROP(Heap, LiveBlocksNeverOverlapAndKeepTheirSize, ()) {
  Heap& heap = Heap::instance();
  heap.reset();
  auto ops = *rc::gen::container<std::vector<std::pair<bool, int>>>(
      rc::gen::pair(rc::gen::arbitrary<bool>(), rc::gen::inRange(0, 300)));
  std::vector<std::pair<char*, size_t>> live;
  for (auto [alloc, n] : ops) {
    if (alloc || live.empty()) {
      auto* p = static_cast<char*>(heap.allocate(static_cast<size_t>(n)));
      RC_ASSERT(p != nullptr);
      RC_ASSERT(reinterpret_cast<uintptr_t>(p) % 16 == 0);
      for (auto& [q, m] : live) RC_ASSERT(p + n <= q || q + m <= p || n == 0 || m == 0);
      live.emplace_back(p, static_cast<size_t>(n));
    } else {
      size_t i = static_cast<size_t>(n) % live.size();
      RC_ASSERT(heap.usable_size(live[i].first) == live[i].second);
      RC_ASSERT(heap.deallocate(live[i].first, 0, 0) == Heap::FreeResult::kOk);
      live.erase(live.begin() + static_cast<long>(i));
    }
  }
  heap.reset();
}

}  // namespace
}  // namespace lineup::engine
