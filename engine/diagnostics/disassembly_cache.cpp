#include "engine/diagnostics/disassembly_cache.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

namespace lineup::engine {
namespace {

// An entry is a text file named after the module's identity and the format's version: the
// format line, the identity, the number of records, one line per record, and a checksum of
// all the lines before it. A record is a kind letter and fields separated by one space, the
// last field the rest of the line: "f ADDRESS SYMBOL" (a function), "h ADDRESS INSTRUCTION"
// (a hidden access), "c ADDRESS KIND TARGET SYMBOL" (a call; SYMBOL may be empty). No field
// holds a newline (objdump's output is read a line at a time).
constexpr const char* kEntryFormat = "lineup code scan 2";
constexpr const char* kEntrySuffix = ".v2";
constexpr auto kUnusedEntryLifetime = std::chrono::hours(24 * 30);

// FNV-1a, 64 bits, as 16 hex digits: the checksum of an entry's lines.
std::string checksum(std::string_view text) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (char c : text) h = (h ^ static_cast<uint8_t>(c)) * 0x100000001b3ULL;
  char out[17];
  std::snprintf(out, sizeof out, "%016lx", static_cast<unsigned long>(h));
  return out;
}

std::string entry_text(const std::string& identity, const ModuleCode& code) {
  std::string records;
  size_t n = 0;
  for (const CodeFunction& f : code.functions) {
    records += "f " + hex_address(f.address) + " " + f.name + "\n";
    ++n;
  }
  for (const CodeAccess& a : code.accesses) {
    records += "h " + hex_address(a.address) + " " + a.instruction + "\n";
    ++n;
  }
  for (const CodeCall& c : code.calls) {
    records += "c " + hex_address(c.address) + " " + static_cast<char>(c.kind) + " " +
               hex_address(c.target) + " " + c.symbol + "\n";
    ++n;
  }
  std::string text =
      std::string(kEntryFormat) + "\n" + identity + "\n" + std::to_string(n) + "\n" + records;
  return text + checksum(text) + "\n";
}

// The whole of a file, or nothing when it cannot be read (or is implausibly large).
std::optional<std::string> read_file(const std::string& path) {
  constexpr off_t kMaxEntry = off_t{256} << 20;
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

// Splits `s` at its first space: the field, and the rest (false when there is no space).
bool field(std::string_view& s, std::string_view& out) {
  size_t space = s.find(' ');
  if (space == std::string_view::npos) return false;
  out = s.substr(0, space);
  s.remove_prefix(space + 1);
  return true;
}

bool address(std::string_view text, uintptr_t& out) {
  if (text.size() < 3 || text.substr(0, 2) != "0x") return false;
  const std::string s(text);
  char* end = nullptr;
  errno = 0;
  out = static_cast<uintptr_t>(std::strtoull(s.c_str(), &end, 16));
  return *end == '\0' && errno == 0;
}

// One record into `code`; false when it is not well formed.
bool parse_record(std::string_view line, ModuleCode& code) {
  std::string_view kind, at;
  uintptr_t a = 0;
  if (!field(line, kind) || kind.size() != 1 || !field(line, at) || !address(at, a)) return false;
  switch (kind[0]) {
    case 'f':
      code.functions.push_back({a, std::string(line)});
      return !line.empty();
    case 'h':
      code.accesses.push_back({a, std::string(line)});
      return !line.empty();
    case 'c': {
      std::string_view call_kind, target;
      CodeCall c;
      c.address = a;
      if (!field(line, call_kind) || call_kind.size() != 1 || !field(line, target) ||
          !address(target, c.target)) {
        return false;
      }
      c.kind = static_cast<CodeCall::Kind>(call_kind[0]);
      if (c.kind != CodeCall::Kind::kDirect && c.kind != CodeCall::Kind::kImported &&
          c.kind != CodeCall::Kind::kIndirect) {
        return false;
      }
      c.symbol = line;
      code.calls.push_back(std::move(c));
      return true;
    }
    default:
      return false;
  }
}

// The code of a whole, well-formed entry for `identity`; nothing for anything else.
std::optional<ModuleCode> parse_entry(std::string_view text, const std::string& identity) {
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
      lines.size() != 4 + std::stoull(count)) {
    return std::nullopt;
  }
  // The checksum covers every line before it, newlines included.
  const std::string_view& last = lines.back();
  const size_t body = static_cast<size_t>(last.data() - lines[0].data());
  if (last != checksum(std::string_view(lines[0].data(), body))) return std::nullopt;
  ModuleCode code;
  for (size_t i = 3; i + 1 < lines.size(); ++i) {
    if (!parse_record(lines[i], code)) return std::nullopt;
  }
  return code;
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

// Removes the entries of `folder` (of any format) not read or written for
// kUnusedEntryLifetime, and temporary files left that long by writers that died.
void remove_unused_entries(const std::string& folder) {
  std::unique_ptr<DIR, int (*)(DIR*)> dir(opendir(folder.c_str()), closedir);
  if (!dir) return;
  const auto now = std::chrono::system_clock::now();
  while (const dirent* e = readdir(dir.get())) {
    const std::string name = e->d_name;
    if (name.size() < 32 || name.find(".v") == std::string::npos) continue;
    std::string path = folder;
    path += '/';
    path += name;
    struct stat st {};
    if (stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) continue;
    const auto used = std::chrono::system_clock::from_time_t(st.st_mtime);
    if (now - used > kUnusedEntryLifetime) unlink(path.c_str());
  }
}

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

}  // namespace

std::string hidden_access_cache_folder() {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg != nullptr && xdg[0] == '/') return std::string(xdg) + "/lineup/hidden-accesses";
  const char* home = std::getenv("HOME");
  if (home != nullptr && home[0] != '\0')
    return std::string(home) + "/.cache/lineup/hidden-accesses";
  return "";
}

std::string cache_entry_name(const std::string& identity) { return identity + kEntrySuffix; }

std::optional<ModuleCode> read_kept_code(const std::string& identity) {
  const std::string folder = identity.empty() ? "" : hidden_access_cache_folder();
  if (folder.empty()) return std::nullopt;
  const std::string entry = folder + "/" + cache_entry_name(identity);
  std::optional<std::string> text = read_file(entry);
  if (!text) return std::nullopt;
  std::optional<ModuleCode> code = parse_entry(*text, identity);
  if (code) utimensat(AT_FDCWD, entry.c_str(), nullptr, 0);  // used now: not removed as unused
  return code;
}

void keep_code(const std::string& identity, const ModuleCode& code) {
  const std::string folder = identity.empty() ? "" : hidden_access_cache_folder();
  if (folder.empty()) return;
  write_entry(folder + "/" + cache_entry_name(identity), entry_text(identity, code));
}

}  // namespace lineup::engine
