#include "lineup/hunt/parallel.h"

#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstring>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/diagnostics/symbolizer.h"
#include "generator/programs.h"
#include "lineup/hunt/case_json.h"
#include "lineup/hunt/cheap_clocks.h"
#include "lineup/hunt/interruption.h"
#include "lineup/hunt/search.h"

namespace lineup::hunt {
namespace {

using nlohmann::json;

// A violation travels as its failing case (case_json.h) and what only the hunt knows.
json violation_json(const Violation& v, const specs::Model& model) {
  return {{"case", failing_case_json(v, model)},
          {"report", v.report},
          {"steps", v.steps},
          {"found_after_seconds", v.found_after_seconds},
          {"found_after_executions", v.found_after_executions},
          {"thread_pointer_per_thread", v.thread_pointer_per_thread}};
}

Violation violation_from(const json& j, const specs::Model& model) {
  Violation v;
  static_cast<FailingCase&>(v) = parse_failing_case(need_field(j, "case"), model);
  v.report = get_field<std::string>(j, "report");
  v.steps = get_field<size_t>(j, "steps");
  v.found_after_seconds = get_field<double>(j, "found_after_seconds");
  v.found_after_executions = get_field<uint64_t>(j, "found_after_executions");
  v.thread_pointer_per_thread = get_field<bool>(j, "thread_pointer_per_thread");
  return v;
}

json counts_json(const HuntResult& r) {
  return {{"programs", r.programs},
          {"executions", r.executions},
          {"classes", r.distinct_classes},
          {"seconds", r.seconds},
          {"bound_completed", r.bound_completed},
          {"setup_seconds", r.setup_seconds},
          {"checker_seconds", r.checker_seconds},
          {"programs_capped", r.programs_capped},
          {"abandoned", r.abandoned},
          {"spin_blocks", r.spin_blocks},
          {"stale_spin_cuts", r.stale_spin_cuts},
          {"forced_timeouts", r.forced_timeouts},
          {"late_stack_publications", r.late_stack_publications},
          {"programs_missing_classes", r.programs_missing_classes},
          {"suppressed_races", r.suppressed_races},
          {"undetermined", r.undetermined},
          {"thread_pointer_switches", r.thread_pointer_switches},
          {"programs_repeated", r.programs_repeated},
          {"client_exhausted", r.client_exhausted},
          {"bugs", r.violations.size()}};
}

void write_line(int fd, const json& j) {
  std::string line = j.dump() + "\n";
  for (size_t done = 0; done < line.size();) {
    ssize_t n = ::write(fd, line.data() + done, line.size() - done);
    if (n < 0) _exit(3);
    done += static_cast<size_t>(n);
  }
}

[[noreturn]] void run_worker(const specs::Target& target, const HuntOptions& options, int fd,
                             pid_t parent) {
  // A worker never outlives its parent (killed with -9, say): its findings would go nowhere.
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) _exit(3);
  // SIGINT from the terminal and SIGTERM from the parent both mean: stop and report.
  stop_on_signals(false);
  double last = -1;
  size_t sent = 0;  // violations sent so far
  auto send_violations = [&](const HuntResult& r) {
    for (; sent < r.violations.size(); ++sent) {
      write_line(fd, {{"violation", violation_json(r.violations[sent], *target.model)}});
    }
  };
  try {
    HuntResult r = hunt(target, options, [&](const HuntResult& so_far) {
      // Violations as they are found, and programs done after each: if the process dies, the
      // parent keeps what it found and knows which program it died in.
      send_violations(so_far);
      write_line(fd, {{"at", so_far.programs}});
      if (so_far.seconds - last >= 0.25) {
        last = so_far.seconds;
        write_line(fd, {{"progress", counts_json(so_far)}});
      }
    });
    send_violations(r);
    write_line(fd, {{"result", counts_json(r)}});
    _exit(0);
  } catch (const std::exception& e) {
    write_line(fd, {{"error", e.what()}});
    _exit(3);
  }
}

// Each worker seals the bugs it finds itself, not those of other workers, so two workers may
// report one bug under different signatures (one schedule preempts in empty(), another in
// empty() and enqueue()). A violation found without some earlier violation's functions
// sealed is a new bug only if its program still fails with them sealed, as it would have had
// to in a single hunt; otherwise it is dropped. `kept` are in program order. A re-search that
// `stop` cuts short keeps its violation.
std::vector<Violation> drop_rediscoveries(const specs::Target& target, const HuntOptions& options,
                                          std::vector<Violation> all,
                                          const std::function<bool()>& stop) {
  std::vector<Violation> kept;
  std::unique_ptr<engine::Engine> engine;
  for (Violation& v : all) {
    std::vector<std::string> sealed = options.sealed;
    for (const Violation& k : kept)
      sealed.insert(sealed.end(), k.signature.begin(), k.signature.end());
    bool confirmed = std::all_of(sealed.begin(), sealed.end(), [&](const std::string& f) {
      return std::find(v.sealed.begin(), v.sealed.end(), f) != v.sealed.end();
    });
    if (!confirmed) {
      HuntOptions again = options;
      again.sealed = sealed;
      if (!engine) {
        engine = make_engine(target, again, options.program_threads(target));
      }
      SearchHooks hooks;
      hooks.stop = stop;
      ProgramSearch s =
          ProgramSearcher(*engine, target, hooks).search(v.program, v.program_index, again);
      confirmed = (s.violation && s.violation->kind == v.kind) || stop();
    }
    if (confirmed) kept.push_back(std::move(v));
  }
  return kept;
}

// clang-tidy 14 reports its implicit move constructor as possibly throwing; workers are made in
// place (vector of n) and never moved.
struct Worker {         // NOLINT(bugprone-exception-escape)
  HuntOptions options;  // of the running process
  pid_t pid = -1;
  int fd = -1;
  std::string buffer;
  json last;          // latest counts of the running process
  uint64_t done = 0;  // programs the running process finished
  bool finished = false;
  std::vector<Violation> violations;
  std::string error;
  int restarts = 0;
};

// A worker that died is restarted this many times at most: a structure that kills every
// process hunting it would otherwise keep the hunt forking to the end of its budget.
constexpr int kMaxRestarts = 8;

void start(Worker& w, const specs::Target& target) {
  int fds[2];
  if (pipe(fds) != 0) throw std::runtime_error("cannot create a pipe for a worker");
  std::fflush(nullptr);
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("cannot start a worker process");
  if (pid == 0) {
    ::close(fds[0]);
    run_worker(target, w.options, fds[1], parent);
  }
  ::close(fds[1]);
  w.pid = pid;
  w.fd = fds[0];
  w.buffer.clear();
  w.last = json();
  w.done = 0;
}

std::string describe_status(int status) {
  if (WIFSIGNALED(status)) return std::string("killed by ") + strsignal(WTERMSIG(status));
  return "exit status " + std::to_string(WEXITSTATUS(status));
}

// Worker i's share of a hunt split in `jobs`: every jobs-th program of this hunt's shard, and
// its part of the program limit.
HuntOptions worker_options(const HuntOptions& options, int jobs, int i) {
  HuntOptions mine = options;  // the deadline included: workers end together
  mine.shard.count = options.shard.count * static_cast<uint64_t>(jobs);
  mine.shard.index = options.shard.index + options.shard.count * static_cast<uint64_t>(i);
  if (options.max_programs != 0) {
    uint64_t n = options.max_programs;
    mine.max_programs = n / static_cast<uint64_t>(jobs) + (static_cast<uint64_t>(i) < n % jobs);
    if (mine.max_programs == 0) mine.budget_seconds = 0;  // and then none at all
  }
  return mine;
}

// The counts of several workers' last reports, summed (seconds: the longest; bound: the lowest
// all completed, INT_MAX if all were exhaustive, -1 if one completed none or there were none).
HuntResult summed_counts(const std::vector<const json*>& counts) {
  HuntResult r;
  int bound = INT_MAX;
  bool any_bound = true;
  size_t claims = 0;  // workers whose bound counts
  for (const json* c : counts) {
    const json& last = *c;
    r.programs += last.at("programs").get<uint64_t>();
    r.executions += last.at("executions").get<uint64_t>();
    r.distinct_classes += last.at("classes").get<uint64_t>();
    r.seconds = std::max(r.seconds, last.at("seconds").get<double>());
    r.setup_seconds += last.at("setup_seconds").get<double>();
    r.checker_seconds += last.at("checker_seconds").get<double>();
    r.programs_capped += last.at("programs_capped").get<uint64_t>();
    r.abandoned += last.at("abandoned").get<uint64_t>();
    r.spin_blocks += last.at("spin_blocks").get<uint64_t>();
    r.stale_spin_cuts += last.at("stale_spin_cuts").get<uint64_t>();
    r.forced_timeouts += last.at("forced_timeouts").get<uint64_t>();
    r.late_stack_publications += last.at("late_stack_publications").get<uint64_t>();
    r.programs_missing_classes += last.at("programs_missing_classes").get<uint64_t>();
    r.suppressed_races += last.at("suppressed_races").get<uint64_t>();
    r.undetermined += last.at("undetermined").get<uint64_t>();
    r.thread_pointer_switches += last.at("thread_pointer_switches").get<uint64_t>();
    const uint64_t repeated = last.at("programs_repeated").get<uint64_t>();
    r.programs_repeated += repeated;
    r.client_exhausted = r.client_exhausted || last.at("client_exhausted").get<bool>();
    int b = last.at("bound_completed").get<int>();
    // A worker that only sampled repeats of programs searched elsewhere claims nothing and
    // takes nothing from the others' claim.
    if (repeated != 0 && repeated == last.at("programs").get<uint64_t>()) continue;
    if (b < 0) any_bound = false;
    bound = std::min(bound, b);
    ++claims;
  }
  r.bound_completed = any_bound && claims != 0 ? bound : -1;
  return r;
}

// Takes the complete lines of `w`'s buffer as messages (violations in `model`'s words).
void read_messages(Worker& w, const specs::Model& model) {
  for (size_t nl; (nl = w.buffer.find('\n')) != std::string::npos;) {
    json j = json::parse(w.buffer.substr(0, nl));
    w.buffer.erase(0, nl + 1);
    if (j.contains("at")) w.done = j.at("at").get<uint64_t>();
    if (j.contains("progress")) w.last = j.at("progress");
    if (j.contains("error")) w.error = j.at("error").get<std::string>();
    if (j.contains("violation")) w.violations.push_back(violation_from(j.at("violation"), model));
    if (j.contains("result")) {
      w.last = j.at("result");
      w.finished = true;
    }
  }
}

// The options of the process that takes over from `w`, which died, after the program it was
// hunting, with `left` seconds of the budget; nullopt when none should.
std::optional<HuntOptions> successor_options(const Worker& w, double left) {
  HuntOptions next = w.options;
  next.shard.skip_programs += w.done + 1;
  next.budget_seconds = left;
  bool more = left > 0 && w.restarts < kMaxRestarts;
  if (next.max_programs != 0) {
    uint64_t used = w.done + 1;
    more = more && next.max_programs > used;
    next.max_programs = more ? next.max_programs - used : 0;
  }
  if (!more) return std::nullopt;
  return next;
}

// The workers' violations, by program index, the first of each (kind, signature); `all`
// receives how many there were in all.
std::vector<Violation> distinct_in_program_order(const std::vector<Worker>& workers, size_t* all) {
  std::vector<Violation> found;
  for (const Worker& w : workers) {
    found.insert(found.end(), w.violations.begin(), w.violations.end());
  }
  std::stable_sort(found.begin(), found.end(), [](const Violation& a, const Violation& b) {
    return a.program_index < b.program_index;
  });
  *all = found.size();
  std::vector<Violation> out;
  std::set<std::pair<ViolationKind, std::vector<std::string>>> seen;
  for (Violation& v : found) {
    if (seen.insert({v.kind, v.signature}).second) out.push_back(std::move(v));
  }
  return out;
}

// Kills the workers that have not finished, past their grace: what they sent is kept, their
// programs in progress are not. Returns how many were killed.
uint64_t kill_unfinished(std::vector<Worker>& workers) {
  // All killed first: a process takes a while to release its memory, and they do so side by
  // side.
  for (Worker& w : workers) {
    if (w.fd >= 0) kill(w.pid, SIGKILL);
  }
  uint64_t killed = 0;
  for (Worker& w : workers) {
    if (w.fd < 0) continue;
    waitpid(w.pid, nullptr, 0);
    ::close(w.fd);
    w.fd = -1;
    if (!w.last.is_null()) w.last["programs"] = w.done;
    ++killed;
  }
  return killed;
}

}  // namespace

