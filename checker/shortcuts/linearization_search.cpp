#include "checker/shortcuts/linearization_search.h"

#include <stdexcept>
#include <utility>

namespace lineup::checker {

LinearizationSearch::LinearizationSearch(const specs::Model& model,
                                         const specs::TestProgram& program, ModelMoves* moves)
    : calls_(program.calls()) {
  specs::State after_init = model.initial();
  for (const specs::Operation& op : program.init) {
    init_results_.push_back(model.apply(after_init, op));
  }
  std::vector<specs::Operation> operations;
  for (const std::vector<specs::Operation>& thread : program.threads) {
    operations.insert(operations.end(), thread.begin(), thread.end());
  }
  if (moves == nullptr) {
    graph_.emplace(model, std::move(operations), after_init);
  } else if (&moves->model() != &model) {
    throw std::invalid_argument("the model's moves given to a judge are of another model");
  } else {
    graph_.emplace(*moves, std::move(operations), after_init);
  }
}

LinearizationSearch::LinearizationSearch(
    const std::map<std::vector<int>, std::vector<std::vector<int>>>& outcomes)
    : calls_(0) {
  serial_.emplace(outcomes);
}

}  // namespace lineup::checker
