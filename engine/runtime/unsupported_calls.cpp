#include "engine/runtime/unsupported_calls.h"

#include <cstdio>
#include <cstring>

namespace lineup::engine {
namespace {

const char* why(Unsupported family) {
  switch (family) {
    case Unsupported::kThread:
      return ": lineup runs each logical thread as a fiber on one OS thread, and cannot "
             "schedule the OS threads the code under test starts, see their memory accesses "
             "or stop them between executions; make the work such a thread does an operation "
             "of the structure, which the hunt's programs run on logical threads of their own";
    case Unsupported::kProcess:
      return ": lineup cannot control another process (its steps are not scheduled, and it "
             "outlives the execution, which the hunt repeats thousands of times); keep process "
             "creation out of the operations under test";
    case Unsupported::kIo:
      return ": lineup cannot undo what a file or socket keeps between executions, and the "
             "hunt repeats the operations thousands of times; keep file and network I/O out of "
             "the operations under test (writing to stdout and stderr is allowed)";
  }
  return "";
}

}  // namespace

void refuse(Execution& e, Unsupported family, std::string_view call, uintptr_t caller) {
  e.abort_at_call(Outcome::kUnsupportedCall, call, caller, why(family));
}

const char* quoted(const char* text, char* out, size_t size) {
  constexpr size_t kShown = 60;
  if (text == nullptr) {
    std::snprintf(out, size, "NULL");
  } else if (std::strlen(text) > kShown) {
    std::snprintf(out, size, "\"%.*s...\"", static_cast<int>(kShown), text);
  } else {
    std::snprintf(out, size, "\"%s\"", text);
  }
  return out;
}

void refuse_on(Execution& e, Unsupported family, const char* function, const char* text,
               uintptr_t caller, const char* rest) {
  char shown[80];
  char call[128];
  std::snprintf(call, sizeof call, "%s(%s%s)", function, quoted(text, shown, sizeof shown), rest);
  refuse(e, family, call, caller);
}

}  // namespace lineup::engine
