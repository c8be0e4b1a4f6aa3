// Reading objdump's output into a module's code (disassembly.h), the call graph built from it
// (code_graph.h), the calls allowed out of instrumented code (allowed_calls.h), and this
// process's own scan: the fixtures' calls out of instrumented code that are not allowed.
#include "engine/diagnostics/disassembly.h"

#include <gtest/gtest.h>

#include "engine/diagnostics/allowed_calls.h"
#include "engine/diagnostics/code_graph.h"

namespace lineup::engine {
namespace {

const std::vector<std::pair<uintptr_t, uintptr_t>> kRanges = {{0x1000, 0x2000}};

ModuleCode read(const std::vector<std::string>& lines) {
  ModuleCode code;
  for (const std::string& l : lines) read_disassembly_line(l, kRanges, code);
  return code;
}

TEST(Disassembly, ReadsFunctionsAccessesAndCalls) {
  ModuleCode code = read({
      "0000000000001000 <_Z4pushl>:",
      "    1000:\tpush   %rbp",
      "    1004:\tcall   1f00 <__tsan_func_entry@plt>",
      "    1009:\tlock cmpxchg %rdx,(%rsi)",
      "    1010:\tcall   1e00 <queue_push@plt>",
      "    1015:\tcall   *0x2eb2(%rip)        # 3ff8 <pthread_mutex_lock@GLIBC_2.2.5>",
      "    101b:\tcall   1100 <_Z3popv>",
      "    1020:\tcall   *%rax",
      "    1022:\tnotrack jmp *%rax",
      "    1024:\tjne    1030 <_Z4pushl+0x30>",
      "    1026:\tcall   1234 <__lineup_memcpy>",
      "    102b:\tjmp    1100 <_Z3popv>",
      "0000000000001100 <_Z3popv>:",
      "    1100:\tret",
  });
  ASSERT_EQ(code.functions.size(), 2u);
  EXPECT_EQ(code.functions[0].address, 0x1000u);
  EXPECT_EQ(code.functions[0].name, "_Z4pushl");
  ASSERT_EQ(code.accesses.size(), 1u);
  EXPECT_EQ(code.accesses[0].address, 0x1009u);
  EXPECT_EQ(code.accesses[0].instruction, "lock cmpxchg %rdx,(%rsi)");
  // The hooks, the string calls, a jump inside the function and a jump table are not calls.
  ASSERT_EQ(code.calls.size(), 5u);
  EXPECT_EQ(code.calls[0].kind, CodeCall::Kind::kImported);
  EXPECT_EQ(code.calls[0].symbol, "queue_push");
  EXPECT_EQ(code.calls[1].kind, CodeCall::Kind::kImported);
  EXPECT_EQ(code.calls[1].symbol, "pthread_mutex_lock");
  EXPECT_EQ(code.calls[2].kind, CodeCall::Kind::kDirect);
  EXPECT_EQ(code.calls[2].target, 0x1100u);
  EXPECT_EQ(code.calls[2].symbol, "_Z3popv");
  EXPECT_EQ(code.calls[3].kind, CodeCall::Kind::kIndirect);
  EXPECT_EQ(code.calls[3].address, 0x1020u);
  EXPECT_EQ(code.calls[4].kind, CodeCall::Kind::kDirect);  // a tail call
  EXPECT_EQ(code.calls[4].address, 0x102bu);
}

TEST(Disassembly, CodeOutsideTheRangesIsSkipped) {
  ModuleCode code = read({
      "0000000000000f00 <_Z5otherv>:",
      "     f00:\tlock xadd %eax,(%rdi)",
      "     f04:\tcall   1e00 <queue_push@plt>",
      "0000000000001000 <_Z4pushl>:",
      "    1000:\tret",
  });
  ASSERT_EQ(code.functions.size(), 2u);  // the outside one is kept unnamed until the end
  EXPECT_TRUE(code.functions[0].name.empty());
  EXPECT_TRUE(code.accesses.empty());
  EXPECT_TRUE(code.calls.empty());
}

TEST(Disassembly, Demangles) {
  EXPECT_EQ(demangled("_Z4pushl"), "push(long)");
  EXPECT_EQ(demangled("queue_push"), "queue_push");
}

TEST(CodeGraph, ReachesWhatDirectCallsLeadTo) {
  CodeGraph g;
  for (uintptr_t start : {0x100, 0x200, 0x300, 0x400}) g.add_function(start, "f");
  g.seal();
  g.add_call(0x110, 0x200);  // f@100 -> f@200
  g.add_call(0x210, 0x308);  // f@200 -> f@300 (a target inside it)
  EXPECT_EQ(g.function_of(0x0ff), CodeGraph::kNone);
  EXPECT_EQ(g.function_of(0x2ff), 1u);
  std::vector<bool> r = g.reached_from({0x104});
  EXPECT_EQ(r, (std::vector<bool>{true, true, true, false}));
  r = g.reached_from({0x404});
  EXPECT_EQ(r, (std::vector<bool>{false, false, false, true}));
}

TEST(AllowedCalls, ModelledAndHarmlessCallsHideNothing) {
  for (const char* f : {"malloc", "operator new(unsigned long)", "pthread_mutex_lock", "syscall",
                        "std::condition_variable::wait(std::unique_lock<std::mutex>&)",
                        "__cxa_throw", "std::__throw_length_error(char const*)", "strlen",
                        "lineup::specs::thread_index()", "std::runtime_error::~runtime_error()"}) {
    EXPECT_NE(why_call_is_seen(f, "libc.so.6"), nullptr) << f;
  }
  EXPECT_NE(why_call_is_seen("sin", "libm.so.6"), nullptr);
}

TEST(AllowedCalls, TheConditionVariablesOwnCallsHideNothing) {
  EXPECT_NE(why_caller_is_seen("std::_V2::condition_variable_any::wait<std::mutex>"), nullptr);
  EXPECT_EQ(why_caller_is_seen("WaitAnyQueue::pop"), nullptr);
  EXPECT_EQ(why_caller_is_seen("std::shared_ptr<std::mutex>::~shared_ptr"), nullptr);
}

TEST(AllowedCalls, OtherCallsMayHide) {
  for (const char* f : {"queue_push(queue*, int)", "memcpy", "pthread_once", "mallocx",
                        "std::_Rb_tree_increment(std::_Rb_tree_node_base const*)",
                        "cds::gc::hp::smr::scan(cds::gc::hp::thread_data*)"}) {
    EXPECT_EQ(why_call_is_seen(f, "libfoo.so.1"), nullptr) << f;
  }
}

}  // namespace
}  // namespace lineup::engine
