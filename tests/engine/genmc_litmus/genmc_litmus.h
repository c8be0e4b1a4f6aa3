/* The interface between GenMC's litmus programs, translated to C by translate.py
 * (genmc_litmus_tests.c, compiled with the engine's instrumentation), and the test that runs
 * them under lineup's engine (genmc_litmus_test.cpp). A program's main() runs as the setup of
 * every execution: its pthread_create calls record the threads the execution then runs as
 * logical threads, and its first pthread_join ends it (the code after the joins only checks
 * assertions on the final state). __VERIFIER_assume(c) ends the thread when c is false and
 * marks the execution blocked: GenMC counts such executions apart, as blocked, not explored. */
#ifndef LINEUP_TESTS_ENGINE_GENMC_LITMUS_H
#define LINEUP_TESTS_ENGINE_GENMC_LITMUS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** One translated program: GenMC's name for it, the variant it comes from, its main() and the
 *  reset of its globals to their initial (zero) values, the number of threads main() creates
 *  and the number of complete executions GenMC explores (expected.rc11.mo.in). */
struct genmc_litmus {
  const char* name;
  const char* source;
  int (*main)(void);
  void (*reset)(void);
  int threads;
  int expected;
};

/** The translated programs, genmc_litmus_test_count of them. */
extern const struct genmc_litmus genmc_litmus_tests[];
extern const int genmc_litmus_test_count;

/** Records that the program's main() creates a thread running fn(arg); returns 0 (success). */
int genmc_litmus_spawn(void* (*fn)(void*), void* arg);
/** Marks the running execution blocked: an assumption of the program failed. */
void genmc_litmus_block(void);
/** Zeroes [object, object + size) with plain writes, as the program's globals start. */
void genmc_litmus_zero(void* object, size_t size);

#ifdef __cplusplus
}
#endif

#ifndef __cplusplus
#define pthread_create(thread, attr, fn, arg) genmc_litmus_spawn((fn), (arg))
#define pthread_join(thread, result) \
  __extension__({                    \
    return 0;                        \
    0;                               \
  })
#define __VERIFIER_assume(c) \
  do {                       \
    if (!(c)) {              \
      genmc_litmus_block();  \
      return NULL;           \
    }                        \
  } while (0)
#endif

#endif
