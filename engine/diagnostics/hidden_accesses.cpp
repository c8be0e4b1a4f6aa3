#include "engine/diagnostics/hidden_accesses.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>

#include "engine/diagnostics/symbolizer.h"

namespace lineup::engine {
namespace {

std::string hex(uintptr_t v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%lx", static_cast<unsigned long>(v));
  return buf;
}

// `text` quoted for the shell.
std::string quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

bool in_ranges(const std::vector<std::pair<uintptr_t, uintptr_t>>& ranges, uintptr_t a) {
  auto it = std::upper_bound(ranges.begin(), ranges.end(), std::make_pair(a, ~uintptr_t{0}));
  return it != ranges.begin() && a < std::prev(it)->second;
}

// "file:line function", with the functions it was inlined into ("asm.h:12 cas, inlined into
// Queue::push at queue.cpp:40"): inline assembly sits in small helpers, and the reader needs
// the structure's function that used one.
std::string where(Symbolizer& symbols, uintptr_t pc) {
  // The symbolizer takes return addresses (it resolves the byte before).
  std::string text = symbols.describe(pc + 1);
  const std::vector<SourceFrame>& frames = symbols.frames(pc + 1);
  for (size_t i = 1; i < frames.size() && i <= 2; ++i) {
    std::string file = frames[i].file.substr(frames[i].file.rfind('/') + 1);
    text += ", inlined into " + frames[i].function + " at " + file + ":" +
            std::to_string(frames[i].line);
  }
  return text;
}

// One access a module's disassembly found.
struct Found {
  uintptr_t address = 0;    // link-time
  std::string instruction;  // as objdump prints it
  std::string function;     // the function objdump names around it
};

struct PipeCloser {
  void operator()(FILE* f) const { pclose(f); }
};

// Disassembles one module's instrumented ranges into `found`, in address order; false, with
// why in `out.unchecked`, when objdump failed or printed nothing.
bool disassemble(const InstrumentedModule& m, std::vector<Found>& found, HiddenAccessScan& out) {
  const std::string command =
      "objdump -d -C -w --no-show-raw-insn --start-address=" + hex(m.ranges.front().first) +
      " --stop-address=" + hex(m.ranges.back().second) + " " + quoted(m.path) + " 2>/dev/null";
  std::unique_ptr<FILE, PipeCloser> pipe(popen(command.c_str(), "r"));
  if (!pipe) {
    out.unchecked.push_back(m.path + ": objdump could not be started");
    return false;
  }
  std::string function;
  size_t instructions = 0;
  char line[4096];
  while (std::fgets(line, sizeof line, pipe.get()) != nullptr) {
    std::string_view l(line);
    while (!l.empty() && (l.back() == '\n' || l.back() == '\r')) l.remove_suffix(1);
    // A function starts: "0000000000001234 <push(long)>:".
    if (!l.empty() && l.front() != ' ' && l.size() > 2 && l.substr(l.size() - 2) == ">:") {
      size_t open = l.find('<');
      if (open != std::string_view::npos) function = l.substr(open + 1, l.size() - open - 3);
      continue;
    }
    // An instruction: "    1234:\tlock cmpxchg %rdx,(%rsi)".
    size_t colon = l.find(":\t");
    if (colon == std::string_view::npos || l.empty() || l.front() != ' ') continue;
    ++instructions;
    std::string_view instruction = l.substr(colon + 2);
    if (!is_hidden_access(instruction)) continue;
    uintptr_t address = std::strtoull(std::string(l.substr(0, colon)).c_str(), nullptr, 16);
    if (!in_ranges(m.ranges, address)) continue;
    found.push_back({address, std::string(instruction), function});
  }
  int status = pclose(pipe.release());
  if (status != 0 || instructions == 0) {
    out.unchecked.push_back(m.path +
                            ": objdump (binutils) failed or printed nothing; is it installed?");
    return false;
  }
  return true;
}

// The cache of disassemblies (hidden_access_cache_folder()). An entry is a text file named
// after the module's identity and the format's version: the format line, the identity, the
// number of accesses, three lines per access (address in hex, instruction, function), and a
// checksum of all the lines before it. No field holds a newline (objdump's output is read a
// line at a time).
constexpr const char* kEntryFormat = "lineup hidden-access scan 1";
constexpr const char* kEntrySuffix = ".v1";
constexpr auto kUnusedEntryLifetime = std::chrono::hours(24 * 30);

// FNV-1a, 64 bits, as 16 hex digits: the checksum of an entry's lines.
std::string checksum(std::string_view text) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (char c : text) h = (h ^ static_cast<uint8_t>(c)) * 0x100000001b3ULL;
  char out[17];
  std::snprintf(out, sizeof out, "%016lx", static_cast<unsigned long>(h));
  return out;
}

std::string entry_text(const std::string& identity, const std::vector<Found>& found) {
  std::string text =
      std::string(kEntryFormat) + "\n" + identity + "\n" + std::to_string(found.size()) + "\n";
  for (const Found& f : found) {
    text += hex(f.address);
    text += '\n';
    text += f.instruction;
    text += '\n';
    text += f.function;
    text += '\n';
  }
  return text + checksum(text) + "\n";
}

// The whole of a file, or nothing when it cannot be read (or is implausibly large).
std::optional<std::string> read_file(const std::string& path) {
  constexpr off_t kMaxEntry = off_t{64} << 20;
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  std::string text;
  struct stat st {};
  bool ok = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size <= kMaxEntry;
  if (ok) {
    text.resize(static_cast<size_t>(st.st_size));
    size_t done = 0;
    while (ok && done < text.size()) {
      ssize_t n = read(fd, text.data() + done, text.size() - done);
      if (n < 0 && errno == EINTR) continue;
      ok = n > 0;
      if (ok) done += static_cast<size_t>(n);
    }
  }
  close(fd);
  if (!ok) return std::nullopt;
  return text;
}

// The accesses of a whole, well-formed entry for `identity`; nothing for anything else.
std::optional<std::vector<Found>> parse_entry(std::string_view text, const std::string& identity) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    size_t end = text.find('\n');
    if (end == std::string_view::npos) return std::nullopt;  // cut short
    lines.push_back(text.substr(0, end));
    text.remove_prefix(end + 1);
  }
  if (lines.size() < 4 || lines[0] != kEntryFormat || lines[1] != identity) return std::nullopt;
  const std::string count(lines[2]);
  if (count.empty() || count.size() > 9 ||
      count.find_first_not_of("0123456789") != std::string::npos ||
      lines.size() != 4 + 3 * std::stoull(count)) {
    return std::nullopt;
  }
  // The checksum covers every line before it, newlines included.
  const std::string_view& last = lines.back();
  const size_t body = static_cast<size_t>(last.data() - lines[0].data());
  if (last != checksum(std::string_view(lines[0].data(), body))) return std::nullopt;
  std::vector<Found> found;
  for (size_t i = 3; i + 1 < lines.size(); i += 3) {
    const std::string address(lines[i]);
    char* end = nullptr;
    errno = 0;
    const unsigned long long a = std::strtoull(address.c_str(), &end, 16);
    if (address.size() < 3 || address.compare(0, 2, "0x") != 0 || *end != '\0' || errno != 0) {
      return std::nullopt;
    }
    found.push_back(
        {static_cast<uintptr_t>(a), std::string(lines[i + 1]), std::string(lines[i + 2])});
  }
  return found;
}

