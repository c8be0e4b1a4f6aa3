// Executions and distinct equivalence classes explored by each strategy on one 3-thread x
// 3-call Boost.Lockfree queue program, at preemption bounds 0-2, with executions per second.
// Side by side in one run; each configuration stops at its end or at a cap.
//   usage: bench_strategies [cap on executions per configuration, default 200000]
//                           [--all-accesses]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <set>
#include <string>

#include "adapters/smoke/smoke_programs.h"
#include "engine/engine.h"
#include "engine/memory/happens_before.h"
#include "engine/strategy/cbdpor.h"
#include "engine/strategy/dpor.h"
#include "engine/strategy/icb.h"
#include "engine/strategy/pct.h"
#include "engine/strategy/pos.h"
#include "engine/strategy/random.h"
#include "engine/strategy/surw.h"

namespace {

using namespace lineup::engine;

void measure(const char* name, int bound, Strategy& strategy, const lineup::smoke::SmokeProgram& sp,
             Engine& engine, uint64_t cap) {
  std::set<uint64_t> classes;
  uint64_t executions = 0, abandoned = 0, failures = 0;
  HappensBefore hb;
  auto start = std::chrono::steady_clock::now();
  engine.explore(sp.program, strategy, [&](const ExecutionResult& r) {
    if (r.outcome == Outcome::kAbandoned) {
      ++abandoned;
    } else {
      ++executions;
      if (!r.ok() || !sp.check().empty()) ++failures;
      hb.reset(static_cast<int>(sp.program.threads.size()));
      for (const Transition& t : r.trace.steps) hb.add(t);
      classes.insert(hb.fingerprint());
    }
    return executions + abandoned < cap;
  });
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  bool capped = executions + abandoned >= cap;
  std::printf("| %-7s | %5s | %10lu%s | %9lu | %8zu | %6.2f | %9.0f | %lu |\n", name,
              bound < 0 ? "-" : std::to_string(bound).c_str(),
              static_cast<unsigned long>(executions), capped ? "+" : " ",
              static_cast<unsigned long>(abandoned), classes.size(),
              classes.empty() ? 0.0 : static_cast<double>(executions) / classes.size(),
              (executions + abandoned) / secs, static_cast<unsigned long>(failures));
}

}  // namespace

int main(int argc, char** argv) {
  uint64_t cap = 200000;
  bool all_accesses = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--all-accesses") == 0) {
      all_accesses = true;
    } else {
      cap = std::strtoull(argv[i], nullptr, 10);
    }
  }
  EngineOptions options;
  options.schedule_plain_accesses = all_accesses;
  Engine engine(options);
  lineup::smoke::SmokeProgram sp = lineup::smoke::smoke_structures().front().make(3, 3);
  std::printf("boost-queue 3x3, %s, cap %lu executions (+: capped)\n\n",
              all_accesses ? "every access scheduled" : "atomics only",
              static_cast<unsigned long>(cap));
  std::printf(
      "| strategy | bound | executions | abandoned | classes | exec/class | exec/s | failures |\n");
  std::printf("|---|---|---|---|---|---|---|---|\n");
  for (int c = 0; c <= 2; ++c) {
    CbDporStrategy cb(c, /*iterative=*/false);
    measure("cbdpor", c, cb, sp, engine, cap);
  }
  for (int c = 0; c <= 2; ++c) {
    IcbStrategy icb(c);
    measure("icb", c, icb, sp, engine, cap);
  }
  DporStrategy dpor;
  measure("dpor", -1, dpor, sp, engine, cap);
  PctStrategy pct(1, 3, cap);
  measure("pct d=3", -1, pct, sp, engine, cap);
  RandomStrategy random(1, cap);
  measure("random", -1, random, sp, engine, cap);
  PosStrategy pos(1, cap);
  measure("pos", -1, pos, sp, engine, cap);
  SurwStrategy surw(1, cap);
  measure("surw", -1, surw, sp, engine, cap);
  return 0;
}
