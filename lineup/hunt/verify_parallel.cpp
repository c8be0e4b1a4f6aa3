#include "lineup/hunt/verify_parallel.h"

#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "lineup/hunt/case_json.h"
#include "lineup/hunt/interruption.h"

namespace lineup::hunt {
namespace {

using nlohmann::json;

// Parts per worker asked of the split, so that uneven parts even out (workers take the next
// part whenever they finish one); and the longest prefix it may take to find them.
constexpr size_t kPartsPerWorker = 16;
constexpr size_t kMaxPrefix = 12;

json to_json(const VerifyResult& r, const specs::Model& model) {
  const ProgramSearch& s = r.search;
  json j = {{"classes", r.classes},
            {"executions", s.executions},
            {"abandoned", s.abandoned},
            {"inconsistent", s.inconsistent},
            {"retry_cuts", s.retry_cuts},
            {"cut_loops", s.cut_loops},
            {"foreign", s.foreign},
            {"checker_seconds", s.checker_seconds},
            {"spin_blocks", s.spin_blocks},
            {"forced_timeouts", s.forced_timeouts},
            {"late_stack_publications", s.late_stack_publications},
            {"suppressed_races", s.suppressed_races},
            {"undetermined", s.undetermined},
            {"thread_pointer_switched", s.thread_pointer_switched},
            {"capped", s.capped},
            {"completed", r.completed},
            {"ended_unclaimed", r.ended_unclaimed},
            {"estimated_executions", r.estimated_executions},
            {"estimate_is_lower", r.estimate_is_lower},
            {"parts_searched", r.parts_searched},
            {"parts", r.parts},
            {"seconds", r.seconds}};
  if (s.violation) {
    j["violation"] = failing_case_json(*s.violation, model);
    j["report"] = s.violation->report;
    j["steps"] = s.violation->steps;
    j["found_after_executions"] = s.violation->found_after_executions;
    j["found_after_seconds"] = s.violation->found_after_seconds;
    j["thread_pointer_per_thread"] = s.violation->thread_pointer_per_thread;
  }
  return j;
}

// Adds worker `j`'s result to `sum`; its estimate is its executions when it completed.
void add(VerifyResult& sum, const json& j, const specs::Model& model) {
  ProgramSearch& s = sum.search;
  sum.classes += j.at("classes").get<uint64_t>();
  const uint64_t executions = j.at("executions").get<uint64_t>();
  s.executions += executions;
  s.abandoned += j.at("abandoned").get<uint64_t>();
  s.inconsistent += j.at("inconsistent").get<uint64_t>();
  s.retry_cuts += j.at("retry_cuts").get<uint64_t>();
  for (const std::string& loop : j.at("cut_loops").get<std::vector<std::string>>()) {
    s.cut_loops.insert(loop);
  }
  s.foreign += j.at("foreign").get<uint64_t>();
  s.checker_seconds += j.at("checker_seconds").get<double>();
  s.spin_blocks += j.at("spin_blocks").get<uint64_t>();
  s.forced_timeouts += j.at("forced_timeouts").get<uint64_t>();
  s.late_stack_publications += j.at("late_stack_publications").get<uint64_t>();
  s.suppressed_races += j.at("suppressed_races").get<uint64_t>();
  s.undetermined += j.at("undetermined").get<uint64_t>();
  s.thread_pointer_switched =
      s.thread_pointer_switched || j.at("thread_pointer_switched").get<bool>();
  s.capped = s.capped || j.at("capped").get<bool>();
  const bool completed = j.at("completed").get<bool>();
  sum.completed = sum.completed && completed;
  sum.ended_unclaimed = sum.ended_unclaimed || j.at("ended_unclaimed").get<bool>();
  const double estimate = j.at("estimated_executions").get<double>();
  sum.estimated_executions +=
      completed || estimate == 0 ? static_cast<double>(executions) : estimate;
  sum.estimate_is_lower = sum.estimate_is_lower || j.at("estimate_is_lower").get<bool>();
  sum.parts_searched += j.at("parts_searched").get<size_t>();
  sum.parts += j.at("parts").get<size_t>();
  sum.seconds = std::max(sum.seconds, j.at("seconds").get<double>());
  if (j.contains("violation") && !s.violation) {
    Violation v;
    static_cast<FailingCase&>(v) = parse_failing_case(j.at("violation"), model);
    v.report = j.at("report").get<std::string>();
    v.steps = j.at("steps").get<size_t>();
    v.found_after_executions = j.at("found_after_executions").get<uint64_t>();
    v.found_after_seconds = j.at("found_after_seconds").get<double>();
    v.thread_pointer_per_thread = j.at("thread_pointer_per_thread").get<bool>();
    v.detected = std::chrono::steady_clock::now();
    s.violation = std::move(v);
  }
}

struct Worker {
  pid_t pid = -1;
  int fd = -1;
  std::string output;
  bool done = false;
};

// What the forked workers share: the index of the next part to take, and each worker's
// classes and executions counted so far (for the progress the parent shows).
class SharedState {
 public:
  explicit SharedState(size_t workers) : bytes_(sizeof(Layout) + 2 * workers * sizeof(Count)) {
    void* p = ::mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::runtime_error("cannot share memory with the workers");
    layout_ = new (p) Layout;
    counts_ = new (static_cast<char*>(p) + sizeof(Layout)) Count[2 * workers];
  }
  ~SharedState() { ::munmap(layout_, bytes_); }
  SharedState(const SharedState&) = delete;
  SharedState& operator=(const SharedState&) = delete;

