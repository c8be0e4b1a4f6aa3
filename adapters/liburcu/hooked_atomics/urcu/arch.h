// Replaces liburcu's <urcu/arch.h> for instrumented code, as uatomic.h here replaces its atomics.
// On x86-64, liburcu's full memory barrier (cmm_mb, and cmm_smp_mb with it) is an `mfence`
// instruction, which no compiler instrumentation sees, and GCC's -fsanitize=thread does not
// instrument the compiler's fence either (it warns, -Wtsan). Here the barriers call the
// sanitizer's fence hook themselves: a fence step for the engine, which orders memory in its
// C11 mode (RCU's read-side lock depends on it).
#ifndef LINEUP_URCU_ARCH_H
#define LINEUP_URCU_ARCH_H

#include_next <urcu/arch.h>

#ifdef __cplusplus
extern "C" void __tsan_atomic_thread_fence(int memory_order);
#else
void __tsan_atomic_thread_fence(int memory_order);
#endif

#undef cmm_mb
#undef cmm_rmb
#undef cmm_wmb
#define cmm_mb() __tsan_atomic_thread_fence(__ATOMIC_SEQ_CST)
#define cmm_rmb() __tsan_atomic_thread_fence(__ATOMIC_SEQ_CST)
#define cmm_wmb() __tsan_atomic_thread_fence(__ATOMIC_SEQ_CST)

#endif
