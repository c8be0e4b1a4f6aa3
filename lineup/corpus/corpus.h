// The corpus: a folder of counterexample files (counterexample.h), written atomically,
// deduplicated by root-cause signature, read back with errors that name file and field, and
// replayed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "lineup/corpus/counterexample.h"

namespace lineup::corpus {

/// Writes `text` to `path` only if no file is there: the text goes to a temporary file in
/// the same folder, is flushed to disk, and is then hard-linked to `path`, which fails
/// rather than replace an existing file. A reader (or a kill at any moment) never sees a
/// partial file at `path`. The file's mode is 0666 less the process's umask, as for any file
/// the process creates. Returns false when `path` exists; throws std::runtime_error on
/// other I/O errors.
bool write_new_file(const std::string& path, const std::string& text);

/// Reads and parses one file; throws CounterexampleError whose message starts with `path`.
Counterexample load(const std::string& path);

struct Entry {
  std::string path;
  std::optional<Counterexample> counterexample;  // absent when unreadable
  std::string error;                             // why it is unreadable
};

/// The paths of the *.json files of `dir` (not hidden ones), sorted (an absent folder has
/// none).
std::vector<std::string> files(const std::string& dir);

/// Every file of files(dir), parsed.
std::vector<Entry> read(const std::string& dir);

struct Archived {
  std::string path;
  bool duplicate = false;  // an entry recording the same bug (same_bug) exists
};

/// Stores `c` in `dir` (created if needed) as a new file, unless a readable entry other than
/// `except` records the same bug (same_bug) already.
Archived archive(const std::string& dir, const Counterexample& c, const std::string& except = "");

/// Whether `a` and `b` record one bug: the same structure and kind, and either the same
/// root-cause signature (the functions their schedules preempt in) or the same program and
/// schedule (two finds that shrank to one case, whatever their signatures were as found).
bool same_bug(const Counterexample& a, const Counterexample& b);

/// The path of a readable entry of `dir` other than `except` that records the same bug as `c`
/// (same_bug above), if there is one.
std::optional<std::string> same_bug(const std::string& dir, const Counterexample& c,
                                    const std::string& except = "");

/// Why counterexamples cannot be archived in `dir`, "" when they can: the folder must be
/// creatable (folders this check creates are removed again while still empty), must be a
/// folder, must take a new file (one is written, flushed and removed), and must have at least
/// kMinimumFreeBytes free.
std::string unwritable_reason(const std::string& dir);
constexpr uint64_t kMinimumFreeBytes = 1 << 20;

/// Writes `text` as the file at `path`, replacing any file there: written to a temporary file
/// in the same folder, flushed, and renamed over `path`, so that a reader sees the old file or
/// the new one. Throws std::runtime_error on I/O errors.
void replace_file(const std::string& path, const std::string& text);

/// Replaces the file at `path` with `c`: written to a temporary file in the same folder,
/// flushed, and renamed over `path`, so that a reader sees the old file or the new one.
/// Throws std::runtime_error on I/O errors.
void replace(const std::string& path, const Counterexample& c);

/// The outcome of replaying a counterexample.
struct Reproduction {
  bool exact = false;  // the recorded schedule still shows a violation of the recorded kind
  /// When not exact: the program still fails under a bounded search, with this violation.
  std::optional<hunt::Violation> other_schedule;
  std::optional<hunt::Violation> violation;  // what the recorded schedule shows now, if anything
  /// Not exact, and the search found nothing without completing its bound (it hit its
  /// executions cap): neither fixed nor still failing is known.
  bool undetermined = false;
  bool still_fails() const { return exact || other_schedule.has_value(); }
};

/// Replays `c`'s schedule on its program; if that no longer shows the violation, searches the
/// program (CB-DPOR, bound max(2, c.preemptions), at most `executions` executions) for
/// another schedule. Exact means the same kind of violation with the recorded results.
Reproduction reproduce(const Counterexample& c,
                       uint64_t executions = hunt::HuntOptions().search.executions_per_program);

}  // namespace lineup::corpus
