#include "lineup/cli/findings.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <optional>
#include <utility>

#include "lineup/corpus/corpus.h"
#include "lineup/corpus/shrink.h"
#include "lineup/hunt/cheap_clocks.h"
#include "lineup/hunt/interruption.h"

namespace lineup::cli {

std::string unseen_access_note(const hunt::HuntOptions& options) {
  if (options.unseen_accesses.empty()) return "";
  return "\nnote: this violation may rest on what lineup did not see (" + options.unseen_accesses +
         ")";
}

void drop_same_bugs(hunt::HuntResult& r, std::vector<ArchivedViolation>& archived) {
  size_t kept = 0;
  for (size_t i = 0; i < archived.size(); ++i) {
    if (archived[i].same_as >= 0) {
      ++r.same_bugs_dropped;
      continue;
    }
    if (kept != i) {
      r.violations[kept] = std::move(r.violations[i]);
      archived[kept] = std::move(archived[i]);
    }
    ++kept;
  }
  r.violations.resize(kept);
  archived.resize(kept);
}

Findings::Findings(const specs::Target& target, const hunt::HuntOptions& options,
                   const HuntOutput& output, std::function<void()> before_print)
    : target_(target), options_(options), output_(output), before_print_(std::move(before_print)) {}

Findings::Seen* Findings::find(const hunt::Violation& v) {
  for (Seen& s : seen_) {
    if (s.kind == v.kind && s.program_index == v.program_index && s.signature == v.signature) {
      return &s;
    }
  }
  return nullptr;
}

void Findings::failed(const std::string& what) {
  if (std::find(errors_.begin(), errors_.end(), what) != errors_.end()) return;
  errors_.push_back(what);
  std::fprintf(stderr, "lineup: archiving failed: %s\n", what.c_str());
}

Findings::Seen& Findings::first_sight(const hunt::Violation& v) {
  Seen& s = seen_.emplace_back();
  s.kind = v.kind;
  s.program_index = v.program_index;
  s.signature = v.signature;
  s.archived.counterexample = corpus::to_counterexample(target_, v, options_);
  if (!output_.json) {
    if (before_print_) before_print_();
    const std::string note = unseen_access_note(options_);
    std::printf("%s%s\n", v.report.c_str(), note.c_str());
    std::fflush(stdout);
  }
  if (output_.corpus_dir.empty()) return s;
  try {
    corpus::Archived a = corpus::archive(output_.corpus_dir, s.archived.counterexample);
    s.archived.path = a.path;
    s.archived.duplicate = a.duplicate;
    s.ours = !a.duplicate;
  } catch (const std::exception& e) {
    failed(e.what());
  }
  return s;
}

void Findings::update(const hunt::HuntResult& so_far) {
  for (const hunt::Violation& v : so_far.violations) {
    if (find(v) == nullptr) first_sight(v);
  }
}

void Findings::shrink_and_keep(const hunt::Violation& v, Seen& seen, double shrink_deadline) {
  corpus::Counterexample& c = seen.archived.counterexample;
  const bool quiet = output_.json;
  if (output_.shrink) {
    corpus::ShrinkOptions so;
    so.bound = std::max(options_.search.bound, 0);
    so.stop = [shrink_deadline] {
      return hunt::stop_signal() != 0 || hunt::coarse_seconds() >= shrink_deadline;
    };
    bool cut = false;
    std::string not_shrunk;  // why the case is archived as found, if it is
    so.log = [&](const std::string& line) {
      cut = cut || line.starts_with("stopped:");
      if (line.ends_with("nothing to shrink") || line.ends_with("not shrunk")) not_shrunk = line;
    };
    c = corpus::shrink(c, so);
    if (!quiet && cut) {
      std::printf("shrinking stopped: %s\n",
                  hunt::stop_signal() != 0 ? "interrupted" : "its time (--shrink-budget) ran out");
    }
    if (!quiet && !not_shrunk.empty()) std::printf("not shrunk: %s\n", not_shrunk.c_str());
    if (!quiet && c.original_program) {
      std::printf(
          "shrunk to: %s\n  (was %zu calls, %d preemptions; now %zu calls, %d preemptions, %zu "
          "steps)\n",
          c.program.describe(*target_.model).c_str(), c.original_program->calls(), v.preemptions,
          c.program.calls(), c.preemptions, c.schedule.choices.size());
      // A replay is one execution, which may take the hang timeout: skipped when time is up.
      if (!cut) {
        if (auto r = corpus::reproduce(c); r.exact) std::fputs(r.violation->report.c_str(), stdout);
      }
    }
  }
  if (output_.corpus_dir.empty()) return;
  try {
    if (!seen.ours) {
      // Not written by this hunt (the corpus held the unshrunk case, or writing it failed).
      corpus::Archived a = corpus::archive(output_.corpus_dir, c);
      seen.archived.path = a.path;
      seen.archived.duplicate = a.duplicate;
      seen.ours = !a.duplicate;
    } else if (std::optional<std::string> same =
                   corpus::same_bug(output_.corpus_dir, c, seen.archived.path)) {
      // Shrunk, it is a bug the corpus already held: the unshrunk file goes.
      ::unlink(seen.archived.path.c_str());
      seen.archived.path = *same;
      seen.archived.duplicate = true;
      seen.ours = false;
    } else if (c.signature != seen.signature) {
      // A file's name says its signature: the shrunk case goes to a file of its own, then the
      // unshrunk one goes.
      corpus::Archived a = corpus::archive(output_.corpus_dir, c);
      ::unlink(seen.archived.path.c_str());
      seen.archived.path = a.path;
    } else if (c.original_program) {
      corpus::replace(seen.archived.path, c);
    }
  } catch (const std::exception& e) {
    failed(e.what());
  }
  if (!quiet && !seen.archived.path.empty()) {
    std::printf("%s %s\n", seen.archived.duplicate ? "same bug already archived:" : "archived:",
                seen.archived.path.c_str());
  }
}

std::vector<ArchivedViolation> Findings::finish(const hunt::HuntResult& final,
                                                double shrink_deadline) {
  update(final);
  // Seen while the workers ran, dropped when their findings were merged: a rediscovery of a
  // bug found in an earlier program.
  for (Seen& s : seen_) {
    bool kept = std::any_of(final.violations.begin(), final.violations.end(),
                            [&](const hunt::Violation& v) { return find(v) == &s; });
    if (kept || !s.ours) continue;
    ::unlink(s.archived.path.c_str());
    if (!output_.json) {
      std::printf("dropped as a rediscovery of an earlier bug: %s (removed)\n",
                  s.archived.path.c_str());
    }
    s.ours = false;
  }
  std::vector<ArchivedViolation> out;
  for (const hunt::Violation& v : final.violations) {
    Seen& s = *find(v);
    shrink_and_keep(v, s, shrink_deadline);
    out.push_back(s.archived);
    // Found apart (other signatures, other programs), shrunk to one case: one bug.
    for (size_t j = 0; j + 1 < out.size(); ++j) {
      if (out[j].same_as < 0 &&
          corpus::same_bug(out[j].counterexample, out.back().counterexample)) {
        out.back().same_as = static_cast<int>(j);
        if (!output_.json) {
          std::printf("the same bug as violation %zu of this hunt (shrunk to the same case)\n",
                      j + 1);
        }
        break;
      }
    }
  }
  return out;
}

}  // namespace lineup::cli
