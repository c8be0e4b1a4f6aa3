#include "lineup/parallel.h"

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "corpus/counterexample.h"
#include "lineup/search.h"

namespace lineup {
namespace {

using nlohmann::json;

// A violation travels as its counterexample file's JSON plus what only the hunt knows.
json violation_json(const Violation& v, const specs::Target& target) {
  json j = json::parse(to_json(to_counterexample(target, v, HuntOptions{}), *target.model));
  j["report"] = v.report;
  j["steps"] = v.steps;
  j["found_after_seconds"] = v.found_after_seconds;
  j["found_after_executions"] = v.found_after_executions;
  return j;
}

Violation violation_from(const json& j) {
  Violation v = to_violation(from_json(j.dump()));
  v.report = j.at("report").get<std::string>();
  v.steps = j.at("steps").get<size_t>();
  v.found_after_seconds = j.at("found_after_seconds").get<double>();
  v.found_after_executions = j.at("found_after_executions").get<uint64_t>();
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
          {"forced_timeouts", r.forced_timeouts},
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

[[noreturn]] void run_worker(const specs::Target& target, HuntOptions options, int fd) {
  double last = -1;
  try {
    HuntResult r = hunt(target, options, [&](const HuntResult& so_far) {
      if (so_far.seconds - last >= 0.25) {
        last = so_far.seconds;
        write_line(fd, {{"progress", counts_json(so_far)}});
      }
    });
    json done = {{"result", counts_json(r)}, {"violations", json::array()}};
    for (const Violation& v : r.violations) {
      done["violations"].push_back(violation_json(v, target));
    }
    write_line(fd, done);
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
// to in a single hunt; otherwise it is dropped. `kept` are in program order.
std::vector<Violation> drop_rediscoveries(const specs::Target& target, const HuntOptions& options,
                                          std::vector<Violation> all) {
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
        engine = make_engine(target, again, generator::thread_count(target, options.shape()));
      }
      ProgramSearch s =
          search_program(*engine, target, v.program, v.program_index, again, [] { return false; });
      confirmed = s.violation && s.violation->kind == v.kind;
    }
    if (confirmed) kept.push_back(std::move(v));
  }
  return kept;
}

struct Worker {
  pid_t pid = -1;
  int fd = -1;
  std::string buffer;
  json last;  // latest counts
  bool finished = false;
  std::vector<Violation> violations;
  std::string error;
};

}  // namespace

HuntResult hunt_parallel(const specs::Target& target, const HuntOptions& options, int jobs,
                         const std::function<void(const HuntResult&)>& progress) {
  if (jobs <= 1) return hunt(target, options, progress);
  std::fflush(nullptr);
  std::vector<Worker> workers(static_cast<size_t>(jobs));
  for (int i = 0; i < jobs; ++i) {
    int fds[2];
    if (pipe(fds) != 0) throw std::runtime_error("cannot create a pipe for a worker");
    HuntOptions mine = options;
    mine.shard_count = options.shard_count * static_cast<uint64_t>(jobs);
    mine.shard_index = options.shard_index + options.shard_count * static_cast<uint64_t>(i);
    if (options.max_programs != 0) {  // this worker's share of the program limit
      uint64_t n = options.max_programs;
      mine.max_programs = n / static_cast<uint64_t>(jobs) + (static_cast<uint64_t>(i) < n % jobs);
      if (mine.max_programs == 0) mine.max_programs = UINT64_MAX;  // and then none at all
    }
    pid_t pid = fork();
    if (pid < 0) throw std::runtime_error("cannot start a worker process");
    if (pid == 0) {
      ::close(fds[0]);
      if (mine.max_programs == UINT64_MAX) mine.budget_seconds = 0;
      run_worker(target, mine, fds[1]);
    }
    ::close(fds[1]);
    workers[static_cast<size_t>(i)].pid = pid;
    workers[static_cast<size_t>(i)].fd = fds[0];
  }
  // `final`: all workers have reported; drops rediscoveries (which takes searches).
  auto merged = [&](bool final) {
    HuntResult r;
    int bound = INT_MAX;
    bool any_bound = true;
    for (const Worker& w : workers) {
      if (w.last.is_null()) continue;
      r.programs += w.last.at("programs").get<uint64_t>();
      r.executions += w.last.at("executions").get<uint64_t>();
      r.distinct_classes += w.last.at("classes").get<uint64_t>();
      r.seconds = std::max(r.seconds, w.last.at("seconds").get<double>());
      r.setup_seconds += w.last.at("setup_seconds").get<double>();
      r.checker_seconds += w.last.at("checker_seconds").get<double>();
      r.programs_capped += w.last.at("programs_capped").get<uint64_t>();
      r.abandoned += w.last.at("abandoned").get<uint64_t>();
      r.spin_blocks += w.last.at("spin_blocks").get<uint64_t>();
      r.forced_timeouts += w.last.at("forced_timeouts").get<uint64_t>();
      int b = w.last.at("bound_completed").get<int>();
      if (b < 0) any_bound = false;
      bound = std::min(bound, b);
    }
    r.bound_completed = any_bound && bound != INT_MAX ? bound : -1;
    std::vector<Violation> all;
    for (const Worker& w : workers) all.insert(all.end(), w.violations.begin(), w.violations.end());
    std::stable_sort(all.begin(), all.end(), [](const Violation& a, const Violation& b) {
      return a.program_index < b.program_index;
    });
    std::set<std::pair<std::string, std::vector<std::string>>> seen;
    for (Violation& v : all) {
      if (seen.insert({v.kind, v.signature}).second) r.violations.push_back(std::move(v));
    }
    if (final) r.violations = drop_rediscoveries(target, options, std::move(r.violations));
    r.duplicates_dropped = all.size() - r.violations.size();
    if (options.max_violations != 0 && r.violations.size() > options.max_violations) {
      r.violations.resize(options.max_violations);
    }
    return r;
  };
  size_t open = workers.size();
  while (open > 0) {
    std::vector<pollfd> fds;
    for (const Worker& w : workers) fds.push_back({w.fd, POLLIN, 0});
    if (poll(fds.data(), fds.size(), -1) < 0) continue;
    for (size_t i = 0; i < workers.size(); ++i) {
      Worker& w = workers[i];
      if (w.fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      char chunk[65536];
      ssize_t n = ::read(w.fd, chunk, sizeof chunk);
      if (n > 0) {
        w.buffer.append(chunk, static_cast<size_t>(n));
        for (size_t nl; (nl = w.buffer.find('\n')) != std::string::npos;) {
          json j = json::parse(w.buffer.substr(0, nl));
          w.buffer.erase(0, nl + 1);
          if (j.contains("progress")) w.last = j.at("progress");
          if (j.contains("error")) w.error = j.at("error").get<std::string>();
          if (j.contains("result")) {
            w.last = j.at("result");
            for (const json& v : j.at("violations")) w.violations.push_back(violation_from(v));
            w.finished = true;
          }
        }
        if (progress) progress(merged(false));
        continue;
      }
      ::close(w.fd);
      w.fd = -1;
      fds[i].fd = -1;
      --open;
    }
  }
  std::string failure;
  for (Worker& w : workers) {
    int status = 0;
    waitpid(w.pid, &status, 0);
    if (!w.finished && failure.empty()) {
      failure = w.error.empty() ? "a worker process ended without a result (status " +
                                      std::to_string(status) + ")"
                                : "a worker failed: " + w.error;
    }
  }
  if (!failure.empty()) throw std::runtime_error(failure);
  return merged(true);
}

}  // namespace lineup
