#include "engine/diagnostics/call_site.h"

#include <unwind.h>

#include "engine/diagnostics/symbolizer.h"

namespace lineup::engine {
namespace {

// Frames looked at, at most: the library frames between a replaced function and the code
// that called the library are a handful.
constexpr int kMaxFrames = 32;

struct Walk {
  uintptr_t caller;
  bool seen_caller = false;  // frames below `caller` (the runtime's own) are skipped
  int frames = 0;
  uintptr_t found = 0;
};

_Unwind_Reason_Code visit(struct _Unwind_Context* context, void* data) {
  auto* walk = static_cast<Walk*>(data);
  const auto pc = static_cast<uintptr_t>(_Unwind_GetIP(context));
  if (pc == 0 || ++walk->frames > kMaxFrames) return _URC_END_OF_STACK;
  if (!walk->seen_caller) {
    if (pc != walk->caller) return _URC_NO_REASON;
    walk->seen_caller = true;
  }
  if (symbolizer().has_own_source(pc)) {
    walk->found = pc;
    return _URC_END_OF_STACK;
  }
  return _URC_NO_REASON;
}

}  // namespace

uintptr_t call_site(uintptr_t caller) {
  Walk walk{caller};
  _Unwind_Backtrace(visit, &walk);
  return walk.found != 0 ? walk.found : caller;
}

}  // namespace lineup::engine