// Creates `folder` and the folders above it that are missing (0700, as the XDG base
// directory specification asks of the folders it names).
bool make_folders(const std::string& folder) {
  for (size_t at = 1; at <= folder.size(); ++at) {
    if (at != folder.size() && folder[at] != '/') continue;
    const std::string part = folder.substr(0, at);
    if (mkdir(part.c_str(), 0700) != 0 && errno != EEXIST) return false;
  }
  struct stat st {};
  return stat(folder.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// Removes the entries of `folder` not read or written for kUnusedEntryLifetime, and
// temporary files left that long by writers that died.
void remove_unused_entries(const std::string& folder) {
  std::unique_ptr<DIR, int (*)(DIR*)> dir(opendir(folder.c_str()), closedir);
  if (!dir) return;
  const auto now = std::chrono::system_clock::now();
  while (const dirent* e = readdir(dir.get())) {
    const std::string name = e->d_name;
    if (name.size() < 32 || name.find(kEntrySuffix) == std::string::npos) continue;
    std::string path = folder;
    path += '/';
    path += name;
    struct stat st {};
    if (stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) continue;
    const auto used = std::chrono::system_clock::from_time_t(st.st_mtime);
    if (now - used > kUnusedEntryLifetime) unlink(path.c_str());
  }
}

// Writes `text` to `path` whole or not at all: into a temporary file of the same folder,
// renamed over `path` (readers see the old entry, none, or the new one, never a part).
void write_entry(const std::string& path, const std::string& text) {
  const std::string folder = path.substr(0, path.rfind('/'));
  if (!make_folders(folder)) return;
  static std::atomic<unsigned> written{0};
  const std::string temp =
      path + ".tmp." + std::to_string(getpid()) + "." + std::to_string(written++) + "." +
      std::to_string(std::chrono::steady_clock::now().time_since_epoch().count());
  int fd = open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) return;
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += static_cast<size_t>(n);
  }
  const bool ok = close(fd) == 0 && done == text.size();
  if (!ok || rename(temp.c_str(), path.c_str()) != 0) {
    unlink(temp.c_str());
    return;
  }
  remove_unused_entries(folder);
}

