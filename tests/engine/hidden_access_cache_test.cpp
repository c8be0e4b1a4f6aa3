// The kept scans of hidden accesses (hidden_accesses.h): a second scan of the same code reads
// the entry the first wrote instead of disassembling and reports the same; an entry damaged
// in any byte, cut short or naming other code is not trusted, and is written anew. Scans that
// only the cache can answer run with no objdump on PATH: without a sound entry they fail.
#include <elf.h>
#include <gtest/gtest.h>
#include <link.h>
#include <stdlib.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "engine/diagnostics/hidden_accesses.h"
#include "fixtures/small_program.h"
#include "fixtures/tls_library.h"

namespace lineup::engine {
namespace {

namespace fs = std::filesystem;

// Uninstrumented code with an atomic instruction: scanned as if it were instrumented, it holds
// a hidden access (`lock xadd`).
[[gnu::noinline]] int bump(std::atomic<int>& a) { return a.fetch_add(1) + 1; }

std::string read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void write_all(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary | std::ios::trunc) << text;
}

// A new folder of the system's temporary folder.
fs::path new_folder(const char* name) {
  std::string dir = (fs::temp_directory_path() / (std::string(name) + "_XXXXXX")).string();
  if (mkdtemp(dir.data()) == nullptr) return {};
  return dir;
}

// This executable's file and load bias.
std::pair<std::string, uintptr_t> executable() {
  uintptr_t bias = 0;
  dl_iterate_phdr(
      [](dl_phdr_info* info, size_t, void* out) {
        if (info->dlpi_name != nullptr && info->dlpi_name[0] != '\0') return 0;
        *static_cast<uintptr_t*>(out) = info->dlpi_addr;
        return 1;
      },
      &bias);
  return {fs::canonical("/proc/self/exe").string(), bias};
}

bool same(const HiddenAccessScan& a, const HiddenAccessScan& b) {
  if (a.accesses.size() != b.accesses.size() || a.unchecked != b.unchecked) return false;
  for (size_t i = 0; i < a.accesses.size(); ++i) {
    const HiddenAccess &x = a.accesses[i], &y = b.accesses[i];
    if (x.pc != y.pc || x.instruction != y.instruction || x.where != y.where) return false;
  }
  return true;
}

class HiddenAccessCache : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = new_folder("lineup_hidden_access_cache");
    ASSERT_FALSE(root_.empty());
    setenv("XDG_CACHE_HOME", root_.c_str(), 1);
    const char* path = std::getenv("PATH");
    path_ = path != nullptr ? path : "/usr/bin:/bin";
    folder_ = hidden_access_cache_folder();
    ASSERT_EQ(folder_, (root_ / "lineup" / "hidden-accesses").string());
    // The instrumented fixtures and library, linked in and loaded.
    EXPECT_GE(tls_library_next(), 0);
    volatile auto used = &fixtures::run_cells;
    EXPECT_NE(used, nullptr);
    loaded_ = find_instrumented_code();
    ASSERT_TRUE(loaded_.unreadable.empty()) << loaded_.unreadable.front();
    ASSERT_GE(loaded_.modules.size(), 2u);
    for (const InstrumentedModule& m : loaded_.modules) ASSERT_EQ(m.identity.size(), 32u);
    // A module whose "instrumented" range is bump(), under an identity of its own.
    auto [file, bias] = executable();
    const uintptr_t start = reinterpret_cast<uintptr_t>(&bump) - bias;
    atomic_.path = file;
    atomic_.bias = bias;
    atomic_.ranges = {{start, start + 32}};
    atomic_.identity = "0123456789abcdef0123456789abcdef";
  }
  void TearDown() override {
    setenv("PATH", path_.c_str(), 1);
    unsetenv("XDG_CACHE_HOME");
    fs::remove_all(root_);
  }

  HiddenAccessScan scan(const InstrumentedCode& code) { return scan_hidden_accesses(code); }
  // A scan with no objdump to run: only sound entries can answer it.
  HiddenAccessScan scan_without_objdump(const InstrumentedCode& code) {
    setenv("PATH", (root_ / "no-programs").c_str(), 1);
    HiddenAccessScan s = scan_hidden_accesses(code);
    setenv("PATH", path_.c_str(), 1);
    return s;
  }
  InstrumentedCode atomic_code() const { return InstrumentedCode{{atomic_}, {}}; }
  fs::path entry_of(const InstrumentedModule& m) const {
    return fs::path(folder_) / cache_entry_name(m.identity);
  }
  size_t entries() const {
    if (!fs::exists(folder_)) return 0;
    return static_cast<size_t>(std::distance(fs::directory_iterator(folder_), {}));
  }

  fs::path root_;
  std::string path_, folder_;
  InstrumentedCode loaded_;
  InstrumentedModule atomic_;
};

