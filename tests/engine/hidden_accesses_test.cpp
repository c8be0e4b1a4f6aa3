// The scan for accesses no hook reports: which instructions count, and where instrumented
// code is found (this test executable's fixtures, and a shared library built instrumented).
#include "engine/diagnostics/hidden_accesses.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "fixtures/small_program.h"
#include "fixtures/tls_library.h"

namespace lineup::engine {
namespace {

TEST(HiddenAccesses, AtomicInstructionsWithMemoryOperandsCount) {
  for (const char* insn : {"lock cmpxchg %rdx,(%rsi)", "lock addl $0x1,0x10(%rax)", "lock",
                           "xchg %rax,(%rdi)", "xchg %eax,0x8(%rbx)", "cmpxchg16b (%rdi)",
                           "cmpxchg8b 0x8(%rsp)", "xadd %eax,(%rdi)", "mfence"}) {
    EXPECT_TRUE(is_hidden_access(insn)) << insn;
  }
}

TEST(HiddenAccesses, CompiledCodeDoesNotCount) {
  // `xchg %ax,%ax` is the two-byte nop compilers pad with; register exchanges touch no memory.
  for (const char* insn :
       {"xchg %ax,%ax", "xchg %rax,%rbx", "mov (%rdi),%rax", "call 1234 <__tsan_read8>",
        "lea 0x0(%rip),%rdi", "sfence", "ret", "cmpxchg %rdx,%rcx", "nopw 0x0(%rax,%rax,1)"}) {
    EXPECT_FALSE(is_hidden_access(insn)) << insn;
  }
}

TEST(HiddenAccesses, FindsTheInstrumentedModulesOfThisProcess) {
  EXPECT_GE(tls_library_next(), 0);  // the instrumented shared library is loaded and used
  // The instrumented fixtures are linked in only when used.
  volatile auto used = &fixtures::run_cells;
  EXPECT_NE(used, nullptr);
  InstrumentedCode code = find_instrumented_code();
  EXPECT_TRUE(code.unreadable.empty()) << code.unreadable.front();
  auto named = [&](const char* part) {
    return std::any_of(code.modules.begin(), code.modules.end(), [&](const auto& m) {
      return m.path.find(part) != std::string::npos && !m.ranges.empty();
    });
  };
  EXPECT_TRUE(named("hidden_accesses_test"));
  EXPECT_TRUE(named("engine_test_tls_library"));
  // Neither glibc nor libstdc++ is instrumented.
  EXPECT_FALSE(named("libc.so"));
  EXPECT_FALSE(named("libstdc++"));
}

TEST(HiddenAccesses, ThisProcessHasNone) {
  // The fixtures use std::atomic only: every access of theirs goes through a hook.
  HiddenAccessScan scan = scan_hidden_accesses(find_instrumented_code());
  EXPECT_TRUE(scan.unchecked.empty()) << scan.unchecked.front();
  EXPECT_TRUE(scan.accesses.empty())
      << scan.accesses.front().instruction << " at " << scan.accesses.front().where;
}

TEST(HiddenAccesses, AnUnreadableFileIsSaidSo) {
  std::string error;
  EXPECT_TRUE(instrumented_ranges("/nonexistent/module.so", &error).empty());
  EXPECT_EQ(error, "cannot be read");
}

}  // namespace
}  // namespace lineup::engine
