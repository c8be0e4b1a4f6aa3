#include "engine/diagnostics/call_site.h"

#include <unwind.h>

#include "engine/diagnostics/symbolizer.h"

namespace lineup::engine {
namespace {

_Unwind_Reason_Code visit(struct _Unwind_Context* context, void* data) {
  auto* chain = static_cast<CallerChain*>(data);
  if (chain->count == CallerChain::kMaxFrames) return _URC_END_OF_STACK;
  const auto pc = static_cast<uintptr_t>(_Unwind_GetIP(context));
  if (pc == 0) return _URC_END_OF_STACK;
  chain->pcs[chain->count++] = pc;
  return _URC_NO_REASON;
}

}  // namespace

void capture_callers(CallerChain& chain) {
  chain.count = 0;
  _Unwind_Backtrace(visit, &chain);
}

uintptr_t call_site(uintptr_t pc, const CallerChain& chain) {
  // The frames below `pc` are the runtime's own (a replaced function, a signal handler). The
  // unwinder gives an interrupted frame its exact pc, which signal handlers report plus one
  // (as a return address, crash_guard.cpp).
  int at = 0;
  while (at < chain.count && chain.pcs[at] != pc && chain.pcs[at] + 1 != pc) ++at;
  for (int i = at; i < chain.count; ++i) {
    if (symbolizer().has_own_source(chain.pcs[i])) return chain.pcs[i];
  }
  return pc;
}

uintptr_t call_site(uintptr_t caller) {
  CallerChain chain;
  capture_callers(chain);
  return call_site(caller, chain);
}

std::string describe_call_site(uintptr_t pc, uintptr_t site) {
  Symbolizer& s = symbolizer();
  if (site != 0 && site != pc) return s.describe(site) + ", in " + s.describe(pc);
  // Library code inlined into the structure's (a condition variable's wait template): the
  // structure's frame, as describe() chooses it, then the library's innermost one.
  std::string own = s.describe(pc), innermost = s.describe_innermost(pc);
  if (innermost.empty() || own == innermost) return own;
  return own + ", in " + innermost;
}

}  // namespace lineup::engine
