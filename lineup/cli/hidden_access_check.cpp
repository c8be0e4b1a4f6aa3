#include "lineup/cli/hidden_access_check.h"

#include <cstdio>
#include <map>

#include "engine/diagnostics/allowed_calls.h"
#include "engine/diagnostics/code_reach.h"
#include "engine/diagnostics/hidden_accesses.h"
#include "engine/diagnostics/symbolizer.h"
#include "lineup/hunt/entered_code.h"
#include "specs/seen_calls.h"

namespace lineup::cli {
namespace {

constexpr size_t kShown = 20;  // findings of each kind described in full

std::string plural(size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// Where a finding is, for the report: the scan's description, else the symbolizer's now.
std::string located(const std::string& where, uintptr_t pc) {
  if (!where.empty()) return where;
  return engine::symbolizer().describe(pc + 1);
}

bool named(const std::string& callee, const std::vector<std::string>& names) {
  for (const std::string& n : names) {
    if (callee == n || engine::short_function_name(callee, ~size_t{0}) == n) return true;
    if (callee.size() > n.size() && callee.compare(0, n.size(), n) == 0 && callee[n.size()] == '(')
      return true;
  }
  return false;
}

// Whether the call at `pc` was inlined out of a function whose calls hide nothing
// (engine::why_caller_is_seen).
bool inside_seen_caller(uintptr_t pc) {
  for (const engine::SourceFrame& f : engine::symbolizer().frames(pc + 1)) {
    if (engine::why_caller_is_seen(f.function) != nullptr) return true;
  }
  return false;
}

// The uninstrumented functions called, each with its module, its number of call sites and the
// first of them, in the order first found.
struct Callee {
  std::string name, module, first_site;
  size_t sites = 0;
};

std::vector<Callee> callees(const engine::HiddenAccessScan& scan,
                            const std::vector<size_t>& calls) {
  std::vector<Callee> out;
  std::map<std::pair<std::string, std::string>, size_t> index;
  for (size_t i : calls) {
    const engine::UninstrumentedCall& c = scan.calls[i];
    auto [it, fresh] = index.emplace(std::make_pair(c.callee, c.module), out.size());
    if (fresh) out.push_back({c.callee, c.module, located(c.where, c.pc), 0});
    ++out[it->second].sites;
  }
  return out;
}

std::string in_module(const std::string& module) { return module.empty() ? "" : " in " + module; }

// Prints the hidden accesses reaching `target`; returns the qualification text.
std::string report_accesses(const specs::Target& target, const engine::HiddenAccessScan& scan,
                            const std::vector<size_t>& accesses, const UnseenAllowance& allow) {
  const size_t n = accesses.size();
  const engine::HiddenAccess& first = scan.accesses[accesses.front()];
  if (allow.hidden_accesses) {
    if (!allow.quiet) {
      std::fprintf(stderr,
                   "lineup: warning: %s in %s's code bypass%s lineup (first at %s); verdicts are "
                   "qualified and no bound is claimed\n",
                   plural(n, "atomic instruction", "atomic instructions").c_str(),
                   target.name.c_str(), n == 1 ? "es" : "", located(first.where, first.pc).c_str());
    }
    return plural(n, "memory access", "memory accesses") +
           " in instrumented code that lineup cannot see, allowed by --allow-hidden-accesses";
  }
  std::fprintf(stderr,
               "lineup: %s's code makes %s no hook reports (atomic instructions in inline "
               "assembly, or code compiled without lineup's instrumentation):\n",
               target.name.c_str(), plural(n, "memory access", "memory accesses").c_str());
  for (size_t k = 0; k < n && k < kShown; ++k) {
    const engine::HiddenAccess& h = scan.accesses[accesses[k]];
    std::fprintf(stderr, "  %-40s at %s\n", h.instruction.c_str(), located(h.where, h.pc).c_str());
  }
  if (n > kShown) std::fprintf(stderr, "  ... and %zu more\n", n - kShown);
  std::fprintf(stderr,
               "lineup cannot schedule or see these accesses, so a hunt would take conflicting "
               "steps for independent ones and its verdicts and coverage would not hold.\n"
               "Use the compiler's atomics there (std::atomic, __atomic_* builtins; many "
               "libraries have a macro selecting them) or build that code with "
               "lineup_add_structure; --allow-hidden-accesses hunts anyway, qualified.\n");
  return "";
}

// Prints the uninstrumented calls reaching `target` that `allow` does not allow (`*refuse`
// set) or does; returns the qualification text.
std::string report_calls(const specs::Target& target, const engine::HiddenAccessScan& scan,
                         const std::vector<size_t>& calls, const UnseenAllowance& allow,
                         bool* refuse) {
  std::vector<size_t> refused, allowed;
  std::vector<std::string> declared;
  for (const specs::SeenCall& c : specs::declared_seen_calls()) declared.push_back(c.function);
  for (size_t i : calls) {
    const std::string& callee = scan.calls[i].callee;
    if (named(callee, declared) || inside_seen_caller(scan.calls[i].pc)) continue;
    (allow.every_call || named(callee, allow.functions) ? allowed : refused).push_back(i);
  }
  if (!refused.empty()) {
    *refuse = true;
    const std::vector<Callee> list = callees(scan, refused);
    std::fprintf(stderr,
                 "lineup: %s's code calls %s built without lineup's instrumentation, whose "
                 "accesses to shared memory lineup cannot see:\n",
                 target.name.c_str(), plural(list.size(), "function", "functions").c_str());
    for (size_t k = 0; k < list.size() && k < kShown; ++k) {
      const Callee& c = list[k];
      std::fprintf(stderr, "  %s%s, called at %s%s\n", c.name.c_str(), in_module(c.module).c_str(),
                   c.first_site.c_str(),
                   c.sites > 1
                       ? (" and " + plural(c.sites - 1, "other place", "other places")).c_str()
                       : "");
    }
    if (list.size() > kShown) std::fprintf(stderr, "  ... and %zu more\n", list.size() - kShown);
    std::fprintf(stderr,
                 "A hunt would take those calls for independent of everything, so its verdicts "
                 "and coverage would not hold. Build that code with lineup_add_structure (or "
                 "with lineup's flags, LINEUP_INSTRUMENT_FLAGS), or hunt anyway with "
                 "--allow-uninstrumented[=FUNCTION,...]: no bound is claimed and every "
                 "violation is qualified.\n");
    return "";
  }
  if (allowed.empty()) return "";
  const std::vector<Callee> list = callees(scan, allowed);
  const std::string first = list.front().name + in_module(list.front().module);
  if (!allow.quiet) {
    std::fprintf(stderr,
                 "lineup: warning: %s's code calls %s built without lineup's instrumentation "
                 "(first %s, at %s); verdicts are qualified and no bound is claimed\n",
                 target.name.c_str(), plural(list.size(), "function", "functions").c_str(),
                 first.c_str(), list.front().first_site.c_str());
  }
  return plural(list.size(), "function", "functions") + " called that lineup cannot see into (" +
         first + "), allowed by --allow-uninstrumented";
}

}  // namespace

bool parse_allowed_functions(const std::string& text, UnseenAllowance& allow, std::string* error) {
  if (text.empty()) {
    allow.every_call = true;
    return true;
  }
  size_t start = 0;
  while (start <= text.size()) {
    size_t comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    std::string name = text.substr(start, comma - start);
    if (name.empty()) {
      *error = "an empty function name in '" + text + "'";
      return false;
    }
    allow.functions.push_back(name);
    start = comma + 1;
  }
  return true;
}

HiddenAccessVerdict check_hidden_accesses(const specs::Target& target,
                                          const hunt::HuntOptions& options,
                                          const UnseenAllowance& allow) {
  // Where this structure's executions enter the code, recorded first: a module they load
  // (dlopen at a first call) is then loaded, and scanned with the rest.
  const std::vector<uintptr_t> entered = hunt::entered_code(target, options);
  const engine::InstrumentedCode code = engine::find_instrumented_code();
  // Described here, for the findings that count only.
  const engine::HiddenAccessScan scan = engine::scan_hidden_accesses(code, 0);
  HiddenAccessVerdict out;
  for (const std::string& u : scan.unchecked) {
    std::fprintf(stderr, "lineup: could not check for hidden accesses in %s\n", u.c_str());
  }
  if (!scan.unchecked.empty()) out.unseen = "part of the code under test could not be checked";
  if (scan.accesses.empty() && scan.calls.empty()) return out;
  // Only what this structure's executions reach counts.
  const engine::Reach reach = engine::reach_of(scan, entered);
  if (reach.empty()) return out;
  std::vector<std::string> unseen;
  if (!out.unseen.empty()) unseen.push_back(out.unseen);
  if (!reach.accesses.empty()) {
    std::string text = report_accesses(target, scan, reach.accesses, allow);
    if (text.empty()) out.refuse = true;
    unseen.push_back(text);
  }
  if (!reach.calls.empty())
    unseen.push_back(report_calls(target, scan, reach.calls, allow, &out.refuse));
  out.unseen.clear();
  for (const std::string& u : unseen) {
    if (u.empty()) continue;
    out.unseen += (out.unseen.empty() ? "" : "; ") + u;
  }
  return out;
}

std::string unseen_note(const specs::Target& target) {
  UnseenAllowance allow;
  allow.hidden_accesses = true;
  allow.every_call = true;
  const std::string unseen = check_hidden_accesses(target, hunt::HuntOptions{}, allow).unseen;
  if (unseen.empty()) return "";
  return "note: this violation may rest on what lineup did not see (" + unseen + ")\n";
}

}  // namespace lineup::cli