  std::atomic<size_t>& next() { return layout_->next; }
  /// Worker `w`'s counts so far.
  void set(size_t w, uint64_t classes, uint64_t executions) {
    counts_[2 * w].store(classes, std::memory_order_relaxed);
    counts_[2 * w + 1].store(executions, std::memory_order_relaxed);
  }
  /// The classes and executions of every worker, summed.
  std::pair<uint64_t, uint64_t> sum(size_t workers) const {
    uint64_t classes = 0, executions = 0;
    for (size_t w = 0; w < workers; ++w) {
      classes += counts_[2 * w].load(std::memory_order_relaxed);
      executions += counts_[2 * w + 1].load(std::memory_order_relaxed);
    }
    return {classes, executions};
  }

 private:
  using Count = std::atomic<uint64_t>;
  struct Layout {
    std::atomic<size_t> next{0};
  };
  size_t bytes_;
  Layout* layout_;
  Count* counts_;
};

[[noreturn]] void run_worker(const specs::Target& target, const specs::TestProgram& program,
                             const HuntOptions& options, const VerifyLimits& limits,
                             const std::vector<Prefix>& parts, SharedState& shared, size_t worker,
                             int fd) {
  clear_stop();
  stop_on_signals(false);
  std::atomic<size_t>& next = shared.next();
  const PartSource source{[&]() -> const Prefix* {
                            const size_t i = next.fetch_add(1);
                            return i < parts.size() ? &parts[i] : nullptr;
                          },
                          [&]() { return next.load() < parts.size(); }};
  const VerifyProgress progress = [&](uint64_t classes, uint64_t executions) {
    shared.set(worker, classes, executions);
  };
  std::string text;
  try {
    text = to_json(verify_taken_parts(target, program, options, limits, source, progress),
                   *target.model)
               .dump();
  } catch (const std::exception& e) {
    text = json{{"error", e.what()}}.dump();
  }
  for (size_t written = 0; written < text.size();) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) _exit(3);
    written += static_cast<size_t>(n);
  }
  _exit(0);
}

void start_worker(Worker& w, const specs::Target& target, const specs::TestProgram& program,
                  const HuntOptions& options, const VerifyLimits& limits,
                  const std::vector<Prefix>& parts, SharedState& shared, size_t worker) {
  int fds[2];
  if (pipe(fds) != 0) throw std::runtime_error("cannot create a pipe for a worker");
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("cannot start a worker process");
  if (pid == 0) {
    ::close(fds[0]);
    run_worker(target, program, options, limits, parts, shared, worker, fds[1]);
  }
  ::close(fds[1]);
  w.pid = pid;
  w.fd = fds[0];
}

