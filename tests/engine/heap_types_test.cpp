// Heap blocks in traces are named by the type the debug information gives them and accesses
// by field (heap_types.h), where the code around the allocation says the type; elsewhere by
// number and offset.
#include "engine/diagnostics/heap_types.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/engine.h"
#include "engine/trace_printer.h"
#include "fixtures/fixtures.h"
#include "test_runs.h"

namespace lineup::engine {
namespace {

class HeapTypesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ExecutionResult r = testing::run_non_preemptive(engine_, program_);
    ASSERT_EQ(r.outcome, Outcome::kCompleted) << r.message;
    trace_ = format_trace(r, program_, engine_);
  }
  Engine engine_;
  Program program_ = fixtures::typed_blocks();
  std::string trace_;
};

// `new Link(1)`: the constructor inlined at the allocation's line says the block is a Link.
// The value stored, a pointer to the array's start, names the block, not its first field.
TEST_F(HeapTypesTest, AConstructedBlockIsNamedByItsClassAndAccessesByField) {
  EXPECT_NE(trace_.find("Link#1@typed_blocks.cpp:47 .value (4) := 1 "), std::string::npos)
      << trace_;
  EXPECT_NE(trace_.find("store          Link#1@typed_blocks.cpp:47 .next (8) := "
                        "Link#2@typed_blocks.cpp:48 "),
            std::string::npos)
      << trace_;
}

// std::allocator<Link>::allocate(2) holds two Links: the second one's `next`.
TEST_F(HeapTypesTest, AnAllocatorsBlockIsAnArrayOfItsElementType) {
  EXPECT_NE(trace_.find("store          Link#2@typed_blocks.cpp:48 [1].next (8) := "
                        "Link#1@typed_blocks.cpp:47 "),
            std::string::npos)
      << trace_;
}

TEST_F(HeapTypesTest, AFieldOfANestedStructIsNamedThroughIt) {
  EXPECT_NE(trace_.find("store          Counter#3@typed_blocks.cpp:49 .waiters.limit (4) := 3 "),
            std::string::npos)
      << trace_;
  EXPECT_NE(trace_.find("Counter#3@typed_blocks.cpp:49 .total (8) := 0 "), std::string::npos)
      << trace_;
}

// A pointer to a member names the member it points to, not that member's first field.
TEST_F(HeapTypesTest, APointerIntoABlockNamesTheMemberItPointsTo) {
  EXPECT_NE(trace_.find("Counter#3@typed_blocks.cpp:49 .last (8) := "
                        "Counter#3@typed_blocks.cpp:49 .waiters "),
            std::string::npos)
      << trace_;
}

// `new Pair{...}` runs no constructor: nothing in the debug information types the block, so it
// keeps its number and offsets.
TEST_F(HeapTypesTest, AnAggregateWithoutConstructorKeepsItsOffset) {
  EXPECT_NE(trace_.find("store          heap#4@typed_blocks.cpp:50+4 (4) := 4 "), std::string::npos)
      << trace_;
  EXPECT_NE(trace_.find("write          heap#4@typed_blocks.cpp:50 (4) := 1 "), std::string::npos)
      << trace_;
}

// Sites outside any module's debug information have no type.
TEST(HeapTypes, AnUnknownSiteHasNoType) {
  EXPECT_EQ(heap_types().type_name(0, 16), "");
  EXPECT_EQ(heap_types().field(0, 16, 8), "");
  int on_the_stack = 0;
  EXPECT_EQ(heap_types().type_name(reinterpret_cast<uintptr_t>(&on_the_stack), 16), "");
}

}  // namespace
}  // namespace lineup::engine
