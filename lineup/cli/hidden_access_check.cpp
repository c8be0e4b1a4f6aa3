#include "lineup/cli/hidden_access_check.h"

#include <cstdio>

#include "engine/diagnostics/hidden_accesses.h"

namespace lineup::cli {

HiddenAccessVerdict check_hidden_accesses(bool allow, bool quiet) {
  engine::HiddenAccessScan scan = engine::scan_hidden_accesses(engine::find_instrumented_code());
  HiddenAccessVerdict out;
  for (const std::string& u : scan.unchecked) {
    std::fprintf(stderr, "lineup: could not check for hidden accesses in %s\n", u.c_str());
  }
  if (!scan.unchecked.empty()) out.unseen = "part of the code under test could not be checked";
  const size_t n = scan.accesses.size();
  if (n == 0) return out;
  out.unseen = std::to_string(n) + " memory access" + (n == 1 ? "" : "es") +
               " in instrumented code that lineup cannot see, allowed by --allow-hidden-accesses";
  if (allow) {
    if (!quiet) {
      std::fprintf(stderr,
                   "lineup: warning: %zu atomic instruction%s in instrumented code bypass%s "
                   "lineup (first at %s); verdicts are qualified and no bound is claimed\n",
                   n, n == 1 ? "" : "s", n == 1 ? "es" : "", scan.accesses[0].where.c_str());
    }
    return out;
  }
  out.refuse = true;
  std::fprintf(stderr,
               "lineup: the code under test makes %zu memory access%s no hook reports (atomic "
               "instructions in inline assembly, or code compiled without lineup's "
               "instrumentation):\n",
               n, n == 1 ? "" : "es");
  for (const engine::HiddenAccess& h : scan.accesses) {
    if (h.where.empty()) break;  // only the first ones are described
    std::fprintf(stderr, "  %-40s at %s\n", h.instruction.c_str(), h.where.c_str());
  }
  std::fprintf(stderr,
               "lineup cannot schedule or see these accesses, so a hunt would take conflicting "
               "steps for independent ones and its verdicts and coverage would not hold.\n"
               "Use the compiler's atomics there (std::atomic, __atomic_* builtins; many "
               "libraries have a macro selecting them) or build that code with "
               "lineup_add_structure; --allow-hidden-accesses hunts anyway, qualified.\n");
  return out;
}

}  // namespace lineup::cli
