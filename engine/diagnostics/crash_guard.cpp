#include "engine/diagnostics/crash_guard.h"

#include <pthread.h>
#include <signal.h>
#include <sys/syscall.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#include <cerrno>

#include <cstdint>
#include <cstdlib>

#include "engine/modes.h"

namespace lineup::engine {
namespace {

constexpr int kSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP};
struct sigaction previous[sizeof(kSignals) / sizeof(kSignals[0])];
// Every guard hands signals to the same functions; the thread-local state of modes.h tells
// them which execution is running.
FaultHandlers handlers;

void handler(int sig, siginfo_t* info, void* uctx) {
  if (tl_execution != nullptr && (tl_active != nullptr || tl_heap_on || tl_probe_pc != 0)) {
    auto* uc = static_cast<ucontext_t*>(uctx);
    // +1: the engine symbolises return addresses (pc - 1); this is the faulting instruction.
    auto pc = static_cast<uintptr_t>(uc->uc_mcontext.gregs[REG_RIP]) + 1;
    // si_code <= 0: sent by a process (kill, raise, sigqueue), whose si_addr is no fault
    // address but the sender's pid and uid.
    handlers.fault(sig, reinterpret_cast<uintptr_t>(info->si_addr), tl_probe_pc ? tl_probe_pc : pc,
                   info->si_code <= 0);
  }
  // Not controlled code: restore the previous disposition and let the signal take effect.
  for (size_t i = 0; i < sizeof(kSignals) / sizeof(kSignals[0]); ++i) {
    if (kSignals[i] == sig) sigaction(sig, &previous[i], nullptr);
  }
  if (sig == SIGABRT) raise(sig);
}

constexpr int kTickMs = 250;

// The watchdog: a periodic timer aimed at the engine's own OS thread.
void tick(int, siginfo_t*, void* uctx) {
  if (tl_execution == nullptr || (tl_active == nullptr && !tl_heap_on)) return;
  int saved = errno;
  auto* uc = static_cast<ucontext_t*>(uctx);
  handlers.tick(kTickMs, static_cast<uintptr_t>(uc->uc_mcontext.gregs[REG_RIP]) + 1);
  errno = saved;
}

void start_watchdog() {
  struct sigevent ev = {};
  ev.sigev_notify = SIGEV_THREAD_ID;
  ev.sigev_signo = SIGALRM;
  ev._sigev_un._tid = static_cast<pid_t>(syscall(SYS_gettid));
  timer_t timer;
  if (timer_create(CLOCK_MONOTONIC, &ev, &timer) != 0) return;  // no watchdog, no harm
  struct itimerspec spec = {};
  spec.it_interval.tv_nsec = spec.it_value.tv_nsec = kTickMs * 1000000L;
  timer_settime(timer, 0, &spec, nullptr);
}

// Whether this OS thread's watchdog runs. A forked child keeps its parent's thread-locals but
// not its timers (timer_create), so the child's thread is told to start its own (pthread_atfork
// runs in the thread that forked, the child's only one). Asked once per execution: a flag,
// where comparing getpid() with the pid the watchdog was started for cost a system call each.
thread_local bool tl_watchdog_started = false;

void install_handlers() {
  pthread_atfork(nullptr, nullptr, [] { tl_watchdog_started = false; });
  struct sigaction sa = {};
  sa.sa_sigaction = handler;
  // SA_NODEFER: the handler leaves by longjmp, so the signal must not stay blocked.
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
  sigemptyset(&sa.sa_mask);
  for (size_t i = 0; i < sizeof(kSignals) / sizeof(kSignals[0]); ++i) {
    sigaction(kSignals[i], &sa, &previous[i]);
  }
  struct sigaction alarm = {};
  alarm.sa_sigaction = tick;
  // SA_RESTART: ticks outside executions must not make the host's system calls fail.
  alarm.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER | SA_RESTART;
  sigemptyset(&alarm.sa_mask);
  sigaction(SIGALRM, &alarm, nullptr);
}

}  // namespace

CrashGuard::CrashGuard(const FaultHandlers& guard_handlers) {
  handlers = guard_handlers;
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
  // A worker process forked after its parent ran executions starts its own, or a hang in it
  // would never end.
  if (!tl_watchdog_started) {
    start_watchdog();
    tl_watchdog_started = true;
  }
}

}  // namespace lineup::engine
