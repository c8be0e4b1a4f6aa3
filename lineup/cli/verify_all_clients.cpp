// `lineup verify STRUCTURE --all-clients N`: every client of N calls verified in turn
// (lineup/hunt/all_clients.h says why that covers every client of at most N calls).
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "lineup/cli/verify_command.h"
#include "lineup/cli/verify_progress.h"
#include "lineup/hunt/all_clients.h"
#include "lineup/hunt/cheap_clocks.h"
#include "lineup/hunt/coverage.h"
#include "lineup/hunt/interruption.h"
#include "lineup/hunt/verify_parallel.h"

namespace lineup::cli {
namespace {

// More clients than this are refused: their verification would take hours.
constexpr size_t kMaxClients = 100000;

// Whether `v` verified its client: explored to the end, no violation, every class claimed and
// nothing unseen.
bool verified(const hunt::VerifyResult& v, const hunt::HuntOptions& options) {
  return !v.search.violation && v.completed && !v.ended_unclaimed &&
         hunt::incomplete_coverage(hunt::as_hunt_result(v), options).empty() &&
         v.internal_errors.empty();
}

}  // namespace

ExitStatus VerifyCommand::run_all_clients(const specs::Target& target, hunt::HuntOptions options,
                                          const hunt::VerifyLimits& limits, double shrink_seconds) {
  const double start = hunt::coarse_seconds();
  const size_t calls = static_cast<size_t>(all_clients_);
  const size_t max_threads = std::min(calls, hunt::client_limits().threads);
  const size_t count = hunt::count_all_clients(target, calls, max_threads);
  if (count > kMaxClients) {
    std::fprintf(stderr,
                 "lineup: %s has %zu clients of %zu calls, more than %zu: ask for fewer calls, "
                 "or declare fewer argument values\n",
                 target.name.c_str(), count, calls, kMaxClients);
    return ExitStatus::kUsage;
  }
  const std::vector<generator::Client> clients = hunt::all_clients(target, calls, max_threads);
  if (clients.empty()) {
    std::fprintf(stderr, "lineup: %s's roles allow no client of %zu calls\n", target.name.c_str(),
                 calls);
    return ExitStatus::kUsage;
  }
  options.client = clients.front();
  if (ExitStatus s = check_corpus_and_code(target, options); s != ExitStatus::kClean) return s;
  options = hunt::verify_options(options, limits);
  hunt::stop_on_signals();
  VerifyProgressLine progress(start, limits.deadline > 0 ? limits.deadline - start : 0,
                              output_.quiet);
  uint64_t classes = 0, executions = 0;
  hunt::ProgramSearch cuts;  // the retry cuts of every client, summed
  for (size_t i = 0; i < clients.size(); ++i) {
    options.client = clients[i];
    const specs::TestProgram program = hunt::client_program(clients[i], *target.model);
    hunt::VerifyResult v = hunt::verify_parallel(
        target, program, options, limits, output_.jobs,
        [&](uint64_t c, uint64_t e) { progress.update(classes + c, executions + e); });
    classes += v.classes;
    executions += v.search.executions;
    cuts.retry_cuts += v.search.retry_cuts;
    cuts.cut_loops.insert(v.search.cut_loops.begin(), v.search.cut_loops.end());
    if (!verified(v, options)) {
      progress.finish();
      // With --json the report's "client" names it: stdout holds one JSON object.
      if (!output_.json) {
        std::printf("client %zu of %zu: %s\n", i + 1, clients.size(),
                    generator::to_string(clients[i], *target.model).c_str());
      }
      return finish(target, options, program, v, shrink_seconds);
    }
  }
  progress.finish();
  const double seconds = hunt::coarse_seconds() - start;
  if (output_.json) {
    nlohmann::json j;
    j["structure"] = target.name;
    j["all_clients"] = calls;
    j["clients"] = clients.size();
    j["classes"] = classes;
    j["executions"] = executions;
    j["retry_cuts"] = cuts.retry_cuts;
    j["cut_loops"] = cuts.cut_loops;
    j["seconds"] = seconds;
    j["memory_model"] = engine::to_string(options.replay.memory_model);
    j["verdict"] = "linearizable";
    std::printf("%s\n", j.dump(2).c_str());
  } else {
    std::printf(
        "verified every client of %zu call%s: %zu clients, %lu %s, %lu executions%s, "
        "linearizable (%.1f s)\n",
        calls, calls == 1 ? "" : "s", clients.size(), static_cast<unsigned long>(classes),
        classes_word(options), static_cast<unsigned long>(executions),
        retry_cut_words(cuts).c_str(), seconds);
  }
  return ExitStatus::kClean;
}

}  // namespace lineup::cli
