// The size of generated test programs. Apart from generator/programs.h so that what only
// names a shape (hunt options) does not include RapidCheck.
#pragma once

namespace lineup::generator {

/// The size of generated programs.
struct Shape {
  int threads = 3;  // at most; fewer when the target's roles allow fewer
  int calls = 3;    // per thread, exactly
  int init = 0;     // a sequential prefix of 0..init calls before the threads start
};

}  // namespace lineup::generator