// Reads every worker's output to its end; once one has found a violation, or a stop was
// requested here, the others are asked to stop (SIGTERM) and report what they have. Shows
// `progress` between reads.
void collect(std::vector<Worker>& workers, const SharedState& shared,
             const VerifyProgress& progress) {
  bool found = false, stopped = false;
  for (;;) {
    std::vector<pollfd> fds;
    std::vector<Worker*> open;
    for (Worker& w : workers) {
      if (w.done) continue;
      fds.push_back({w.fd, POLLIN, 0});
      open.push_back(&w);
    }
    if (fds.empty()) return;
    const int ready = ::poll(fds.data(), fds.size(), 100);
    if (ready < 0 && errno != EINTR) throw std::runtime_error("cannot wait for the workers");
    if (progress) {
      const auto [classes, executions] = shared.sum(workers.size());
      progress(classes, executions);
    }
    for (size_t i = 0; ready > 0 && i < fds.size(); ++i) {
      if (fds[i].revents == 0) continue;
      char buffer[65536];
      const ssize_t n = ::read(fds[i].fd, buffer, sizeof buffer);
      if (n > 0) {
        open[i]->output.append(buffer, static_cast<size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        open[i]->done = true;
        ::close(open[i]->fd);
        found = found || open[i]->output.find("\"violation\"") != std::string::npos;
      }
    }
    if (stopped || (!found && stop_signal() == 0)) continue;
    stopped = true;
    for (Worker& w : workers) {
      if (!w.done) ::kill(w.pid, SIGTERM);  // a worker stops after its current execution
    }
  }
}

}  // namespace

VerifyResult verify_parallel(const specs::Target& target, const specs::TestProgram& program,
                             const HuntOptions& options, const VerifyLimits& limits, int jobs,
                             const VerifyProgress& progress) {
  // c11: parts own classes of schedules, and executions of one graph can fall in two.
  if (jobs <= 1 || options.replay.memory_model == engine::MemoryModel::kC11) {
    return verify(target, program, options, limits, progress);
  }
  const auto start = std::chrono::steady_clock::now();
  std::vector<Prefix> parts;
  {
    std::unique_ptr<engine::Engine> engine = make_engine(target, verify_options(options, limits),
                                                         static_cast<int>(program.threads.size()));
    parts = split_prefixes(*engine, target, program, kPartsPerWorker * static_cast<size_t>(jobs),
                           kMaxPrefix);
  }
  std::vector<Worker> workers(static_cast<size_t>(std::min<size_t>(jobs, parts.size())));
  SharedState shared(workers.size());
  for (size_t i = 0; i < workers.size(); ++i) {
    start_worker(workers[i], target, program, options, limits, parts, shared, i);
  }
  collect(workers, shared, progress);
  VerifyResult sum;
  sum.completed = true;
  for (size_t i = 0; i < workers.size(); ++i) {
    int status = 0;
    while (::waitpid(workers[i].pid, &status, 0) < 0 && errno == EINTR) {
    }
    json j;
    try {
      j = json::parse(workers[i].output);
    } catch (const std::exception&) {
      const std::string how = WIFSIGNALED(status)
                                  ? std::string("killed by ") + strsignal(WTERMSIG(status))
                                  : "exit status " + std::to_string(WEXITSTATUS(status));
      sum.internal_errors.push_back("verify worker " + std::to_string(i) + " died (" + how + ")");
      sum.completed = false;
      continue;
    }
    if (j.contains("error")) {
      sum.internal_errors.push_back("verify worker " + std::to_string(i) + ": " +
                                    j.at("error").get<std::string>());
      sum.completed = false;
      continue;
    }
    add(sum, j, *target.model);
  }
  if (sum.search.violation) sum.completed = false;
  note_untaken_parts(sum, parts.size());
  if (sum.completed) sum.estimated_executions = 0;
  sum.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return sum;
}

}  // namespace lineup::hunt
