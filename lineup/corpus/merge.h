// Merging corpora: the counterexample folders of several shards of one hunt (or of several
// hunts) joined into one, deduplicated as one hunt's archive would be.
#pragma once

#include <string>
#include <vector>

namespace lineup::corpus {

/// What became of one input file.
struct MergedFile {
  enum class Fate {
    kKept,        // copied to `written`
    kDropped,     // same (structure, kind, signature) as `same_as`, not copied
    kUnreadable,  // not a counterexample (see `error`); copied as it is to `written`
  };
  std::string source;
  Fate fate = Fate::kKept;
  std::string written;  // kKept, kUnreadable: the new file in the output folder
  std::string same_as;  // kDropped: the file (in the output folder) that holds the same bug
  std::string error;    // kUnreadable: what is wrong with it
};

/// Copies the *.json files of `inputs` (folders, in order; files sorted by name, as
/// corpus::files) into `out` (created if needed), keeping one file per (structure, kind,
/// signature): the first seen, where files already in `out` come first. Files that are not
/// counterexamples (unparsable JSON, another format_version, a missing or mistyped
/// structure, kind or signature) are copied as they are, so nothing is lost. Files are
/// written atomically under their own name (with -2, -3, ... before .json when `out` already
/// has one by that name) and never overwrite. Throws std::runtime_error on I/O errors.
std::vector<MergedFile> merge(const std::string& out, const std::vector<std::string>& inputs);

}  // namespace lineup::corpus
