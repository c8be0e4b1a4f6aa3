// Replaces the pthread mutex, rwlock, spin lock, condition-variable, thread-specific-data and
// thread-identity functions (and sched_yield) for the whole process, as TSan's own runtime does.
// Controlled code (a scheduled logical thread) gets the engine's model of the operation; everyone
// else gets glibc's, found with dlsym(RTLD_NEXT). std::mutex, std::shared_mutex and
// std::condition_variable call these.
#include <pthread.h>
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>

#include "engine/execution.h"
#include "engine/modes.h"
#include "engine/runtime/real_function.h"
#include "engine/sync_steps.h"

using lineup::engine::Execution;
using lineup::engine::tl_active;
using lineup::engine::tl_execution;
using lineup::engine::tl_heap_on;

#define LINEUP_PC reinterpret_cast<uintptr_t>(__builtin_return_address(0))

namespace {

uintptr_t addr(const volatile void* p) { return reinterpret_cast<uintptr_t>(p); }

// The clock a condition variable's timed waits use, chosen with pthread_condattr_setclock.
// glibc keeps it in bit 1 of __data.__wrefs (0 CLOCK_REALTIME, 1 CLOCK_MONOTONIC).
clockid_t wait_clock(const pthread_cond_t* c) {
  return (c->__data.__wrefs & 2) != 0 ? CLOCK_MONOTONIC : CLOCK_REALTIME;
}

bool is_recursive(const pthread_mutex_t* m) {
  // The kind lives in the mutex itself (glibc's __data.__kind), set by pthread_mutex_init.
  return (m->__data.__kind & 3) == PTHREAD_MUTEX_RECURSIVE_NP;
}

}  // namespace

// Defines the replacement `int name params`: controlled code gets the engine's model,
// `SyncSteps(*e).modelled` (`e` the running Execution), everyone else glibc's `name` called
// with `args`.
#define LINEUP_MODELLED(name, params, args, modelled)                            \
  int name params {                                                              \
    if (Execution* e = tl_active) return lineup::engine::SyncSteps(*e).modelled; \
    return LINEUP_REAL_FUNCTION(name) args;                                      \
  }

// Defines the replacement `int name(type* l)` of a lock's destroy function: the execution, if
// any, forgets the lock's state before glibc destroys it.
#define LINEUP_FORGOTTEN(name, type)                                             \
  int name(type* l) {                                                            \
    if (Execution* e = lineup::engine::tl_execution) e->locks().forget(addr(l)); \
    return LINEUP_REAL_FUNCTION(name)(l);                                        \
  }

