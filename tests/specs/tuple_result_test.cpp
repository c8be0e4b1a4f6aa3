// tuple_result packs two or three small fields into one result and tuple_fields gets them
// back, over the whole documented range of each field; values outside it are refused with a
// message naming the field and its range; plain results are never read as tuples.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <stdexcept>
#include <string>

#include "specs/model.h"
#include "specs/tuple_result.h"

namespace lineup::specs {
namespace {

rc::Gen<int> pair_field() { return rc::gen::inRange(kPairFieldMin, kPairFieldMax + 1); }
rc::Gen<int> triple_field() { return rc::gen::inRange(kTripleFieldMin, kTripleFieldMax + 1); }

RC_GTEST_PROP(TupleResult, PairsRoundTrip, ()) {
  const int a = *pair_field(), b = *pair_field();
  const int packed = tuple_result(a, b);
  RC_ASSERT(tuple_fields(packed) == (TupleFields{2, {a, b, 0}}));
  RC_ASSERT(packed > kPlainResultMax);
}

RC_GTEST_PROP(TupleResult, TriplesRoundTrip, ()) {
  const int a = *triple_field(), b = *triple_field(), c = *triple_field();
  const int packed = tuple_result(a, b, c);
  RC_ASSERT(tuple_fields(packed) == (TupleFields{3, {a, b, c}}));
  RC_ASSERT(packed < kPlainResultMin);
}

RC_GTEST_PROP(TupleResult, PlainResultsAreNoTuples, ()) {
  const int plain = *rc::gen::inRange(kPlainResultMin, kPlainResultMax + 1);
  RC_ASSERT(!tuple_fields(plain).has_value());
}

// Every value of every field, the others at the ends of their range: random draws seldom
// reach the ends themselves.
TEST(TupleResult, EveryFieldValueRoundTrips) {
  for (int v = kPairFieldMin; v <= kPairFieldMax; ++v) {
    for (int other : {kPairFieldMin, -1, 0, kPairFieldMax}) {
      ASSERT_EQ(tuple_fields(tuple_result(v, other)), (TupleFields{2, {v, other, 0}}));
      ASSERT_EQ(tuple_fields(tuple_result(other, v)), (TupleFields{2, {other, v, 0}}));
    }
  }
  for (int v = kTripleFieldMin; v <= kTripleFieldMax; ++v) {
    for (int other : {kTripleFieldMin, -1, 0, kTripleFieldMax}) {
      ASSERT_EQ(tuple_fields(tuple_result(v, other, other)), (TupleFields{3, {v, other, other}}));
      ASSERT_EQ(tuple_fields(tuple_result(other, v, other)), (TupleFields{3, {other, v, other}}));
      ASSERT_EQ(tuple_fields(tuple_result(other, other, v)), (TupleFields{3, {other, other, v}}));
    }
  }
}

TEST(TupleResult, TheDocumentedRanges) {
  EXPECT_EQ(kPairFieldMin, -16384);
  EXPECT_EQ(kPairFieldMax, 16383);
  EXPECT_EQ(kTripleFieldMin, -512);
  EXPECT_EQ(kTripleFieldMax, 511);
  for (int plain : {kPlainResultMin, kEmpty, 0, 1, kPlainResultMax}) {
    EXPECT_FALSE(tuple_fields(plain).has_value()) << plain;
  }
}

std::string refusal(int (*pack)()) {
  try {
    pack();
  } catch (const std::out_of_range& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(TupleResult, OutOfRangeFieldsAreRefusedByName) {
  EXPECT_EQ(refusal([] { return tuple_result(16384, 0); }),
            "lineup::specs::tuple_result: field 1 of a pair is 16384, outside [-16384, 16383]");
  EXPECT_EQ(refusal([] { return tuple_result(0, -16385); }),
            "lineup::specs::tuple_result: field 2 of a pair is -16385, outside [-16384, 16383]");
  EXPECT_EQ(refusal([] { return tuple_result(0, 0, 512); }),
            "lineup::specs::tuple_result: field 3 of a triple is 512, outside [-512, 511]");
  EXPECT_EQ(refusal([] { return tuple_result(-513, 0, 0); }),
            "lineup::specs::tuple_result: field 1 of a triple is -513, outside [-512, 511]");
  EXPECT_EQ(refusal([] { return tuple_result(0, 511, -512); }), "(accepted)");
}

TEST(TupleResult, PrintedAsTuples) {
  EXPECT_EQ(describe_tuple(tuple_result(3, 1)), "(3, 1)");
  EXPECT_EQ(describe_tuple(tuple_result(-1, 0, 511)), "(-1, 0, 511)");
  EXPECT_EQ(describe_tuple(kEmpty), std::nullopt);
  EXPECT_EQ(describe_tuple(7), std::nullopt);
}

}  // namespace
}  // namespace lineup::specs
