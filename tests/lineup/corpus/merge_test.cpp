// Merging corpus folders: one file per (structure, kind, signature), unreadable files kept.
#include "lineup/corpus/merge.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace lineup::corpus {
namespace {

namespace fs = std::filesystem;
using Fate = MergedFile::Fate;

struct TempDir {
  fs::path path;
  TempDir() {
    char name[] = "/tmp/lineup-merge-XXXXXX";
    path = mkdtemp(name);
  }
  ~TempDir() { fs::remove_all(path); }
};

// The fields merging reads; a real file has more, all copied as they are.
std::string bug(const std::string& kind, const std::string& signature, int extra = 0) {
  return R"({"format_version": 1, "structure": "seeded/two-bugs-stack", "kind": ")" + kind +
         R"(", "signature": [)" + signature + R"(], "extra": )" + std::to_string(extra) + "}";
}

void put(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file) << text;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  return {std::istreambuf_iterator<char>(in), {}};
}

size_t count_files(const fs::path& dir) {
  return static_cast<size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}

TEST(CorpusMerge, TheSameBugInTwoFoldersIsKeptOnce) {
  TempDir d;
  put(d.path / "a" / "x.json", bug("not linearizable", R"("pop")", 1));
  put(d.path / "b" / "y.json", bug("not linearizable", R"("pop")", 2));
  put(d.path / "b" / "z.json", bug("not linearizable", R"("push", "pop")"));
  auto merged =
      merge((d.path / "out").string(), {(d.path / "a").string(), (d.path / "b").string()});
  ASSERT_EQ(merged.size(), 3u);
  EXPECT_EQ(merged[0].fate, Fate::kKept);
  EXPECT_EQ(merged[0].written, (d.path / "out" / "x.json").string());
  EXPECT_EQ(merged[1].fate, Fate::kDropped);
  EXPECT_EQ(merged[1].source, (d.path / "b" / "y.json").string());
  EXPECT_EQ(merged[1].same_as, (d.path / "out" / "x.json").string());
  EXPECT_EQ(merged[2].fate, Fate::kKept);
  EXPECT_EQ(count_files(d.path / "out"), 2u);
  EXPECT_EQ(slurp(d.path / "out" / "x.json"), bug("not linearizable", R"("pop")", 1));
}

TEST(CorpusMerge, KindAndStructureArePartOfTheIdentity) {
  TempDir d;
  put(d.path / "a" / "x.json", bug("not linearizable", R"("pop")"));
  put(d.path / "b" / "x.json", bug("use after free", R"("pop")"));
  auto merged =
      merge((d.path / "out").string(), {(d.path / "a").string(), (d.path / "b").string()});
  ASSERT_EQ(merged.size(), 2u);
  EXPECT_EQ(merged[1].fate, Fate::kKept);
  // Same name, different bug: written beside it, nothing overwritten.
  EXPECT_EQ(merged[1].written, (d.path / "out" / "x-2.json").string());
  EXPECT_EQ(slurp(d.path / "out" / "x.json"), bug("not linearizable", R"("pop")"));
}

TEST(CorpusMerge, FilesAlreadyInTheOutputComeFirst) {
  TempDir d;
  put(d.path / "out" / "old.json", bug("not linearizable", R"("pop")", 9));
  put(d.path / "a" / "new.json", bug("not linearizable", R"("pop")"));
  auto merged = merge((d.path / "out").string(), {(d.path / "a").string()});
  ASSERT_EQ(merged.size(), 1u);
  EXPECT_EQ(merged[0].fate, Fate::kDropped);
  EXPECT_EQ(merged[0].same_as, (d.path / "out" / "old.json").string());
  EXPECT_EQ(slurp(d.path / "out" / "old.json"), bug("not linearizable", R"("pop")", 9));
}

TEST(CorpusMerge, UnreadableFilesAreReportedAndCopiedAsTheyAre) {
  TempDir d;
  put(d.path / "a" / "broken.json", "{not json");
  put(d.path / "a" / "old.json",
      R"({"format_version": 0, "structure": "s", "kind": "k", "signature": []})");
  put(d.path / "a" / "untyped.json",
      R"({"format_version": 1, "structure": "s", "kind": "k", "signature": [1]})");
  put(d.path / "a" / "good.json", bug("not linearizable", R"("pop")"));
  auto merged = merge((d.path / "out").string(), {(d.path / "a").string()});
  ASSERT_EQ(merged.size(), 4u);
  EXPECT_EQ(merged[0].fate, Fate::kUnreadable);
  EXPECT_EQ(merged[0].error, "not a JSON object");
  EXPECT_EQ(merged[1].fate, Fate::kKept);
  EXPECT_EQ(merged[2].fate, Fate::kUnreadable);
  EXPECT_EQ(merged[2].error, "field 'format_version': expected 1 to 4");
  EXPECT_EQ(merged[3].fate, Fate::kUnreadable);
  EXPECT_EQ(merged[3].error, "field 'signature': not strings");
  EXPECT_EQ(count_files(d.path / "out"), 4u);
  EXPECT_EQ(slurp(d.path / "out" / "broken.json"), "{not json");
}

TEST(CorpusMerge, AMissingInputFolderIsAnError) {
  TempDir d;
  EXPECT_THROW(merge((d.path / "out").string(), {(d.path / "nowhere").string()}),
               std::runtime_error);
}

}  // namespace
}  // namespace lineup::corpus
