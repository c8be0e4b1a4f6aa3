#include "lineup/cli/corpus_commands.h"

#include <cstdio>
#include <filesystem>
#include <map>

#include "lineup/cli/hidden_access_check.h"
#include "lineup/corpus/corpus.h"
#include "lineup/corpus/html_report.h"
#include "lineup/corpus/shrink.h"

namespace lineup::cli {
namespace {

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : ", ") + s;
  return out.empty() ? "(none)" : out;
}

std::string summary(const corpus::Counterexample& c, const specs::Model& model) {
  return to_string(c.kind) + (" in " + c.structure) + ": " + c.program.describe(model) + "; " +
         std::to_string(c.preemptions) + " preemptions in " + join(c.signature);
}

}  // namespace

CorpusCommands::CorpusCommands(CLI::App& app) {
  shrink_ = app.add_subcommand(
      "shrink", "shrink a counterexample file; the result is written as a new file beside it");
  shrink_->add_option("file", path_, "counterexample file")->required();

  report_ = app.add_subcommand("report", "a counterexample file as a web page");
  report_->add_option("file", path_, "counterexample file")->required();
  report_->add_option("--html", html_out_, "the page to write")->required();

  corpus_ = app.add_subcommand("corpus", "list or check a corpus folder");
  corpus_->require_subcommand(1);
  list_ = corpus_->add_subcommand("list", "one line per counterexample");
  list_->add_option("dir", dir_, "corpus folder")->required();
  check_ =
      corpus_->add_subcommand("check", "replay every file: fixed / still failing / unreadable");
  check_->add_option("dir", dir_, "corpus folder")->required();
  check_->add_option("--executions", check_executions_,
                     "cap on the search for another failing schedule");
}

bool CorpusCommands::parsed() const {
  return shrink_->parsed() || report_->parsed() || list_->parsed() || check_->parsed();
}

ExitStatus CorpusCommands::run() {
  if (shrink_->parsed()) return shrink_file(path_);
  if (report_->parsed()) return report_html(path_, html_out_);
  if (list_->parsed()) return corpus_list(dir_);
  return corpus_check(dir_, check_executions_);
}

ExitStatus replay_file(const std::string& path) {
  try {
    corpus::Counterexample c = corpus::load(path);
    const specs::Target* target = specs::find_target(c.structure);
    const std::string note = target != nullptr ? unseen_note(*target) : "";
    corpus::Reproduction r = corpus::reproduce(c);
    if (r.exact) {
      std::fputs(r.violation->report.c_str(), stdout);
      std::fputs(note.c_str(), stdout);
      std::printf("reproduced: %s\n", to_string(c.kind));
      return ExitStatus::kViolation;
    }
    std::printf("the recorded schedule no longer shows the violation (%s)\n",
                r.violation
                    ? (std::string("it now ends as ") + to_string(r.violation->kind)).c_str()
                    : "it passes");
    if (r.other_schedule) {
      std::fputs(r.other_schedule->report.c_str(), stdout);
      std::fputs(note.c_str(), stdout);
      std::printf("still failing with another schedule: %s\n", to_string(r.other_schedule->kind));
      return ExitStatus::kViolation;
    }
    if (r.undetermined) {
      std::printf(
          "undetermined: the bounded search hit its executions cap before completing "
          "its bound\n");
      return ExitStatus::kUndetermined;
    }
    std::printf("fixed: the program passes its bounded search\n");
    return ExitStatus::kClean;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "lineup: %s\n", e.what());
    return ExitStatus::kUsage;
  }
}

