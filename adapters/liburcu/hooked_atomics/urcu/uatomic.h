// Replaces liburcu's <urcu/uatomic.h> for instrumented code. On x86, liburcu 0.13 implements
// uatomic_cmpxchg, uatomic_xchg, uatomic_add_return and friends as inline assembly
// (`lock; cmpxchg`, <urcu/uatomic/x86.h>), which no compiler instrumentation sees: the engine
// would neither schedule those steps nor know their values. liburcu ships a portable
// implementation of the same operations on the compiler's __sync builtins
// (<urcu/uatomic/gcc.h>, used on architectures without a dedicated header), which
// -fsanitize=thread turns into __tsan_atomic* calls; this header selects it on every
// architecture. Memory barriers are replaced by arch.h beside this file.
#ifndef _URCU_UATOMIC_H
#define _URCU_UATOMIC_H

#include <urcu/arch.h>
#include <urcu/uatomic/gcc.h>

#endif
