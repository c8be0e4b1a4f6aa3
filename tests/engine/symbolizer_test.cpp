#include "engine/diagnostics/symbolizer.h"

#include <gtest/gtest.h>

#include <exception>
#include <string>

namespace lineup::engine {
namespace {

int global_table[4];

__attribute__((noinline)) uintptr_t return_address() {
  return reinterpret_cast<uintptr_t>(__builtin_return_address(0));
}

TEST(Symbolizer, ResolvesACallSiteToFileAndLine) {
  int line = __LINE__ + 1;  // the call below
  uintptr_t pc = return_address();
  const std::vector<SourceFrame>& frames = symbolizer().frames(pc);
  ASSERT_FALSE(frames.empty());
  EXPECT_NE(frames.front().file.find("symbolizer_test.cpp"), std::string::npos);
  EXPECT_EQ(frames.front().line, line);
  std::string d = symbolizer().describe(pc);
  EXPECT_EQ(d.rfind("symbolizer_test.cpp:" + std::to_string(line) + " ", 0), 0u) << d;
}

// Code built without line information (the C++ runtime library: Debian ships its debugging
// information in no package lineup installs) is named by its dynamic symbol and its module,
// never "?".
TEST(Symbolizer, NamesCodeWithoutLineInformationByItsSymbolAndModule) {
  const auto inside_terminate = reinterpret_cast<uintptr_t>(&std::terminate) + 1;
  if (!symbolizer().frames(inside_terminate).empty()) {
    GTEST_SKIP() << "the C++ runtime library has line information here";
  }
  const std::string d = symbolizer().describe(inside_terminate);
  EXPECT_EQ(d.rfind("std::terminate", 0), 0u) << d;
  EXPECT_NE(d.find(" in libstdc++.so.6 (no line information)"), std::string::npos) << d;
}

TEST(Symbolizer, LoadingTheDebugInformationResolvesItsOwnUnit) {
  load_debug_information();
  const std::vector<SourceFrame>& frames =
      symbolizer().frames(reinterpret_cast<uintptr_t>(&load_debug_information) + 1);
  ASSERT_FALSE(frames.empty());
  EXPECT_NE(frames.front().file.find("symbolizer.cpp"), std::string::npos);
  EXPECT_EQ(frames.front().function, "lineup::engine::load_debug_information");
}

TEST(Symbolizer, NamesGlobalsWithOffsets) {
  EXPECT_EQ(symbolizer().data_name(reinterpret_cast<uintptr_t>(&global_table[0])),
            "lineup::engine::(anonymous namespace)::global_table");
  EXPECT_EQ(symbolizer().data_name(reinterpret_cast<uintptr_t>(&global_table[2])),
            "lineup::engine::(anonymous namespace)::global_table+8");
  int local = 0;
  EXPECT_EQ(symbolizer().data_name(reinterpret_cast<uintptr_t>(&local)), "");
}

TEST(Symbolizer, ModuleOffsetIsRelativeToTheImage) {
  uintptr_t pc = return_address();
  uintptr_t off = Symbolizer::module_offset(pc);
  EXPECT_GT(off, 0u);
  EXPECT_LT(off, pc);
  EXPECT_EQ(Symbolizer::module_offset(0), 0u);
}

TEST(Symbolizer, ShortNamesDropParametersReturnTypesAndLongTemplateArguments) {
  EXPECT_EQ(short_function_name("bool boost::lockfree::queue<int>::do_push<false>(int const&)"),
            "boost::lockfree::queue<int>::do_push<false>");
  EXPECT_EQ(short_function_name("(anonymous namespace)::put(int)"), "(anonymous namespace)::put");
  EXPECT_EQ(
      short_function_name("f<std::pair<int, int>, std::allocator<std::pair<int, int> > >()", 10),
      "f<...>");
  EXPECT_EQ(short_function_name("main"), "main");
}

}  // namespace
}  // namespace lineup::engine
