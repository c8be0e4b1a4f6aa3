#include "lineup/cli/merge_commands.h"

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "lineup/corpus/merge.h"
#include "lineup/corpus/merge_results.h"

namespace lineup::cli {
namespace {

ExitStatus corpus_merge(const std::string& out, const std::vector<std::string>& dirs) {
  using Fate = corpus::MergedFile::Fate;
  try {
    int kept = 0, dropped = 0, unreadable = 0;
    for (const corpus::MergedFile& m : corpus::merge(out, dirs)) {
      switch (m.fate) {
        case Fate::kKept:
          ++kept;
          std::printf("kept       %s -> %s\n", m.source.c_str(), m.written.c_str());
          break;
        case Fate::kDropped:
          ++dropped;
          std::printf("dropped    %s (same bug as %s)\n", m.source.c_str(), m.same_as.c_str());
          break;
        case Fate::kUnreadable:
          ++unreadable;
          std::printf("unreadable %s: %s (copied as it is to %s)\n", m.source.c_str(),
                      m.error.c_str(), m.written.c_str());
          break;
      }
    }
    std::printf("%d kept, %d dropped as duplicates, %d unreadable\n", kept, dropped, unreadable);
    return unreadable ? ExitStatus::kViolation : ExitStatus::kClean;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "lineup: corpus merge: %s\n", e.what());
    return ExitStatus::kUsage;
  }
}

ExitStatus merge_results(const std::vector<std::string>& files) {
  std::vector<nlohmann::json> shards;
  for (const std::string& file : files) {
    std::ifstream in(file);
    nlohmann::json j = in ? nlohmann::json::parse(in, nullptr, false) : nlohmann::json();
    if (!in.is_open() || j.is_discarded() || !j.is_object()) {
      std::fprintf(stderr, "lineup: merge-results: %s: %s\n", file.c_str(),
                   in.is_open() ? "not a JSON object" : "cannot be read");
      return ExitStatus::kUsage;
    }
    shards.push_back(std::move(j));
  }
  try {
    nlohmann::json merged = lineup::corpus::merge_results(shards);
    std::printf("%s\n", merged.dump(2).c_str());
    // As one hunt's exit status: a violation first, then a shard's internal error.
    if (!merged["violations"].empty()) return ExitStatus::kViolation;
    return merged["internal_errors"].empty() ? ExitStatus::kClean : ExitStatus::kInternalError;
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "lineup: merge-results: %s\n", e.what());
    return ExitStatus::kUsage;
  }
}

}  // namespace

MergeCommands::MergeCommands(CLI::App& app, CLI::App& corpus) {
  corpus_merge_ = corpus.add_subcommand(
      "merge", "join corpus folders (e.g. of a hunt's shards) into OUT, one file per bug");
  corpus_merge_->add_option("out", out_, "the merged corpus folder (created if needed)")
      ->required();
  corpus_merge_->add_option("dirs", inputs_, "corpus folders to merge")
      ->required()
      ->check(CLI::ExistingDirectory);
  merge_results_ = app.add_subcommand(
      "merge-results", "join the `hunt --json` summaries of a hunt's shards into one");
  merge_results_->add_option("files", inputs_, "summary files")->required();
}

bool MergeCommands::parsed() const { return corpus_merge_->parsed() || merge_results_->parsed(); }

ExitStatus MergeCommands::run() {
  if (corpus_merge_->parsed()) return corpus_merge(out_, inputs_);
  return merge_results(inputs_);
}

}  // namespace lineup::cli
