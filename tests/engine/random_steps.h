// A RapidCheck generator of steps for the happens-before and class-fingerprint properties.
#pragma once

#include <rapidcheck.h>

#include <cstdint>
#include <tuple>

#include "engine/transition.h"

namespace lineup::engine {

/// A step of one of `threads` threads on one of six 2-byte-spaced addresses, of 1 to 24
/// bytes (granules shared, split and spanned), of every kind dependency treats differently.
inline rc::Gen<Transition> spread_step(int threads) {
  return rc::gen::map(
      rc::gen::tuple(rc::gen::inRange(0, threads), rc::gen::inRange(0, 5), rc::gen::inRange(0, 6),
                     rc::gen::element<uint32_t>(1, 2, 4, 8, 16, 24)),
      [](const std::tuple<int, int, int, uint32_t>& s) {
        static constexpr Kind kKinds[] = {Kind::kRead, Kind::kWrite, Kind::kRmw, Kind::kFence,
                                          Kind::kAwait};
        Transition t = Transition::pending(kKinds[std::get<1>(s)],
                                           0x1000 + 2 * static_cast<uintptr_t>(std::get<2>(s)),
                                           std::get<3>(s), 0);
        t.thread = std::get<0>(s);
        return t;
      });
}

}  // namespace lineup::engine
