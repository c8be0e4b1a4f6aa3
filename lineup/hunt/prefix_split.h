// A verification split into disjoint parts for --jobs workers. A part is a prefix of the
// schedule (the threads of its first steps): its search explores only executions that start
// with it (prefix_strategy.h), and owns only the classes whose least linearization starts with
// it. The least linearization of a class (at each step, of the steps whose dependent
// predecessors have all run, the one of the lowest thread) is the same for every execution of
// the class, so each class has exactly one owner; and the owner's search reaches the class,
// since the search of a prefix explores every class of the executions that start with it.
// The prefixes are those of one length that are their own least linearization (no other
// prefix owns anything), enough of them to share out.
#pragma once

#include <cstddef>
#include <vector>

#include "engine/engine.h"
#include "engine/trace.h"
#include "specs/structure.h"

namespace lineup::hunt {

using Prefix = std::vector<engine::ThreadId>;

/// The first `length` threads of the least linearization of the execution `steps` (fewer
/// when it has fewer steps).
Prefix owner_prefix(const std::vector<engine::Transition>& steps, size_t length);

/// Whether the execution `steps` is of a class `prefix` owns: owner_prefix(steps,
/// prefix.size()) == prefix, found faster when `steps` starts with `prefix` (as every
/// execution of the part's search does): then it is owned unless at some step k of the
/// prefix a lower thread's next step is independent of every step from k up to it.
bool owns(const std::vector<engine::Transition>& steps, const Prefix& prefix);

/// The parts of `program`'s search: every prefix of one length that is its own least
/// linearization, the shortest length giving at least `at_least` of them (at most
/// `max_length`; a prefix that ends the program is one part, shorter). Run on `engine`.
std::vector<Prefix> split_prefixes(engine::Engine& engine, const specs::Target& target,
                                   const specs::TestProgram& program, size_t at_least,
                                   size_t max_length);

}  // namespace lineup::hunt