extern "C" {

LINEUP_MODELLED(pthread_mutex_lock, (pthread_mutex_t * m), (m),
                mutex_lock(addr(m), is_recursive(m), LINEUP_PC))

LINEUP_MODELLED(pthread_mutex_trylock, (pthread_mutex_t * m), (m),
                mutex_trylock(addr(m), is_recursive(m), LINEUP_PC))

// A timed lock in controlled code waits like a plain lock: time only passes when nothing else
// can run, and a lock that is never released is a deadlock worth reporting.
LINEUP_MODELLED(pthread_mutex_timedlock, (pthread_mutex_t * m, const struct timespec* t), (m, t),
                mutex_lock(addr(m), is_recursive(m), LINEUP_PC))

// std::timed_mutex's try_lock_for and try_lock_until on the steady clock.
LINEUP_MODELLED(pthread_mutex_clocklock,
                (pthread_mutex_t * m, clockid_t clock, const struct timespec* t), (m, clock, t),
                mutex_lock(addr(m), is_recursive(m), LINEUP_PC))

LINEUP_MODELLED(pthread_mutex_unlock, (pthread_mutex_t * m), (m), mutex_unlock(addr(m), LINEUP_PC))

LINEUP_FORGOTTEN(pthread_mutex_destroy, pthread_mutex_t)

LINEUP_MODELLED(pthread_rwlock_rdlock, (pthread_rwlock_t * l), (l),
                rwlock_rdlock(addr(l), false, LINEUP_PC))

LINEUP_MODELLED(pthread_rwlock_tryrdlock, (pthread_rwlock_t * l), (l),
                rwlock_rdlock(addr(l), true, LINEUP_PC))

LINEUP_MODELLED(pthread_rwlock_wrlock, (pthread_rwlock_t * l), (l),
                rwlock_wrlock(addr(l), false, LINEUP_PC))

LINEUP_MODELLED(pthread_rwlock_trywrlock, (pthread_rwlock_t * l), (l),
                rwlock_wrlock(addr(l), true, LINEUP_PC))

// Timed rwlock acquisitions (std::shared_timed_mutex's try_lock_for and friends) wait like
// plain ones, as timed mutex locks do.
LINEUP_MODELLED(pthread_rwlock_timedrdlock, (pthread_rwlock_t * l, const struct timespec* t),
                (l, t), rwlock_rdlock(addr(l), false, LINEUP_PC))

LINEUP_MODELLED(pthread_rwlock_clockrdlock,
                (pthread_rwlock_t * l, clockid_t clock, const struct timespec* t), (l, clock, t),
                rwlock_rdlock(addr(l), false, LINEUP_PC))

LINEUP_MODELLED(pthread_rwlock_timedwrlock, (pthread_rwlock_t * l, const struct timespec* t),
                (l, t), rwlock_wrlock(addr(l), false, LINEUP_PC))

LINEUP_MODELLED(pthread_rwlock_clockwrlock,
                (pthread_rwlock_t * l, clockid_t clock, const struct timespec* t), (l, clock, t),
                rwlock_wrlock(addr(l), false, LINEUP_PC))

LINEUP_MODELLED(pthread_rwlock_unlock, (pthread_rwlock_t * l), (l),
                rwlock_unlock(addr(l), LINEUP_PC))

LINEUP_FORGOTTEN(pthread_rwlock_destroy, pthread_rwlock_t)

// POSIX spin locks are glibc atomics, which no hook sees: one logical thread spinning on a
// lock another holds would spin the shared OS thread for ever. They are modelled as mutexes.
LINEUP_MODELLED(pthread_spin_lock, (pthread_spinlock_t * l), (l),
                mutex_lock(addr(l), false, LINEUP_PC))

LINEUP_MODELLED(pthread_spin_trylock, (pthread_spinlock_t * l), (l),
                mutex_trylock(addr(l), false, LINEUP_PC))

LINEUP_MODELLED(pthread_spin_unlock, (pthread_spinlock_t * l), (l),
                mutex_unlock(addr(l), LINEUP_PC))

LINEUP_FORGOTTEN(pthread_spin_destroy, pthread_spinlock_t)

LINEUP_MODELLED(pthread_cond_wait, (pthread_cond_t * c, pthread_mutex_t* m), (c, m),
                cond_wait(addr(c), addr(m), nullptr, LINEUP_PC))

int pthread_cond_timedwait(pthread_cond_t* c, pthread_mutex_t* m, const struct timespec* t) {
  if (Execution* e = tl_active) {
    const lineup::engine::Deadline deadline{wait_clock(c), *t};
    return lineup::engine::SyncSteps(*e).cond_wait(addr(c), addr(m), &deadline, LINEUP_PC);
  }
  return LINEUP_REAL_FUNCTION(pthread_cond_timedwait)(c, m, t);
}

int pthread_cond_clockwait(pthread_cond_t* c, pthread_mutex_t* m, clockid_t clock,
                           const struct timespec* t) {
  if (Execution* e = tl_active) {
    const lineup::engine::Deadline deadline{clock, *t};
    return lineup::engine::SyncSteps(*e).cond_wait(addr(c), addr(m), &deadline, LINEUP_PC);
  }
  return LINEUP_REAL_FUNCTION(pthread_cond_clockwait)(c, m, clock, t);
}

LINEUP_MODELLED(pthread_cond_signal, (pthread_cond_t * c), (c),
                cond_signal(addr(c), false, LINEUP_PC))

LINEUP_MODELLED(pthread_cond_broadcast, (pthread_cond_t * c), (c),
                cond_signal(addr(c), true, LINEUP_PC))

// Per-thread values under pthread keys: controlled code (setup, teardown and the logical
// threads, which share one OS thread) gets the execution's per-logical-thread tables.
void* pthread_getspecific(pthread_key_t key) {
  if (tl_heap_on && tl_execution != nullptr) return tl_execution->thread_specifics().get(key);
  return LINEUP_REAL_FUNCTION(pthread_getspecific)(key);
}

int pthread_setspecific(pthread_key_t key, const void* value) {
  if (tl_heap_on && tl_execution != nullptr) {
    // Passed on as a number: glibc declares that pthread_setspecific never reads *value.
    tl_execution->thread_specifics().set(key, reinterpret_cast<uintptr_t>(value));
    return 0;
  }
  return LINEUP_REAL_FUNCTION(pthread_setspecific)(key, value);
}

// Thread identity. Logical threads share one OS thread, so controlled code asking who it is
// (std::this_thread::get_id, a lock's owner field, libcds's striped and cuckoo set locks)
// gets a distinct id per logical thread: the address of an entry in a table of this file,
// which no real thread's id (the address of its glibc descriptor) can equal. Such an id
// identifies, and nothing more: glibc functions that take a thread (pthread_getattr_np,
// pthread_kill) cannot use it. Setup and teardown keep the OS thread's id.
pthread_t pthread_self() {
  if (Execution* e = tl_active) {
    static char logical_ids[lineup::engine::kMaxThreads];
    return reinterpret_cast<pthread_t>(&logical_ids[e->current_thread()]);
  }
  return LINEUP_REAL_FUNCTION(pthread_self)();
}

// libcds back-off and user spin loops yield; logical threads share one OS thread, so a real
// yield achieves nothing (spin detection decides when a spinning thread may run again).
int sched_yield() {
  if (tl_active != nullptr) return 0;
  return static_cast<int>(syscall(SYS_sched_yield));
}

}  // extern "C"
