// Results that are a small tuple: an operation whose outcome is more than one number (a value
// and a count, a value and whether the call helped) packs its fields into the one int every
// result is, and reports print it back as "(3, 1)" when its model declares the operation
// returns_tuple (specs/lambda_model.h).
//
// The packed int says how many fields it holds, so it is never mistaken for a plain result:
// a pair takes the ints from 2^30 up, a triple those below -2^30, and a plain result (kEmpty,
// 0, 1, a value) must lie in [-2^30, 2^30). Each field is a signed number of a fixed width:
//   pair:   each field in [kPairFieldMin, kPairFieldMax] = [-16384, 16383]  (15 bits)
//   triple: each field in [kTripleFieldMin, kTripleFieldMax] = [-512, 511] (10 bits)
// Header-only: operations compiled with lineup's instrumentation call it; packing a result
// touches no memory, so it adds no steps.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace lineup::specs {

inline constexpr int kPairFieldMin = -(1 << 14);
inline constexpr int kPairFieldMax = (1 << 14) - 1;
inline constexpr int kTripleFieldMin = -(1 << 9);
inline constexpr int kTripleFieldMax = (1 << 9) - 1;
/// Plain (untupled) results lie in [kPlainResultMin, kPlainResultMax].
inline constexpr int kPlainResultMin = -(1 << 30);
inline constexpr int kPlainResultMax = (1 << 30) - 1;

namespace tuple_detail {

inline constexpr uint32_t kPairTag = 1u << 30;
inline constexpr uint32_t kTripleTag = 2u << 30;

// `value` as a field of `bits` bits (two's complement); throws std::out_of_range naming the
// field when it does not fit.
inline uint32_t field(int value, int bits, int position, const char* tuple) {
  const int low = -(1 << (bits - 1));
  const int high = (1 << (bits - 1)) - 1;
  if (value < low || value > high) {
    throw std::out_of_range("lineup::specs::tuple_result: field " + std::to_string(position) +
                            " of a " + tuple + " is " + std::to_string(value) + ", outside [" +
                            std::to_string(low) + ", " + std::to_string(high) + "]");
  }
  return static_cast<uint32_t>(value) & ((1u << bits) - 1);
}

// The signed number in the `bits` bits of `packed` from bit `shift` up.
constexpr int unfield(uint32_t packed, int shift, int bits) {
  const auto raw = static_cast<int>((packed >> shift) & ((1u << bits) - 1));
  return raw >= (1 << (bits - 1)) ? raw - (1 << bits) : raw;
}

}  // namespace tuple_detail

/// The result (a, b), each in [kPairFieldMin, kPairFieldMax]; throws std::out_of_range naming
/// the field and its range otherwise (in an operation, the execution ends with that message).
inline int tuple_result(int a, int b) {
  using namespace tuple_detail;
  return static_cast<int>(kPairTag | field(a, 15, 1, "pair") << 15 | field(b, 15, 2, "pair"));
}

/// The result (a, b, c), each in [kTripleFieldMin, kTripleFieldMax]; throws std::out_of_range
/// naming the field and its range otherwise.
inline int tuple_result(int a, int b, int c) {
  using namespace tuple_detail;
  return static_cast<int>(kTripleTag | field(a, 10, 1, "triple") << 20 |
                          field(b, 10, 2, "triple") << 10 | field(c, 10, 3, "triple"));
}

/// The fields of a tuple result: `size` (2 or 3) of `fields`, the rest 0.
struct TupleFields {
  int size = 0;
  std::array<int, 3> fields{};
  bool operator==(const TupleFields&) const = default;
};

/// The fields of `result` when tuple_result made it; nullopt for a plain result.
constexpr std::optional<TupleFields> tuple_fields(int result) {
  using namespace tuple_detail;
  const auto packed = static_cast<uint32_t>(result);
  switch (packed >> 30) {
    case kPairTag >> 30:
      return TupleFields{2, {unfield(packed, 15, 15), unfield(packed, 0, 15), 0}};
    case kTripleTag >> 30:
      return TupleFields{
          3, {unfield(packed, 20, 10), unfield(packed, 10, 10), unfield(packed, 0, 10)}};
    default:
      return std::nullopt;
  }
}

/// "(3, 1)" for a tuple result; nullopt for a plain one.
inline std::optional<std::string> describe_tuple(int result) {
  const std::optional<TupleFields> t = tuple_fields(result);
  if (!t) return std::nullopt;
  std::string s = "(";
  for (int i = 0; i < t->size; ++i) {
    s += (i ? ", " : "") + std::to_string(t->fields[static_cast<size_t>(i)]);
  }
  return s + ")";
}

}  // namespace lineup::specs