ExitStatus shrink_file(const std::string& path) {
  try {
    corpus::Counterexample c = corpus::load(path);
    const specs::Model& model = *specs::find_target(c.structure)->model;
    const std::string note = unseen_note(*specs::find_target(c.structure));
    corpus::ShrinkOptions options;
    options.log = [](const std::string& line) { std::printf("  %s\n", line.c_str()); };
    std::printf("shrinking %s\n", summary(c, model).c_str());
    corpus::Counterexample s = corpus::shrink(c, options);
    std::printf("shrunk: %s\n", summary(s, model).c_str());
    std::fputs(note.c_str(), stdout);
    if (corpus::to_json(s, model) == corpus::to_json(c, model)) {
      std::printf("already minimal: %s is unchanged\n", path.c_str());
      return ExitStatus::kClean;
    }
    // The shrunk case has the input's signature: the input itself does not count as the same
    // bug archived (its path as corpus::files names it), or the result would be dropped.
    std::string dir = std::filesystem::path(path).parent_path().string();
    if (dir.empty()) dir = ".";
    const std::string input =
        (std::filesystem::path(dir) / std::filesystem::path(path).filename()).string();
    corpus::Archived a = corpus::archive(dir, s, input);
    std::printf("%s %s\n", a.duplicate ? "already archived as" : "written to", a.path.c_str());
    return ExitStatus::kClean;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "lineup: %s\n", e.what());
    return ExitStatus::kUsage;
  }
}

ExitStatus report_html(const std::string& path, const std::string& out) {
  try {
    std::string page = corpus::html_report(corpus::load(path));
    corpus::replace_file(out, page);
    std::printf("written to %s\n", out.c_str());
    return ExitStatus::kClean;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "lineup: %s\n", e.what());
    return ExitStatus::kUsage;
  }
}

namespace {

// A corpus folder that is not there is a mistake in the command, not an empty corpus.
bool missing_folder(const std::string& dir) {
  if (std::filesystem::is_directory(dir)) return false;
  std::fprintf(stderr, "lineup: %s: no such corpus folder\n", dir.c_str());
  return true;
}

}  // namespace

ExitStatus corpus_list(const std::string& dir) {
  if (missing_folder(dir)) return ExitStatus::kUsage;
  for (const corpus::Entry& e : corpus::read(dir)) {
    if (!e.counterexample) {
      std::printf("%s: unreadable: %s\n", e.path.c_str(), e.error.c_str());
      continue;
    }
    const specs::Model& model = *specs::find_target(e.counterexample->structure)->model;
    std::printf("%s: %s\n", e.path.c_str(), summary(*e.counterexample, model).c_str());
  }
  return ExitStatus::kClean;
}

ExitStatus corpus_check(const std::string& dir, uint64_t executions) {
  if (missing_folder(dir)) return ExitStatus::kUsage;
  int fixed = 0, failing = 0, unreadable = 0, undetermined = 0;
  std::map<std::string, std::string> notes;  // by structure, each checked once
  for (const corpus::Entry& e : corpus::read(dir)) {
    if (!e.counterexample) {
      ++unreadable;
      std::printf("unreadable     %s\n", e.error.c_str());
      continue;
    }
    try {
      corpus::Reproduction r = corpus::reproduce(*e.counterexample, executions);
      const char* verdict = r.exact            ? "still failing "
                            : r.other_schedule ? "failing (new schedule)"
                            : r.undetermined   ? "undetermined  "
                                               : "fixed         ";
      (r.still_fails() ? failing : r.undetermined ? undetermined : fixed)++;
      std::printf("%s %s\n", verdict, e.path.c_str());
      const std::string& structure = e.counterexample->structure;
      if (r.still_fails() && notes.count(structure) == 0) {
        const specs::Target* target = specs::find_target(structure);
        notes[structure] = target != nullptr ? unseen_note(*target) : "";
      }
      if (r.still_fails()) std::fputs(notes[structure].c_str(), stdout);
    } catch (const std::exception& err) {
      ++unreadable;
      std::printf("unreadable     %s: %s\n", e.path.c_str(), err.what());
    }
  }
  std::printf("%d fixed, %d still failing, %d undetermined, %d unreadable\n", fixed, failing,
              undetermined, unreadable);
  if (failing || unreadable) return ExitStatus::kViolation;
  return undetermined ? ExitStatus::kUndetermined : ExitStatus::kClean;
}

}  // namespace lineup::cli
