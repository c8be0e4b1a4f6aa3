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

// Keeps "<what()> in <function>, <file>:<line>" for the crash's message and aborts. The text
// is made in an engine section (glibc's heap, not the execution's), which ends before the
// abort: the crash guard takes the signal as controlled code's.
template <class What>
[[noreturn]] void abort_with(Execution* e, What what, const char* file, unsigned int line,
                             const char* function) {
  {
    EngineSection engine;
    std::string f = file != nullptr ? file : "?";
    e->note_assertion(what() + " in " + (function != nullptr ? function : "?") + ", " +
                      f.substr(f.rfind('/') + 1) + ":" + std::to_string(line));
  }
  std::abort();
}

}  // namespace

extern "C" {

void __assert_fail(const char* assertion, const char* file, unsigned int line,
                   const char* function) noexcept {
  if (Execution* e = controlled()) {
    abort_with(
        e, [&] { return "assertion `" + std::string(assertion) + "' failed"; }, file, line,
        function);
  }
  LINEUP_REAL_FUNCTION(__assert_fail)(assertion, file, line, function);
  std::abort();  // not reached: glibc's handler aborts
}

void __assert_perror_fail(int errnum, const char* file, unsigned int line,
                          const char* function) noexcept {
  if (Execution* e = controlled()) {
    abort_with(
        e, [&] { return "assertion failed with error " + std::to_string(errnum); }, file, line,
        function);
  }
  LINEUP_REAL_FUNCTION(__assert_perror_fail)(errnum, file, line, function);
  std::abort();
}

}  // extern "C"