HuntResult hunt_parallel(const specs::Target& target, const HuntOptions& options, int jobs,
                         const std::function<void(const HuntResult&)>& progress) {
  if (jobs <= 1) return hunt(target, options, progress);
  // Loaded once here rather than in every worker: forked workers share what it read.
  engine::load_debug_information();
  HuntOptions shared = options;
  if (shared.deadline <= 0) shared.deadline = coarse_seconds() + options.budget_seconds;
  std::vector<Worker> workers(static_cast<size_t>(jobs));
  for (int i = 0; i < jobs; ++i) {
    workers[static_cast<size_t>(i)].options = worker_options(shared, jobs, i);
    start(workers[static_cast<size_t>(i)], target);
  }
  // The last counts of worker processes that died, and what they died of.
  std::vector<json> retired;
  std::vector<std::string> internal_errors;
  uint64_t stopped = 0;  // workers killed at the end of their grace
  // After a stop request or the deadline, workers have a grace to report; then they are
  // killed. `kill_at` is when (0: not yet decided).
  double kill_at = 0;
  bool asked_to_stop = false;
  auto finishing = [&] {
    if (stop_signal() != 0 && !asked_to_stop) {
      asked_to_stop = true;
      for (const Worker& w : workers) {
        if (w.fd >= 0) kill(w.pid, SIGTERM);
      }
      double by = coarse_seconds() + kInterruptGraceSeconds;
      kill_at = kill_at == 0 ? by : std::min(kill_at, by);
    }
    if (kill_at == 0) kill_at = shared.deadline + kDeadlineGraceSeconds;
    return coarse_seconds() >= kill_at;
  };
  // `final`: all workers have reported; drops rediscoveries (which takes searches).
  auto merged = [&](bool final) {
    std::vector<const json*> counts;
    counts.reserve(retired.size() + workers.size());
    for (const json& c : retired) counts.push_back(&c);
    for (const Worker& w : workers) {
      if (!w.last.is_null()) counts.push_back(&w.last);
    }
    HuntResult r = summed_counts(counts);
    r.internal_errors = internal_errors;
    r.workers_stopped = stopped;
    size_t all = 0;
    r.violations = distinct_in_program_order(workers, &all);
    if (final) {
      auto stop = [&] {
        return stop_signal() != 0 || coarse_seconds() >= shared.deadline + kDeadlineGraceSeconds;
      };
      r.violations = drop_rediscoveries(target, options, std::move(r.violations), stop);
    }
    r.duplicates_dropped = all - r.violations.size();
    if (options.max_violations != 0 && r.violations.size() > options.max_violations) {
      r.violations.resize(options.max_violations);
    }
    return r;
  };
  size_t open = workers.size();
  while (open > 0) {
    if (finishing()) {
      const uint64_t killed = kill_unfinished(workers);
      stopped += killed;
      open -= killed;
      break;
    }
    std::vector<pollfd> fds;
    fds.reserve(workers.size());
    for (const Worker& w : workers) fds.push_back({w.fd, POLLIN, 0});
    const int wait_ms =
        static_cast<int>(std::clamp((kill_at - coarse_seconds()) * 1000, 10.0, 250.0));
    if (poll(fds.data(), fds.size(), wait_ms) <= 0) continue;
    for (size_t i = 0; i < workers.size(); ++i) {
      Worker& w = workers[i];
      if (w.fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      char chunk[65536];
      ssize_t n = ::read(w.fd, chunk, sizeof chunk);
      if (n > 0) {
        w.buffer.append(chunk, static_cast<size_t>(n));
        read_messages(w, *target.model);
        if (progress) progress(merged(false));
        continue;
      }
      ::close(w.fd);
      w.fd = -1;
      int status = 0;
      waitpid(w.pid, &status, 0);
      if (w.finished) {
        --open;
        continue;
      }
      // Died without a result: lineup's failure (controlled code's crashes are findings,
      // contained in the process). Named, counted, and the worker restarted after the program
      // it was hunting.
      uint64_t step = w.options.shard.count;
      uint64_t program = w.options.shard.index + (w.options.shard.skip_programs + w.done) * step;
      internal_errors.push_back("a worker process died (" +
                                (w.error.empty() ? describe_status(status) : w.error) +
                                ") hunting program " + std::to_string(program));
      if (!w.last.is_null()) {
        w.last["programs"] = w.done;  // its last counts may be older than its last program
        retired.push_back(w.last);
        w.last = json();
      }
      double left = stop_signal() != 0 ? 0 : shared.deadline - coarse_seconds();
      std::optional<HuntOptions> next = successor_options(w, left);
      w.error.clear();
      if (!next) {
        --open;
        continue;
      }
      ++w.restarts;
      w.options = *next;
      start(w, target);
    }
  }
  return merged(true);
}

}  // namespace lineup::hunt
