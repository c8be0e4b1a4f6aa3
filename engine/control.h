// Hooks that code under test may call to help the engine (include from instrumented code).
// Outside a controlled execution they fall back to the obvious behaviour.
#pragma once

#include <type_traits>

extern "C" {
/// Blocks the calling logical thread until `pred(arg)` returns true; the scheduler evaluates
/// the predicate, so the thread is simply not runnable meanwhile (no spinning).
/// `pred` must only read memory. Outside controlled executions it spins on `pred`.
void lineup_block_until(bool (*pred)(void*), void* arg);
/// The logical thread running the caller (0 for the first), or -1 outside one: in an
/// execution's setup and teardown, and outside executions. Reads the engine's own state, so
/// it is no step and adds nothing to the trace.
int lineup_logical_thread(void);
}

namespace lineup {

/// C++ convenience over lineup_block_until for any callable returning bool.
template <class Pred>
void block_until(Pred&& pred) {
  using P = std::remove_reference_t<Pred>;
  lineup_block_until([](void* a) { return static_cast<bool>((*static_cast<P*>(a))()); },
                     const_cast<void*>(static_cast<const void*>(&pred)));
}

}  // namespace lineup
