// A failing program of many overlapping calls is handled in bounded memory: its report names one
// failing relation without listing every relation its executions allow (exponentially many),
// and the search for a concrete witness keeps a bounded graph and stops at the deadline. The
// hunt runs in a forked child, whose peak resident memory the parent reads once it has ended.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <exception>

#include "lineup/hunt/hunt.h"
#include "specs/structure.h"

namespace lineup::hunt {
namespace {

// The bound: the hunt peaks near 50 MB here (the CLI near 120 MB at 6x6, 140 MB at 8x8), while
// a report that lists every relation of the failing execution (exponentially many) passes 1.5 GB
// before the address space below runs out. A child past that limit fails with std::bad_alloc
// instead of taking the machine.
constexpr long kMaxResidentKiB = 1024L * 1024;        // 1 GiB
constexpr rlim_t kAddressSpace = rlim_t{4096} << 20;  // 4 GiB

TEST(BoundedMemory, SixBySixFailingProgramEndsWithinAGibibyte) {
  const specs::Target* target = specs::find_target("seeded/publish-before-write");
  ASSERT_NE(target, nullptr);
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    const rlimit limit{kAddressSpace, kAddressSpace};
    setrlimit(RLIMIT_AS, &limit);
    int code = 3;
    try {
      HuntOptions o;
      o.threads = 6;
      o.calls = 6;
      o.budget_seconds = 5;
      HuntResult r = hunt(*target, o);
      code = r.violations.size() == 1 ? 0 : 1;
    } catch (const std::exception&) {
      code = 2;  // std::bad_alloc, mostly
    }
    _exit(code);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status)) << "status " << status;
  EXPECT_EQ(WEXITSTATUS(status), 0) << "1: no violation found, 2: an exception (bad_alloc)";
  rusage usage{};
  ASSERT_EQ(getrusage(RUSAGE_CHILDREN, &usage), 0);
  RecordProperty("peak_resident_kib", static_cast<int>(usage.ru_maxrss));
  EXPECT_LT(usage.ru_maxrss, kMaxResidentKiB) << "peak resident KiB";
}

}  // namespace
}  // namespace lineup::hunt