// The accesses found in one module, from its cache entry when there is a sound one, else by
// disassembling it (and then kept, when the disassembly completed; when it failed, `found`
// holds what it printed before).
void module_accesses(const InstrumentedModule& m, std::vector<Found>& found,
                     HiddenAccessScan& out) {
  const std::string folder = m.identity.empty() ? "" : hidden_access_cache_folder();
  const std::string entry = folder.empty() ? "" : folder + "/" + m.identity + kEntrySuffix;
  if (!entry.empty()) {
    if (std::optional<std::string> text = read_file(entry)) {
      if (std::optional<std::vector<Found>> kept = parse_entry(*text, m.identity)) {
        found = std::move(*kept);
        ++out.cached;
        utimensat(AT_FDCWD, entry.c_str(), nullptr, 0);  // used now: not removed as unused
        return;
      }
    }
  }
  if (disassemble(m, found, out) && !entry.empty()) {
    write_entry(entry, entry_text(m.identity, found));
  }
}

// Lists one module's hidden accesses in `out`, describing them while fewer than `limit` are.
void scan_module(const InstrumentedModule& m, size_t limit, Symbolizer& symbols,
                 HiddenAccessScan& out) {
  std::vector<Found> found;
  module_accesses(m, found, out);
  for (Found& f : found) {
    HiddenAccess h;
    h.pc = f.address + m.bias;
    h.instruction = std::move(f.instruction);
    if (out.accesses.size() < limit) {
      h.where = where(symbols, h.pc);
      if (h.where == "?" || h.where.empty())
        h.where = m.path + " " + hex(f.address) + " in " + f.function;
    }
    out.accesses.push_back(std::move(h));
  }
}

std::string_view mnemonic_of(std::string_view instruction) {
  size_t end = instruction.find_first_of(" \t");
  return instruction.substr(0, end);
}

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

}  // namespace

bool is_hidden_access(std::string_view instruction) {
  std::string_view mnemonic = mnemonic_of(instruction);
  if (mnemonic == "lock") return true;  // a lock prefix on any instruction
  const bool memory_operand = instruction.find('(') != std::string_view::npos;
  if (starts_with(mnemonic, "cmpxchg")) return memory_operand;  // also cmpxchg8b/16b
  if (starts_with(mnemonic, "xchg") || starts_with(mnemonic, "xadd")) return memory_operand;
  return mnemonic == "mfence";
}

std::string hidden_access_cache_folder() {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg != nullptr && xdg[0] == '/') return std::string(xdg) + "/lineup/hidden-accesses";
  const char* home = std::getenv("HOME");
  if (home != nullptr && home[0] != '\0')
    return std::string(home) + "/.cache/lineup/hidden-accesses";
  return "";
}

HiddenAccessScan scan_hidden_accesses(const InstrumentedCode& code, size_t limit) {
  HiddenAccessScan out;
  out.unchecked = code.unreadable;
  Symbolizer symbols;
  for (const InstrumentedModule& m : code.modules) scan_module(m, limit, symbols, out);
  return out;
}

}  // namespace lineup::engine
