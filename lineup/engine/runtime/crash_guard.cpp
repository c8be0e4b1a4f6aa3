#include "lineup/engine/runtime/crash_guard.h"

#include <signal.h>
#include <ucontext.h>

#include <cstdint>
#include <cstdlib>

#include "lineup/engine/execution.h"
#include "lineup/engine/runtime/modes.h"

namespace lineup::engine {
namespace {

constexpr int kSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP};
struct sigaction previous[sizeof(kSignals) / sizeof(kSignals[0])];

void handler(int sig, siginfo_t* info, void* uctx) {
  Execution* e = tl_execution;
  if (e != nullptr && (tl_active != nullptr || tl_heap_on || tl_probe_pc != 0)) {
    auto* uc = static_cast<ucontext_t*>(uctx);
    // +1: the engine symbolises return addresses (pc - 1); this is the faulting instruction.
    auto pc = static_cast<uintptr_t>(uc->uc_mcontext.gregs[REG_RIP]) + 1;
    e->on_signal(sig, reinterpret_cast<uintptr_t>(info->si_addr), tl_probe_pc ? tl_probe_pc : pc);
  }
  // Not controlled code: restore the previous disposition and let the signal take effect.
  for (size_t i = 0; i < sizeof(kSignals) / sizeof(kSignals[0]); ++i) {
    if (kSignals[i] == sig) sigaction(sig, &previous[i], nullptr);
  }
  if (sig == SIGABRT) raise(sig);
}

void install_handlers() {
  struct sigaction sa = {};
  sa.sa_sigaction = handler;
  // SA_NODEFER: the handler leaves by longjmp, so the signal must not stay blocked.
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
  sigemptyset(&sa.sa_mask);
  for (size_t i = 0; i < sizeof(kSignals) / sizeof(kSignals[0]); ++i) {
    sigaction(kSignals[i], &sa, &previous[i]);
  }
}

}  // namespace

CrashGuard::CrashGuard() {
  static bool installed = (install_handlers(), true);
  (void)installed;
  thread_local bool stack_ready = false;
  if (!stack_ready) {
    stack_t ss = {};
    ss.ss_size = 64 * 1024;
    ss.ss_sp = std::malloc(ss.ss_size);  // engine mode: glibc heap, kept for the thread's life
    sigaltstack(&ss, nullptr);
    stack_ready = true;
  }
}

}  // namespace lineup::engine
