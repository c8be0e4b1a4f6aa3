// The baseline users rely on today: stress testing. The same test programs as `lineup hunt`
// (same generator, seed and indices), run on real OS threads against an uninstrumented build
// of the structures, many times each; every run's calls are timestamped and checked with
// classic Line-Up (x precedes y when x returned before y was invoked) against the model.
//   lineup_stress STRUCTURE [--budget 30s] [--runs 1000] [--seed 1] [-t 3] [-c 3] [--programs N]
// Prints one JSON object: programs, executions (runs), seconds, violations (with program and
// the seconds and runs to the first).
#include <CLI/CLI.hpp>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <thread>

#include "checker/linearizable.h"
#include "generator/programs.h"
#include "specs/structure.h"

namespace {

using Clock = std::chrono::steady_clock;
using lineup::specs::TestProgram;

struct Stamped {
  int64_t start = 0, end = 0;
  int result = 0;
};

// One run of `program` on real threads, released together by a start flag.
std::vector<Stamped> run_once(const lineup::specs::Target& target, const TestProgram& program) {
  const lineup::specs::Driver& d = *target.driver;
  void* s = d.make();
  std::vector<Stamped> out(program.results_size());
  for (size_t i = 0; i < program.init.size(); ++i) {
    out[program.calls() + i].result = d.call(s, program.init[i].op, program.init[i].arg);
  }
  std::atomic<int> ready{0};
  std::atomic<bool> go{false};
  std::vector<std::thread> threads;
  for (size_t t = 0; t < program.threads.size(); ++t) {
    threads.emplace_back([&, t] {
      ready.fetch_add(1);
      while (!go.load(std::memory_order_acquire)) std::this_thread::yield();
      for (size_t i = 0; i < program.threads[t].size(); ++i) {
        Stamped& st = out[program.flat(static_cast<int>(t), static_cast<int>(i))];
        st.start = Clock::now().time_since_epoch().count();
        st.result = d.call(s, program.threads[t][i].op, program.threads[t][i].arg);
        st.end = Clock::now().time_since_epoch().count();
      }
    });
  }
  while (ready.load() < static_cast<int>(threads.size())) std::this_thread::yield();
  go.store(true, std::memory_order_release);
  for (std::thread& th : threads) th.join();
  d.destroy(s);
  return out;
}

bool linearizable(const lineup::specs::Target& target, const TestProgram& program,
                  const std::vector<Stamped>& run) {
  const lineup::specs::Model& model = *target.model;
  lineup::specs::State state = model.initial();
  for (size_t i = 0; i < program.init.size(); ++i) {
    if (model.apply(state, program.init[i]) != run[program.calls() + i].result) return false;
  }
  std::vector<lineup::checker::CallRecord> calls;
  for (size_t t = 0; t < program.threads.size(); ++t) {
    for (size_t i = 0; i < program.threads[t].size(); ++i) {
      calls.push_back({static_cast<int>(t), program.threads[t][i],
                       run[program.flat(static_cast<int>(t), static_cast<int>(i))].result});
    }
  }
  lineup::checker::Precedence precedes(calls.size(), 0);
  for (size_t y = 0; y < calls.size(); ++y) {
    for (size_t x = 0; x < calls.size(); ++x) {
      if (run[x].end < run[y].start) precedes[y] |= uint64_t{1} << x;
    }
  }
  return lineup::checker::linearize(model, calls, precedes, state).has_value();
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"lineup_stress: the hunt's programs on real threads, without the engine"};
  std::string name, budget = "30s";
  uint64_t runs = 1000, seed = 1, max_programs = 0;
  lineup::generator::Shape shape;
  app.add_option("structure", name)->required();
  app.add_option("--budget", budget, "seconds (30s, 2m)")->capture_default_str();
  app.add_option("--runs", runs, "runs per program")->capture_default_str();
  app.add_option("--seed", seed)->capture_default_str();
  app.add_option("--programs", max_programs, "stop after this many programs");
  app.add_option("-t,--threads", shape.threads)->capture_default_str();
  app.add_option("-c,--calls", shape.calls)->capture_default_str();
  CLI11_PARSE(app, argc, argv);
  const lineup::specs::Target* target = lineup::specs::find_target(name);
  if (target == nullptr || target->prepare_engine != nullptr) {
    std::fprintf(stderr, "lineup_stress: '%s' is not a structure this build can stress\n",
                 name.c_str());
    return 2;
  }
  double limit = std::stod(budget) * (budget.ends_with("m") ? 60 : 1);
  auto start = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  auto gen = lineup::generator::test_programs(*target, shape);
  nlohmann::json out = {{"structure", name},
                        {"strategy", "stress"},
                        {"seed", seed},
                        {"violations", nlohmann::json::array()}};
  uint64_t programs = 0, executions = 0;
  for (uint64_t index = 0; elapsed() < limit && (max_programs == 0 || programs < max_programs) &&
                           out["violations"].empty();
       ++index, ++programs) {
    TestProgram program = lineup::generator::sample(gen, seed, index);
    for (uint64_t r = 0; r < runs && elapsed() < limit; ++r) {
      ++executions;
      if (!linearizable(*target, program, run_once(*target, program))) {
        out["violations"].push_back({{"program", program.describe(*target->model)},
                                     {"program_index", index},
                                     {"kind", "not linearizable"},
                                     {"seconds", elapsed()},
                                     {"executions", executions}});
        break;
      }
    }
  }
  out["programs"] = programs;
  out["executions"] = executions;
  out["seconds"] = elapsed();
  std::printf("%s\n", out.dump(2).c_str());
  return out["violations"].empty() ? 0 : 1;
}
