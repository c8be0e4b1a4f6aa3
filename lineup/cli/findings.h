// The violations of a hunt as the hunt finds them: each printed and archived at once, unshrunk,
// so that a hunt interrupted or killed later loses nothing it reported; when the hunt ends,
// each is shrunk within a deadline and its file replaced by the shrunk case.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "lineup/cli/corpus_commands.h"
#include "lineup/cli/hunt_command.h"
#include "lineup/hunt/hunt.h"
#include "specs/structure.h"

namespace lineup::cli {

/// The line that qualifies a violation's report when the hunt cannot see every access
/// (HuntOptions::unseen_accesses), starting with a newline; "" when it can.
std::string unseen_access_note(const hunt::HuntOptions& options);

/// Removes from `r.violations` and `archived` (as Findings::finish returned it) each violation
/// that records the same bug as an earlier one (ArchivedViolation::same_as), counting them in
/// r.same_bugs_dropped.
void drop_same_bugs(hunt::HuntResult& r, std::vector<ArchivedViolation>& archived);

class Findings {
 public:
  /// `before_print` is called before a report is printed while the hunt runs (to end the
  /// progress line).
  Findings(const specs::Target& target, const hunt::HuntOptions& options, const HuntOutput& output,
           std::function<void()> before_print);

  /// Prints (unless output.json) and archives (unless output.corpus_dir is "") each violation
  /// of `so_far` not seen before. An archiving error is printed once on stderr and remembered;
  /// the hunt goes on.
  void update(const hunt::HuntResult& so_far);

  /// After the hunt: the violations of `final` not seen yet are printed and archived; those
  /// seen but no longer in `final` (dropped as rediscoveries when the workers' findings were
  /// merged) have their files removed; then each is shrunk (unless output.shrink is off) until
  /// `shrink_deadline` (coarse clock seconds) or a stop request, its shrunk case printed, and
  /// its file replaced by the shrunk case (or removed, when the shrunk case is a bug the
  /// corpus already held). Returns what became of each violation of `final`, in order; one
  /// that records the same bug as an earlier one (corpus::same_bug, once both are shrunk) says
  /// which (ArchivedViolation::same_as).
  std::vector<ArchivedViolation> finish(const hunt::HuntResult& final, double shrink_deadline);

  /// What went wrong while archiving, each once ("" entries never).
  const std::vector<std::string>& errors() const { return errors_; }

 private:
  struct Seen {
    hunt::ViolationKind kind{};
    uint64_t program_index = 0;
    std::vector<std::string> signature;
    ArchivedViolation archived;
    bool ours = false;  // archived.path was written by this hunt
  };
  Seen* find(const hunt::Violation& v);
  Seen& first_sight(const hunt::Violation& v);
  void shrink_and_keep(const hunt::Violation& v, Seen& seen, double shrink_deadline);
  void failed(const std::string& what);

  const specs::Target& target_;
  const hunt::HuntOptions& options_;
  const HuntOutput& output_;
  std::function<void()> before_print_;
  std::vector<Seen> seen_;
  std::vector<std::string> errors_;
};

}  // namespace lineup::cli
