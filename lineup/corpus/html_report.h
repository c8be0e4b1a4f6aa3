// A counterexample as a standalone web page: the program, the verdict, and the execution as a
// timeline with one lane per thread, each call a bar from its first step to its last, and
// every step with what it did and its file:line. No external resources.
#pragma once

#include <string>

#include "lineup/corpus/counterexample.h"

namespace lineup::corpus {

/// Replays `c` and renders the page. Throws CounterexampleError when the structure is not
/// registered.
std::string html_report(const Counterexample& c);

}  // namespace lineup::corpus
