#include "lineup/corpus/gtest.h"

#include <cstdlib>
#include <filesystem>

namespace lineup::corpus {
namespace {

std::string test_name(const std::string& path) {
  std::string name = std::filesystem::path(path).stem().string();
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

// Files are parsed when the test runs, not when it is registered: registration happens
// during static initialisation, possibly before the structures the files name register.
class CorpusTest : public ::testing::Test {
 public:
  CorpusTest(std::string path, Expect expect) : expect_(expect) { entry_.path = std::move(path); }
  void TestBody() override {
    try {
      entry_.counterexample = load(entry_.path);
    } catch (const CounterexampleError& e) {
      FAIL() << e.what();
    }
    Reproduction r = reproduce(*entry_.counterexample);
    if (expect_ == Expect::kReproduces) {
      EXPECT_TRUE(r.exact) << entry_.path << ": the recorded violation no longer reproduces"
                           << (r.violation ? " (the schedule now ends as " +
                                                 std::string(to_string(r.violation->kind)) + ")"
                                           : std::string());
    } else {
      EXPECT_FALSE(r.undetermined)
          << entry_.path << ": undetermined, the search hit its cap before its bound";
      EXPECT_FALSE(r.still_fails()) << entry_.path << ": the bug is back\n"
                                    << (r.exact ? r.violation->report : r.other_schedule->report);
    }
  }

 private:
  Entry entry_;
  Expect expect_;
};

class MissingFolder : public ::testing::Test {
 public:
  explicit MissingFolder(std::string dir) : dir_(std::move(dir)) {}
  void TestBody() override { FAIL() << dir_ << ": no such corpus folder"; }

 private:
  std::string dir_;
};

}  // namespace

int register_corpus_tests(const char* suite, const std::string& dir, Expect expect,
                          const char* file, int line) {
  if (!std::filesystem::is_directory(dir)) {
    // A folder that is not there is a mistake in the suite, not an empty corpus.
    ::testing::RegisterTest(suite, "MissingCorpusFolder", nullptr, dir.c_str(), file, line,
                            [dir]() -> ::testing::Test* { return new MissingFolder(dir); });
    return 0;
  }
  std::vector<std::string> paths = files(dir);
  for (const std::string& path : paths) {
    std::string name = test_name(path);
    ::testing::RegisterTest(
        suite, name.c_str(), nullptr, path.c_str(), file, line,
        [path, expect]() -> ::testing::Test* { return new CorpusTest(path, expect); });
  }
  return static_cast<int>(paths.size());
}

void run_hunt_test(const std::string& structure, hunt::HuntOptions options) {
  const specs::Target* target = specs::find_target(structure);
  ASSERT_NE(target, nullptr) << structure << " is not registered";
  const char* index = std::getenv("GTEST_SHARD_INDEX");
  const char* total = std::getenv("GTEST_TOTAL_SHARDS");
  if (index != nullptr && total != nullptr && std::atoi(total) > 1) {
    options.shard.index = static_cast<uint64_t>(std::atoi(index));
    options.shard.count = static_cast<uint64_t>(std::atoi(total));
  }
  hunt::HuntResult r = hunt::hunt(*target, options);
  for (const hunt::Violation& v : r.violations) ADD_FAILURE() << v.report;
}

}  // namespace lineup::corpus
