#include "lineup/corpus/corpus.h"

#include <fcntl.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>

#include "lineup/hunt/search.h"

namespace lineup::corpus {
namespace {

namespace fs = std::filesystem;

[[noreturn]] void io_error(const std::string& what, const std::string& path) {
  throw std::runtime_error(what + " " + path + ": " + std::strerror(errno));
}

std::string file_stem(const Counterexample& c) {
  std::string stem = c.structure + "-" + to_string(c.kind);
  for (char& ch : stem) {
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-') ch = '-';
  }
  uint64_t h = 1469598103934665603ULL;  // FNV-1a over the signature
  for (const std::string& f : c.signature) {
    for (char ch : f + "\n") h = (h ^ static_cast<unsigned char>(ch)) * 1099511628211ULL;
  }
  char hex[9];
  std::snprintf(hex, sizeof hex, "%08x", static_cast<unsigned>(h ^ (h >> 32)));
  return stem + "-" + hex;
}

// Creates ".NAME.XXXXXX" beside `path` (X random) as a new file with mode 0666 less the
// process's umask, as open(2) applies it (mkstemp would make it 0600); sets `name` and returns
// the descriptor open for writing, or -1 with errno set.
int create_temporary(const std::string& path, std::string& name) {
  static constexpr char kChars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  static thread_local std::mt19937_64 random(std::random_device{}());
  fs::path target(path);
  for (int attempt = 0; attempt < 100; ++attempt) {
    // The process id keeps forked copies of one generator apart.
    uint64_t bits = random() ^ (static_cast<uint64_t>(::getpid()) * 0x9E3779B97F4A7C15ULL);
    std::string suffix(6, ' ');
    for (char& c : suffix) {
      c = kChars[bits % (sizeof kChars - 1)];
      bits /= sizeof kChars - 1;
    }
    name = (target.parent_path() / ("." + target.filename().string() + "." + suffix)).string();
    int fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0 || errno != EEXIST) return fd;
  }
  return -1;
}

}  // namespace

bool write_new_file(const std::string& path, const std::string& text) {
  std::string name;
  int fd = create_temporary(path, name);
  if (fd < 0) io_error("cannot create a temporary file for", path);
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      int saved = errno;
      ::close(fd);
      ::unlink(name.c_str());
      errno = saved;
      io_error("cannot write", path);
    }
    done += static_cast<size_t>(n);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    ::unlink(name.c_str());
    io_error("cannot flush", path);
  }
  bool created = ::link(name.c_str(), path.c_str()) == 0;
  int saved = errno;
  ::unlink(name.c_str());
  if (!created && saved != EEXIST) {
    errno = saved;
    io_error("cannot create", path);
  }
  return created;
}

Counterexample load(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw CounterexampleError(path + ": cannot be read");
  std::stringstream text;
  text << in.rdbuf();
  try {
    return from_json(text.str());
  } catch (const CounterexampleError& e) {
    throw CounterexampleError(path + ": " + e.what());
  }
}

