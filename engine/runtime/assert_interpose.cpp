// Replaces glibc's assert() failure handler for controlled code. A failed assertion in a
// structure under test aborts the execution (a crash the hunt reports); glibc would print its
// text on stderr, once per execution that fails it, far from the report. In controlled code
// the text is kept by the execution and shown in the crash's message instead.
#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "engine/execution.h"
#include "engine/modes.h"
#include "engine/runtime/real_function.h"

using lineup::engine::EngineSection;
using lineup::engine::Execution;
using lineup::engine::tl_execution;
using lineup::engine::tl_heap_on;

namespace {

Execution* controlled() { return tl_heap_on ? tl_execution : nullptr; }

std::string base_name(const char* file) {
  std::string f = file != nullptr ? file : "?";
  return f.substr(f.rfind('/') + 1);
}

}  // namespace

extern "C" {

void __assert_fail(const char* assertion, const char* file, unsigned int line,
                   const char* function) noexcept {
  if (Execution* e = controlled()) {
    {
      EngineSection engine;
      e->note_assertion("assertion `" + std::string(assertion) + "' failed in " +
                        (function != nullptr ? function : "?") + ", " + base_name(file) + ":" +
                        std::to_string(line));
    }
    std::abort();
  }
  LINEUP_REAL_FUNCTION(__assert_fail)(assertion, file, line, function);
  std::abort();  // not reached: glibc's handler aborts
}

void __assert_perror_fail(int errnum, const char* file, unsigned int line,
                          const char* function) noexcept {
  if (Execution* e = controlled()) {
    {
      EngineSection engine;
      e->note_assertion("assertion failed with error " + std::to_string(errnum) + " in " +
                        (function != nullptr ? function : "?") + ", " + base_name(file) + ":" +
                        std::to_string(line));
    }
    std::abort();
  }
  LINEUP_REAL_FUNCTION(__assert_perror_fail)(errnum, file, line, function);
  std::abort();
}

}  // extern "C"