TEST_F(HiddenAccessCache, WithoutAnEntryAScanNeedsObjdump) {
  HiddenAccessScan s = scan_without_objdump(loaded_);
  EXPECT_EQ(s.cached, 0u);
  EXPECT_EQ(s.unchecked.size(), loaded_.modules.size());
  EXPECT_EQ(entries(), 0u);
}

TEST_F(HiddenAccessCache, TheSecondScanReadsTheEntriesTheFirstWrote) {
  HiddenAccessScan first = scan(loaded_);
  EXPECT_EQ(first.cached, 0u);
  EXPECT_TRUE(first.accesses.empty() && first.unchecked.empty());
  EXPECT_EQ(entries(), loaded_.modules.size());
  for (const InstrumentedModule& m : loaded_.modules) EXPECT_TRUE(fs::exists(entry_of(m)));
  HiddenAccessScan second = scan_without_objdump(loaded_);
  EXPECT_EQ(second.cached, loaded_.modules.size());
  EXPECT_TRUE(second.accesses.empty() && second.unchecked.empty())
      << (second.unchecked.empty() ? "" : second.unchecked.front());
  // The calls and the call graph read back as found.
  ASSERT_EQ(second.calls.size(), first.calls.size());
  for (size_t i = 0; i < first.calls.size(); ++i) {
    EXPECT_EQ(second.calls[i].pc, first.calls[i].pc);
    EXPECT_EQ(second.calls[i].callee, first.calls[i].callee);
  }
  EXPECT_EQ(second.graph.size(), first.graph.size());
  EXPECT_GT(first.graph.size(), 0u);
}

TEST_F(HiddenAccessCache, KeptAccessesReadBackAsFound) {
  HiddenAccessScan first = scan(atomic_code());
  ASSERT_TRUE(first.unchecked.empty()) << first.unchecked.front();
  ASSERT_FALSE(first.accesses.empty());
  EXPECT_NE(first.accesses[0].instruction.find("lock"), std::string::npos);
  EXPECT_NE(first.accesses[0].where.find("bump"), std::string::npos) << first.accesses[0].where;
  HiddenAccessScan second = scan_without_objdump(atomic_code());
  EXPECT_EQ(second.cached, 1u);
  EXPECT_TRUE(same(first, second));
  // Kept at link-time addresses: loaded elsewhere, the module's accesses move with it.
  InstrumentedCode moved = atomic_code();
  moved.modules[0].bias += 0x1000;
  HiddenAccessScan third = scan_without_objdump(moved);
  EXPECT_EQ(third.cached, 1u);
  ASSERT_EQ(third.accesses.size(), first.accesses.size());
  EXPECT_EQ(third.accesses[0].pc, first.accesses[0].pc + 0x1000);
  EXPECT_EQ(third.accesses[0].instruction, first.accesses[0].instruction);
}

TEST_F(HiddenAccessCache, ADamagedEntryIsIgnoredAndWrittenAnew) {
  HiddenAccessScan first = scan(atomic_code());
  ASSERT_TRUE(first.unchecked.empty());
  const fs::path entry = entry_of(atomic_);
  const std::string sound = read_all(entry);
  ASSERT_FALSE(sound.empty());
  std::vector<std::pair<std::string, std::string>> damaged = {
      {"empty", ""},
      {"cut short", sound.substr(0, sound.size() / 2)},
      {"without its last newline", sound.substr(0, sound.size() - 1)},
      {"with a line more", sound + "0x10\n"},
      {"garbage", std::string(sound.size(), '\xff')},
  };
  // Any one byte changed.
  for (size_t i = 0; i < sound.size(); ++i) {
    std::string d = sound;
    d[i] = d[i] == '0' ? '1' : '0';
    damaged.emplace_back("byte " + std::to_string(i) + " changed", d);
  }
  for (const auto& [what, text] : damaged) {
    write_all(entry, text);
    HiddenAccessScan s = scan_without_objdump(atomic_code());
    EXPECT_EQ(s.cached, 0u) << what;
    EXPECT_EQ(s.unchecked.size(), 1u) << what;
    EXPECT_TRUE(s.accesses.empty()) << what;
  }
  // Scanned again, it is rewritten whole.
  HiddenAccessScan again = scan(atomic_code());
  EXPECT_EQ(again.cached, 0u);
  EXPECT_TRUE(same(first, again));
  EXPECT_EQ(read_all(entry), sound);
  EXPECT_EQ(scan_without_objdump(atomic_code()).cached, 1u);
}

