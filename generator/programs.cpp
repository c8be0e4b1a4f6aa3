#include "generator/programs.h"

namespace lineup::generator {

rc::Gen<specs::TestProgram> test_programs(const specs::Target& target, int threads, int calls) {
  const specs::Model* model = target.model;
  std::vector<int> args = target.arguments.empty() ? std::vector<int>{0} : target.arguments;
  int ops = static_cast<int>(model->operation_names().size());
  rc::Gen<specs::Operation> operation = rc::gen::apply(
      [model](int op, int arg) {
        return specs::Operation{op, model->takes_argument(op) ? arg : 0};
      },
      rc::gen::inRange(0, ops), rc::gen::elementOf(args));
  auto thread =
      rc::gen::container<std::vector<specs::Operation>>(static_cast<size_t>(calls), operation);
  return rc::gen::map(rc::gen::container<std::vector<std::vector<specs::Operation>>>(
                          static_cast<size_t>(threads), thread),
                      [](std::vector<std::vector<specs::Operation>> t) {
                        return specs::TestProgram{std::move(t)};
                      });
}

specs::TestProgram sample(const rc::Gen<specs::TestProgram>& gen, uint64_t seed, uint64_t index) {
  // One independent stream per (seed, index), so any program can be regenerated alone.
  rc::Random random(seed * 0x9e3779b97f4a7c15ULL + index);
  return gen(random, rc::kNominalSize).value();
}

}  // namespace lineup::generator
