# Fails when an instrumented library contains atomic machine instructions: each one is a
# shared-memory access that bypassed the __tsan_* hooks (inline assembly, Boost.Atomic,
# a missing -fsanitize=thread), which the engine would never schedule or see.
#   cmake -DOBJDUMP=... -DLIBRARY=<archive> -P no_hidden_atomics.cmake
execute_process(COMMAND ${OBJDUMP} -d --no-show-raw-insn ${LIBRARY}
                OUTPUT_VARIABLE disassembly RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "objdump failed on ${LIBRARY}")
endif()
# Instructions only: the mnemonic follows the address's tab, so a symbol named in an operand
# (`call <rcu_cmpxchg_pointer_sym>`) does not count.
string(REGEX MATCHALL "[^\n]*:\t(lock |cmpxchg|mfence|xchg[^\n]*\\()[^\n]*" holes "${disassembly}")
list(LENGTH holes count)
if(count GREATER 0)
  list(SUBLIST holes 0 10 shown)
  string(REPLACE ";" "\n" shown "${shown}")
  message(FATAL_ERROR "${count} atomic instructions invisible to the engine in ${LIBRARY}:\n${shown}")
endif()
message(STATUS "no hidden atomic instructions in ${LIBRARY}")