std::vector<std::string> files(const std::string& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return out;
  for (const auto& f : fs::directory_iterator(dir, ec)) {
    std::string name = f.path().filename().string();
    if (f.path().extension() == ".json" && !name.starts_with(".")) out.push_back(f.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<Entry> read(const std::string& dir) {
  std::vector<Entry> out;
  for (const std::string& path : files(dir)) {
    Entry e;
    e.path = path;
    try {
      e.counterexample = load(e.path);
    } catch (const CounterexampleError& err) {
      e.error = err.what();
    }
    out.push_back(std::move(e));
  }
  return out;
}

bool same_bug(const Counterexample& a, const Counterexample& b) {
  if (a.structure != b.structure || a.kind != b.kind) return false;
  return a.signature == b.signature || (a.program == b.program && a.schedule == b.schedule);
}

std::optional<std::string> same_bug(const std::string& dir, const Counterexample& c,
                                    const std::string& except) {
  for (const Entry& e : read(dir)) {
    if (e.path != except && e.counterexample && same_bug(*e.counterexample, c)) return e.path;
  }
  return std::nullopt;
}

namespace {

// Why `dir`, an existing folder, cannot take counterexamples ("" when it can).
std::string folder_unwritable_reason(const std::string& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return "not a folder";
  try {
    std::string probe = (fs::path(dir) / ".lineup-write-test").string();
    ::unlink(probe.c_str());  // a leftover of a killed check
    write_new_file(probe, "lineup\n");
    ::unlink(probe.c_str());
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  struct statvfs st = {};
  if (statvfs(dir.c_str(), &st) == 0) {
    uint64_t free_bytes = static_cast<uint64_t>(st.f_bavail) * st.f_frsize;
    if (free_bytes < kMinimumFreeBytes) {
      return "only " + std::to_string(free_bytes / 1024) + " KiB free";
    }
  }
  return "";
}

}  // namespace

std::string unwritable_reason(const std::string& dir) {
  // The folders this check creates, deepest first: removed again, so that a hunt that finds
  // nothing leaves no empty corpus folder behind.
  std::vector<fs::path> created;
  std::error_code ec;
  for (fs::path p = fs::absolute(dir, ec); !p.empty() && !fs::exists(p, ec); p = p.parent_path()) {
    created.push_back(p);
    if (p == p.parent_path()) break;
  }
  fs::create_directories(dir, ec);
  if (ec) return "cannot create the folder: " + ec.message();
  std::string why = folder_unwritable_reason(dir);
  for (const fs::path& p : created) fs::remove(p, ec);  // only if still empty
  return why;
}

void replace_file(const std::string& path, const std::string& text) {
  fs::path at(path);
  for (int n = 0;; ++n) {
    std::string tmp =
        (at.parent_path() / ("." + at.filename().string() + ".new" + std::to_string(n))).string();
    if (!write_new_file(tmp, text)) continue;  // a leftover of a killed writer: another name
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
      int saved = errno;
      ::unlink(tmp.c_str());
      errno = saved;
      io_error("cannot replace", path);
    }
    return;
  }
}

void replace(const std::string& path, const Counterexample& c) {
  const specs::Target* target = specs::find_target(c.structure);
  if (target == nullptr) throw std::runtime_error("unknown structure " + c.structure);
  replace_file(path, to_json(c, *target->model));
}

Archived archive(const std::string& dir, const Counterexample& c, const std::string& except) {
  if (std::optional<std::string> same = same_bug(dir, c, except)) return {*same, true};
  std::error_code ec;
  fs::create_directories(dir, ec);
  const specs::Target* target = specs::find_target(c.structure);
  if (target == nullptr) throw std::runtime_error("unknown structure " + c.structure);
  std::string text = to_json(c, *target->model), stem = file_stem(c);
  for (int n = 1;; ++n) {
    std::string path =
        (fs::path(dir) / (stem + (n > 1 ? "-" + std::to_string(n) : "") + ".json")).string();
    if (write_new_file(path, text)) return {path, false};
  }
}

Reproduction reproduce(const Counterexample& c, uint64_t executions) {
  const specs::Target* target = specs::find_target(c.structure);
  if (target == nullptr) throw CounterexampleError("field 'structure': not registered");
  hunt::HuntOptions options = c.replay_options();
  auto engine = hunt::make_engine(*target, options, static_cast<int>(c.program.threads.size()));
  Reproduction r;
  r.violation = hunt::replay_schedule(*engine, *target, c.program, c.schedule, options);
  // Results are compared only for executions that completed: a failure (crash, deadlock,
  // use-after-free) stops calls midway, and their result slots are then not results.
  r.exact = r.violation && r.violation->kind == c.kind &&
            (c.kind != hunt::ViolationKind::kNotLinearizable || c.results.empty() ||
             r.violation->results == c.results);
  if (!r.exact) {
    options.search.strategy = hunt::systematic_strategy(c.replay.memory_model);
    options.search.bound = std::max(2, c.preemptions);
    options.search.stale_bound = stale_choices(c.schedule);
    options.search.executions_per_program = executions;
    auto s = hunt::ProgramSearcher(*engine, *target).search(c.program, c.program_index, options);
    r.undetermined = !s.violation && (s.capped || s.bound_completed < options.search.bound);
    r.other_schedule = std::move(s.violation);
  }
  return r;
}

}  // namespace lineup::corpus