TEST_F(HiddenAccessCache, AnEntryOfOtherCodeIsNotUsed) {
  ASSERT_TRUE(scan(atomic_code()).unchecked.empty());
  InstrumentedCode other = atomic_code();
  other.modules[0].identity = "fedcba9876543210fedcba9876543210";
  fs::copy_file(entry_of(atomic_), entry_of(other.modules[0]));
  HiddenAccessScan s = scan_without_objdump(other);
  EXPECT_EQ(s.cached, 0u);
  EXPECT_EQ(s.unchecked.size(), 1u);
}

TEST_F(HiddenAccessCache, AFolderThatCannotBeWrittenOnlyCostsTheCache) {
  // The cache folder's place is taken by a file: nothing is kept, the scan still holds.
  fs::create_directories(fs::path(folder_).parent_path());
  write_all(folder_, "not a folder");
  HiddenAccessScan s = scan(atomic_code());
  EXPECT_TRUE(s.unchecked.empty());
  EXPECT_FALSE(s.accesses.empty());
  EXPECT_EQ(scan_without_objdump(atomic_code()).cached, 0u);
}

TEST(HiddenAccessCacheFolder, FollowsXdgCacheHomeThenHome) {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  const char* home = std::getenv("HOME");
  const std::string saved_xdg = xdg != nullptr ? xdg : "", saved_home = home != nullptr ? home : "";
  setenv("XDG_CACHE_HOME", "/x/cache", 1);
  setenv("HOME", "/h", 1);
  EXPECT_EQ(hidden_access_cache_folder(), "/x/cache/lineup/hidden-accesses");
  setenv("XDG_CACHE_HOME", "relative", 1);  // not absolute: ignored, as the XDG rules say
  EXPECT_EQ(hidden_access_cache_folder(), "/h/.cache/lineup/hidden-accesses");
  unsetenv("XDG_CACHE_HOME");
  EXPECT_EQ(hidden_access_cache_folder(), "/h/.cache/lineup/hidden-accesses");
  unsetenv("HOME");
  EXPECT_EQ(hidden_access_cache_folder(), "");
  if (xdg != nullptr) setenv("XDG_CACHE_HOME", saved_xdg.c_str(), 1);
  if (home != nullptr) setenv("HOME", saved_home.c_str(), 1);
}

// The identity follows the bytes a disassembly reads: a copy of the file elsewhere has the
// same, a copy with one byte of instrumented code changed another.
TEST(InstrumentedModuleIdentity, FollowsTheCode) {
  volatile auto used = &fixtures::run_cells;
  EXPECT_NE(used, nullptr);
  const std::string exe = executable().first;
  std::string error;
  InstrumentedModule m = read_instrumented_module(exe, &error);
  ASSERT_TRUE(error.empty()) << error;
  ASSERT_FALSE(m.ranges.empty());
  ASSERT_EQ(m.identity.size(), 32u);
  EXPECT_EQ(m.identity.find_first_not_of("0123456789abcdef"), std::string::npos);

  const fs::path dir = new_folder("lineup_identity");
  ASSERT_FALSE(dir.empty());
  const fs::path copy = dir / "copy";
  std::string bytes = read_all(exe);
  write_all(copy, bytes);
  EXPECT_EQ(read_instrumented_module(copy, &error).identity, m.identity);

  // The file offset of the first instrumented byte, through the loaded segments.
  const auto* eh = reinterpret_cast<const Elf64_Ehdr*>(bytes.data());
  const auto* ph = reinterpret_cast<const Elf64_Phdr*>(bytes.data() + eh->e_phoff);
  size_t offset = 0;
  for (unsigned i = 0; i < eh->e_phnum; ++i) {
    if (ph[i].p_type == PT_LOAD && m.ranges[0].first >= ph[i].p_vaddr &&
        m.ranges[0].first < ph[i].p_vaddr + ph[i].p_filesz) {
      offset = ph[i].p_offset + (m.ranges[0].first - ph[i].p_vaddr);
    }
  }
  ASSERT_NE(offset, 0u);
  bytes[offset] = static_cast<char>(bytes[offset] ^ 1);
  write_all(copy, bytes);
  InstrumentedModule changed = read_instrumented_module(copy, &error);
  EXPECT_EQ(changed.ranges, m.ranges);
  EXPECT_EQ(changed.identity.size(), 32u);
  EXPECT_NE(changed.identity, m.identity);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace lineup::engine
