// A counterexample as a file: everything needed to reproduce a violation exactly (structure,
// program, schedule, the options that shape scheduling and judging) and to recognise it again
// (kind, observed results, root-cause signature). Format: JSON, documented in
// corpus/README.md; "format_version" is checked on reading.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/schedule.h"
#include "generator/client.h"
#include "lineup/hunt/case_json.h"
#include "lineup/hunt/hunt.h"
#include "specs/structure.h"

namespace lineup::corpus {

/// The newest format read. Formats 1 and 2 differ only in their schedules: c11 mode's rmws
/// read the newest store only (ReplaySettings::latest_rmws), and format 1 had a step at every
/// access to a thread's own stack (ReplaySettings::private_stack_steps). Format 4 adds
/// `rc11_seq_cst` (ReplaySettings::rc11_seq_cst), whose schedules a reader of format 3 would
/// replay differently.
inline constexpr int kCounterexampleFormat = 4;
/// The oldest format read.
inline constexpr int kOldestCounterexampleFormat = 1;
/// The format a case is written in: the oldest that holds its settings, 4 with rc11_seq_cst
/// and 3 otherwise, so that a lineup reading up to format 3 still replays every case it can
/// and refuses the rest by their version.
int format_for(const hunt::ReplaySettings& settings);

struct Counterexample : hunt::FailingCase {
  std::string structure;
  std::string lineup_version;
  uint64_t seed = 0;  // of the hunt's program sequence
  /// What the schedule and the verdict depend on (format 1: private_stack_steps true; formats
  /// 1 and 2: latest_rmws true).
  hunt::ReplaySettings replay;
  /// The case as the hunt found it, before shrinking (absent if never shrunk).
  std::optional<specs::TestProgram> original_program;
  std::optional<engine::Schedule> original_schedule;
  /// The client the hunt drew its programs from (HuntOptions::client), if any: shrinking
  /// keeps its calls and changes only the arguments it leaves out. Optional in the file.
  std::optional<generator::Client> client;

  /// The hunt options a replay needs (scheduling points, check, spec).
  hunt::HuntOptions replay_options() const;
};

/// A counterexample file that cannot be used: names the field and what is wrong with it.
using CounterexampleError = hunt::CaseFormatError;

/// The counterexample of `violation`, found by a hunt of `target` with `options`.
Counterexample to_counterexample(const specs::Target& target, const hunt::Violation& violation,
                                 const hunt::HuntOptions& options);

/// The violation `c` records (without its report and timings).
hunt::Violation to_violation(const Counterexample& c);

/// JSON text of `c` (uses the target's model for call names).
std::string to_json(const Counterexample& c, const specs::Model& model);

/// Parses JSON text; the structure must be registered (its model names the calls). Strict:
/// every number must be of its field's kind and range (hunt::read_value), every schedule within
/// the caps of engine/schedule.h. Throws CounterexampleError naming the field (where the text
/// is not JSON at all, the field being read when it failed, if any) on any problem, and no
/// other exception on any text.
Counterexample from_json(const std::string& text);

/// "push(1)" -> Operation under `model`; throws CounterexampleError.
using hunt::parse_call;

}  // namespace lineup::corpus
