#include "generator/programs.h"

#include <algorithm>
#include <numeric>
#include <random>

namespace lineup::generator {
namespace {

using Ops = std::vector<specs::Operation>;

rc::Gen<specs::Operation> operation(const specs::Target& target, std::vector<int> allowed) {
  const specs::Model* model = target.model;
  std::vector<int> args = target.arguments.empty() ? std::vector<int>{0} : target.arguments;
  return rc::gen::apply(
      [model](int op, int arg) {
        return specs::Operation{op, model->takes_argument(op) ? arg : 0};
      },
      rc::gen::elementOf(allowed), rc::gen::elementOf(args));
}

std::vector<int> all_operations(const specs::Target& target) {
  std::vector<int> all(target.model->operation_names().size());
  std::iota(all.begin(), all.end(), 0);
  return all;
}

}  // namespace

int thread_count(const specs::Target& target, const Shape& shape) {
  if (target.roles.empty()) return shape.threads;
  return std::min(shape.threads, static_cast<int>(target.roles.size()));
}

rc::Gen<specs::TestProgram> test_programs(const specs::Target& target, const Shape& shape) {
  int threads = thread_count(target, shape);
  std::vector<rc::Gen<Ops>> per_thread;
  for (int t = 0; t < threads; ++t) {
    std::vector<int> allowed =
        target.roles.empty() ? all_operations(target) : target.roles[static_cast<size_t>(t)];
    per_thread.push_back(
        rc::gen::container<Ops>(static_cast<size_t>(shape.calls), operation(target, allowed)));
  }
  auto init = rc::gen::mapcat(rc::gen::inRange(0, shape.init + 1),
                              [op = operation(target, all_operations(target))](int n) {
                                return rc::gen::container<Ops>(static_cast<size_t>(n), op);
                              });
  // One generator per thread, combined in order.
  rc::Gen<std::vector<Ops>> threads_gen = rc::gen::just(std::vector<Ops>{});
  for (const rc::Gen<Ops>& g : per_thread) {
    threads_gen = rc::gen::apply(
        [](std::vector<Ops> so_far, Ops next) {
          so_far.push_back(std::move(next));
          return so_far;
        },
        threads_gen, g);
  }
  return rc::gen::apply(
      [](Ops prefix, std::vector<Ops> t) {
        return specs::TestProgram{std::move(prefix), std::move(t)};
      },
      init, threads_gen);
}

specs::TestProgram sample(const rc::Gen<specs::TestProgram>& gen, uint64_t seed, uint64_t index) {
  // One independent stream per (seed, index), so any program can be regenerated alone.
  rc::Random random(seed * 0x9e3779b97f4a7c15ULL + index);
  return gen(random, rc::kNominalSize).value();
}

specs::TestProgram mutate(const specs::Target& target, specs::TestProgram program, uint64_t seed,
                          uint64_t index) {
  std::mt19937_64 random(seed * 0x9e3779b97f4a7c15ULL + index + 0x632be59bd9b4e019ULL);
  auto below = [&](size_t n) { return static_cast<size_t>(random() % n); };
  const specs::TestProgram parent = program;
  std::vector<Ops>& threads = program.threads;
  if (threads.empty()) return program;
  std::vector<int> args = target.arguments.empty() ? std::vector<int>{0} : target.arguments;
  auto allowed = [&](size_t t) {
    return target.roles.empty() ? all_operations(target) : target.roles[t];
  };
  // A change may leave the program as it was (a call replaced by itself, equal calls
  // swapped): changes are drawn until one shows, a few times at most.
  for (size_t changes = 1 + below(2), tries = 0; changes > 0 && tries < 16; ++tries) {
    size_t t = below(threads.size());
    Ops& calls = threads[t];
    if (calls.empty()) continue;
    switch (below(3)) {
      case 0: {  // another call in one place
        std::vector<int> ops = allowed(t);
        int op = ops[below(ops.size())];
        calls[below(calls.size())] =
            specs::Operation{op, target.model->takes_argument(op) ? args[below(args.size())] : 0};
        break;
      }
      case 1:  // two calls of a thread swapped
        std::swap(calls[below(calls.size())], calls[below(calls.size())]);
        break;
      default: {  // a thread's calls copied onto another that may make them
        size_t from = below(threads.size());
        if (target.roles.empty() || target.roles[from] == target.roles[t]) {
          threads[t] = threads[from];
        }
        break;
      }
    }
    if (!(program == parent)) --changes;
  }
  return program;
}

}  // namespace lineup::generator
