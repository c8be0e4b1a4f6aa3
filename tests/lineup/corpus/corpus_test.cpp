// The corpus folder: atomic never-overwriting writes (also under SIGKILL) with the umask's
// mode, dedupe by signature, unreadable files reported beside the rest, replay determinism,
// shrinking.
#include "lineup/corpus/corpus.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "generator/client.h"
#include "lineup/corpus/shrink.h"
#include "lineup/hunt/hunt.h"

namespace lineup::corpus {
namespace {

namespace fs = std::filesystem;

struct TempDir {
  fs::path path;
  TempDir() {
    char name[] = "/tmp/lineup-corpus-XXXXXX";
    path = mkdtemp(name);
  }
  ~TempDir() { fs::remove_all(path); }
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  return {std::istreambuf_iterator<char>(in), {}};
}

Counterexample found_bug() {
  hunt::HuntOptions o;
  o.budget_seconds = 1e9;
  o.max_programs = 50;
  const specs::Target& t = *specs::find_target("seeded/publish-before-write");
  hunt::HuntResult r = hunt::hunt(t, o);
  EXPECT_EQ(r.violations.size(), 1u);
  return to_counterexample(t, r.violations.at(0), o);
}

TEST(Corpus, WriteNewFileNeverOverwrites) {
  TempDir d;
  std::string p = (d.path / "a.json").string();
  EXPECT_TRUE(write_new_file(p, "first"));
  EXPECT_FALSE(write_new_file(p, "second"));
  EXPECT_EQ(slurp(p), "first");
  EXPECT_EQ(std::distance(fs::directory_iterator(d.path), fs::directory_iterator()), 1);
}

TEST(Corpus, AKilledWriterLeavesNoPartialFile) {
  TempDir d;
  std::string p = (d.path / "big.json").string();
  std::string text(64 << 20, 'x');  // long enough to be killed while writing
  for (int attempt = 0; attempt < 5; ++attempt) {
    pid_t child = fork();
    if (child == 0) {
      write_new_file(p, text);
      _exit(0);
    }
    usleep(static_cast<useconds_t>(2000 * attempt));
    kill(child, SIGKILL);
    int status = 0;
    waitpid(child, &status, 0);
    // Either the whole file is there (the writer finished first) or no file at all.
    if (fs::exists(p)) {
      EXPECT_EQ(fs::file_size(p), text.size());
      fs::remove(p);
    }
  }
  // A leftover temporary file is hidden (".name.XXXXXX") and not a corpus entry.
  EXPECT_TRUE(read(d.path.string()).empty());
}

// One bug, one file: a case of the same structure and kind is the same bug when its signature
// is the same, or its program and schedule are (corpus::same_bug).
TEST(Corpus, ArchiveDeduplicatesBySignature) {
  TempDir d;
  Counterexample c = found_bug();
  Archived first = archive(d.path.string(), c);
  EXPECT_FALSE(first.duplicate);
  Archived again = archive(d.path.string(), c);
  EXPECT_TRUE(again.duplicate);
  EXPECT_EQ(again.path, first.path);
  // Another signature on the same program and schedule: the same case, so one bug.
  c.signature.push_back("another_function");
  EXPECT_TRUE(archive(d.path.string(), c).duplicate);
  // Another signature and another schedule: another bug.
  ASSERT_FALSE(c.schedule.choices.empty());
  c.schedule.choices.push_back(c.schedule.choices.front());
  Archived other = archive(d.path.string(), c);
  EXPECT_FALSE(other.duplicate);
  EXPECT_NE(other.path, first.path);
  std::vector<Entry> entries = read(d.path.string());
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_TRUE(entries[0].counterexample && entries[1].counterexample);
}

TEST(Corpus, UnreadableFilesAreReportedAndTheRestRead) {
  TempDir d;
  archive(d.path.string(), found_bug());
  std::ofstream(d.path / "broken.json") << "{\"format\": \"lineup-counterexample\"";
  std::vector<Entry> entries = read(d.path.string());
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_FALSE(entries[0].counterexample.has_value());  // broken.json sorts first
  EXPECT_EQ(entries[0].error.rfind((d.path / "broken.json").string() + ": not valid JSON", 0), 0u)
      << entries[0].error;
  EXPECT_TRUE(entries[1].counterexample.has_value());
}

// A file with a number no double holds is unreadable, named with the field, and the other
// files are read.
TEST(Corpus, AFileWithANumberBeyondDoubleIsUnreadableAndTheRestRead) {
  TempDir d;
  std::string good = archive(d.path.string(), found_bug()).path, text = slurp(good);
  const std::string preemptions = "\"preemptions\": ";
  size_t at = text.find(preemptions) + preemptions.size();
  text.replace(at, text.find(',', at) - at, "1e999");
  std::ofstream(d.path / "a-overflow.json") << text;
  std::vector<Entry> entries = read(d.path.string());
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_FALSE(entries[0].counterexample.has_value());
  EXPECT_EQ(entries[0].error,
            (d.path / "a-overflow.json").string() +
                ": field 'preemptions': not valid JSON (number overflow parsing '1e999')");
  EXPECT_EQ(entries[1].path, good);
  EXPECT_TRUE(entries[1].counterexample.has_value());
}

// The mode of a file written under `mask`.
mode_t mode_written_under(mode_t mask, const std::string& path) {
  mode_t old = umask(mask);
  bool written = write_new_file(path, "text");
  umask(old);
  EXPECT_TRUE(written);
  struct stat st {};
  EXPECT_EQ(stat(path.c_str(), &st), 0);
  return st.st_mode & 07777;
}

TEST(Corpus, WrittenFilesHaveTheModeTheUmaskGives) {
  TempDir d;
  EXPECT_EQ(mode_written_under(022, (d.path / "a.json").string()), 0644u);
  EXPECT_EQ(mode_written_under(077, (d.path / "b.json").string()), 0600u);
  EXPECT_EQ(mode_written_under(002, (d.path / "c.json").string()), 0664u);
  mode_t old = umask(022);
  std::string archived = archive(d.path.string(), found_bug()).path;
  umask(old);
  struct stat st {};
  ASSERT_EQ(stat(archived.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0644u);
}

TEST(Corpus, AFolderIsCheckedForArchivingWithoutLeavingOneBehind) {
  TempDir d;
  // Missing, two levels deep: creatable, and not left behind.
  EXPECT_EQ(unwritable_reason((d.path / "a" / "b").string()), "");
  EXPECT_FALSE(fs::exists(d.path / "a"));
  // Existing, with a file in it: kept as it was.
  fs::create_directory(d.path / "kept");
  std::ofstream(d.path / "kept" / "x.json") << "{}";
  EXPECT_EQ(unwritable_reason((d.path / "kept").string()), "");
  EXPECT_EQ(std::distance(fs::directory_iterator(d.path / "kept"), fs::directory_iterator()), 1);
  // A file, and a folder under a file: refused with the reason.
  EXPECT_NE(unwritable_reason((d.path / "kept" / "x.json").string()), "");
  EXPECT_NE(unwritable_reason((d.path / "kept" / "x.json" / "c").string()).find("cannot create"),
            std::string::npos);
}

TEST(Corpus, ShrinkingGivesTheTwoCallCaseWithOnePreemption) {
  Counterexample c = found_bug();
  Counterexample s = shrink(c);
  EXPECT_EQ(s.program.calls(), 2u);  // T0: pop() | T1: push(1), or the same mirrored
  EXPECT_EQ(s.preemptions, 1);
  EXPECT_EQ(s.kind, c.kind);
  ASSERT_TRUE(s.original_program.has_value());
  EXPECT_EQ(*s.original_program, c.program);
  EXPECT_TRUE(reproduce(s).exact);
  // Locally minimal: dropping any call makes the program pass its bounded search.
  for (size_t t = 0; t < s.program.threads.size(); ++t) {
    Counterexample smaller = s;
    smaller.program.threads.erase(smaller.program.threads.begin() + static_cast<long>(t));
    smaller.results.erase(smaller.results.begin() + static_cast<long>(s.program.flat(t, 0)));
    if (smaller.program.threads.empty()) continue;
    EXPECT_FALSE(reproduce(smaller).still_fails());
  }
}

// The two ABA bugs shrink automatically to small cases: the hunt's first violation of each
// (a 3 x 3 program) becomes at most 4 calls (Treiber) or 5 calls (tag reset: a stale
// enqueuer, and a node that must be dequeued and then recycled by an enqueue, with a second
// value around it) with at most 2 preemptions, and dropping any call makes it pass.
TEST(Corpus, AbaBugsShrinkToSmallCases) {
  for (auto [name, calls] :
       {std::pair{"seeded/treiber-aba", 4u}, {"seeded/msqueue-tag-reset", 5u}}) {
    hunt::HuntOptions o;
    o.budget_seconds = 1e9;
    o.max_programs = 30;
    const specs::Target& t = *specs::find_target(name);
    hunt::HuntResult r = hunt::hunt(t, o);
    ASSERT_EQ(r.violations.size(), 1u) << name;
    Counterexample s = shrink(to_counterexample(t, r.violations[0], o));
    EXPECT_LE(s.program.calls(), calls) << name << ": " << s.program.describe(*t.model);
    EXPECT_LE(s.preemptions, 2) << name;
    EXPECT_TRUE(reproduce(s).exact) << name;
  }
}

// A case found with a client shrinks within the client: every call stays (the unconstrained
// shrinker leaves two of these four), the argument it gives stays, the one it leaves out
// becomes the first of the structure's values, and the client goes with the case.
TEST(Corpus, ACaseFoundWithAClientKeepsTheClientsCalls) {
  const specs::Target& t = *specs::find_target("seeded/publish-before-write");
  hunt::HuntOptions o;
  o.budget_seconds = 1e9;
  o.max_programs = 20;
  o.client =
      generator::parse_client(*t.model, "push() push(3) | pop() pop()", hunt::client_limits());
  hunt::HuntResult r = hunt::hunt(t, o);
  ASSERT_EQ(r.violations.size(), 1u);
  const Counterexample c = to_counterexample(t, r.violations[0], o);
  ASSERT_EQ(c.client, o.client);
  const Counterexample s = shrink(c);
  EXPECT_EQ(s.client, o.client);
  EXPECT_EQ(s.program.describe(*t.model), "T0: push(1) push(3) | T1: pop() pop()");
  EXPECT_TRUE(reproduce(s).exact);
  hunt::HuntOptions unconstrained = o;
  unconstrained.client.reset();
  EXPECT_EQ(shrink(to_counterexample(t, r.violations[0], unconstrained)).program.calls(), 2u);
}

// The init prefix of a client keeps its calls too; an argument it leaves out there is
// simplified like the threads' (the unconstrained shrinker drops the init call instead).
TEST(Corpus, AClientsInitPrefixIsShrunkOnlyInItsDrawnArguments) {
  const specs::Target& t = *specs::find_target("seeded/publish-before-write");
  hunt::HuntOptions o;
  o.budget_seconds = 1e9;
  o.max_programs = 20;
  o.client = generator::parse_client(*t.model, "init: push() push(2) | push() | pop() pop() pop()",
                                     hunt::client_limits());
  hunt::HuntResult r = hunt::hunt(t, o);
  ASSERT_EQ(r.violations.size(), 1u);
  const Counterexample s = shrink(to_counterexample(t, r.violations[0], o));
  EXPECT_EQ(s.program.describe(*t.model),
            "init: push(1) push(2) | T0: push(1) | T1: pop() pop() pop()");
}

TEST(Corpus, ReplayingAThousandTimesGivesTheSameTrace) {
  Counterexample c = shrink(found_bug());
  Reproduction first = reproduce(c);
  ASSERT_TRUE(first.exact);
  for (int i = 0; i < 1000; ++i) {
    Reproduction again = reproduce(c);
    ASSERT_TRUE(again.exact);
    ASSERT_EQ(again.violation->report, first.violation->report) << "replay " << i;
  }
}

// Exact means the recorded results too: the same schedule failing with other results is a
// different failure, and the bounded search then decides (here: the bug is still there).
TEST(Corpus, AReplayWithOtherResultsThanRecordedIsNotExact) {
  Counterexample c = shrink(found_bug());
  ASSERT_EQ(c.kind, lineup::hunt::ViolationKind::kNotLinearizable);
  ASSERT_TRUE(reproduce(c).exact);
  c.results[0] += 7;
  Reproduction r = reproduce(c);
  EXPECT_FALSE(r.exact);
  EXPECT_TRUE(r.other_schedule.has_value());
  EXPECT_FALSE(r.undetermined);
}

// A search that hits its cap before completing its bound decides nothing.
TEST(Corpus, ACappedSearchIsUndetermined) {
  Counterexample c = load(LINEUP_SOURCE_DIR
                          "/tests/lineup/corpus/capped/boost-queue-not-linearizable-capped.json");
  Reproduction capped = reproduce(c, 5);
  EXPECT_FALSE(capped.still_fails());
  EXPECT_TRUE(capped.undetermined);
  Reproduction full = reproduce(c);
  EXPECT_FALSE(full.still_fails());
  EXPECT_FALSE(full.undetermined);
}

TEST(Corpus, EverySeededCorpusFileReplaysToTheSameTraceAThousandTimes) {
  std::vector<Entry> entries = read(LINEUP_SOURCE_DIR "/corpus/cases/seeded");
  ASSERT_FALSE(entries.empty());
  for (const Entry& e : entries) {
    ASSERT_TRUE(e.counterexample.has_value()) << e.error;
    Reproduction first = reproduce(*e.counterexample);
    ASSERT_TRUE(first.exact) << e.path;
    for (int i = 0; i < 1000; ++i) {
      Reproduction again = reproduce(*e.counterexample);
      ASSERT_TRUE(again.exact) << e.path << ", replay " << i;
      ASSERT_EQ(again.violation->report, first.violation->report) << e.path << ", replay " << i;
    }
  }
}

}  // namespace
}  // namespace lineup::corpus
