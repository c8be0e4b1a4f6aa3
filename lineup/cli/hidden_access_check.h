// The check a hunt makes before its first program: can the structure's executions reach code
// whose effects lineup cannot see: memory accesses no hook reports, or calls into code built
// without lineup's instrumentation (engine/diagnostics/hidden_accesses.h)? A hunt over such
// code would give verdicts and coverage claims resting on what nobody controlled, so it is
// refused unless the user allows it, and then qualified. What counts is what this structure
// reaches (engine/diagnostics/code_reach.h): another structure of the same hunter does not
// refuse it.
#pragma once

#include <string>
#include <vector>

#include "lineup/cli/exit_status.h"
#include "lineup/hunt/hunt.h"
#include "specs/structure.h"

namespace lineup::cli {

/// What the user allows the code under test to do unseen.
struct UnseenAllowance {
  bool hidden_accesses = false;  // --allow-hidden-accesses
  bool every_call = false;       // --allow-uninstrumented (without a list)
  /// --allow-uninstrumented=FUNCTION,...: calls to these functions (a name as the report
  /// prints it, with or without its parameter list, or a C name) are allowed.
  std::vector<std::string> functions;
  bool quiet = false;
};

/// What the check decided.
struct HiddenAccessVerdict {
  bool refuse = false;  // unseen effects found and not allowed: exit with kUsage
  std::string unseen;   // for HuntOptions::unseen_accesses ("" when everything is seen)
};

/// Scans the instrumented code of this process and prints on stderr what `target`'s
/// executions (a few of them run with `options`, lineup/hunt/entered_code.h) can reach that lineup
/// cannot see: each hidden access's instruction and file:line, each uninstrumented function called
/// with its module and call site, and what to do; a one-line warning instead for what `allow`
/// allows, and the hunt goes on qualified. What could not be checked (no objdump, unreadable debug
/// information) is said and qualifies the hunt too.
HiddenAccessVerdict check_hidden_accesses(const specs::Target& target,
                                          const hunt::HuntOptions& options,
                                          const UnseenAllowance& allow);

/// The check for commands that rerun what a hunt found (replay, shrink, corpus check): what
/// `target`'s executions reach unseen is allowed, said once on stderr as a warning, and
/// returned as a note for each violation ("" when everything is seen), so that a case found
/// with --allow-hidden-accesses or --allow-uninstrumented replays, qualified.
std::string unseen_note(const specs::Target& target);

/// Parses the value of --allow-uninstrumented: "" (every call) or a comma-separated list of
/// function names into `allow`; false, with why in `*error`, for an empty name in the list.
bool parse_allowed_functions(const std::string& text, UnseenAllowance& allow, std::string* error);

}  // namespace lineup::cli
