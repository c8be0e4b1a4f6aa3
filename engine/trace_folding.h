// Loops in a trace, folded for the reader: a thread that spins or copies the same way for
// thousands of rounds makes a trace of as many lines, and the one thing the reader needs is
// which loop it is and how long it ran. A stretch in which one thread repeats the same round
// of steps (each step the same kind of access to the same place from the same instruction) is
// printed as its first round, one line naming the loop with its count, and its last round.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "engine/trace.h"
#include "engine/transition.h"

namespace lineup::engine {

/// A stretch of `rounds` repetitions of `period` steps of one thread, from step `first`.
struct FoldedLoop {
  size_t first = 0;
  size_t period = 0;
  size_t rounds = 0;
  size_t end() const { return first + period * rounds; }
};

/// The loops of `steps` worth folding, in step order and disjoint: runs of at least
/// `min_rounds` rounds of a period of 1 to 8 steps of one thread, each step matching the step a
/// period before it in kind, address, size and instruction, none of the steps that would be
/// hidden (all but the first and last round) `shown[i]` (a call boundary or a note, which a
/// trace always prints). At each step the period covering most steps wins, the shorter on ties.
std::vector<FoldedLoop> loops_to_fold(const std::vector<Transition>& steps,
                                      const std::vector<bool>& shown, size_t min_rounds = 4);

/// The loops of `trace` to fold when trace_folding() is on (none when off): loops_to_fold with
/// the steps a call begins or ends at and those with a weak-memory note always shown.
std::vector<FoldedLoop> loops_to_fold(const Trace& trace);

/// "steps 12-1011: T0 repeats queue.cpp:40 pop, queue.cpp:41 pop (2 steps a round, 502
/// rounds; first and last round shown)": the line that stands for `loop`'s hidden rounds of
/// `steps` (places as Symbolizer::describe names them), without indentation or newline.
std::string describe_loop(const FoldedLoop& loop, const std::vector<Transition>& steps);

/// Walks `count` steps as a folded trace shows them: `on_step(i)` for each step shown, in
/// order, and `on_loop(loop)` right after the first round of each of `loops` (as
/// loops_to_fold gives them), for the line that stands for its hidden rounds; the walk goes on
/// at the loop's last round. Text, web page and SARIF show the same steps through it.
template <class OnStep, class OnLoop>
void walk_folded(size_t count, const std::vector<FoldedLoop>& loops, OnStep on_step,
                 OnLoop on_loop) {
  size_t next = 0;
  for (size_t i = 0; i < count; ++i) {
    on_step(i);
    if (next < loops.size() && i + 1 == loops[next].first + loops[next].period) {
      const FoldedLoop& loop = loops[next++];
      on_loop(loop);
      i = loop.end() - loop.period - 1;
    }
  }
}

/// Whether format_trace folds loops (on by default; `--full-trace` turns it off for the
/// process, worker processes included).
bool trace_folding();
void set_trace_folding(bool on);

}  // namespace lineup::engine
