// The specification's side of Line-Up's question for one program: whether some linearization
// respecting a precedence relation gives an outcome. Against the sequential model it is the
// linearization graph (linearization_graph.h), started from the model's state after the init
// prefix, whose results must be the model's since the prefix runs alone; against the
// implementation's serial outcomes (phase 1) it is their trie (serial_linearizations.h),
// whose outcomes already hold the prefix's results. Either is kept for the whole program, and
// this holds the one of the two the program is judged against.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "checker/shortcuts/linearization_graph.h"
#include "checker/shortcuts/model_moves.h"
#include "checker/shortcuts/serial_linearizations.h"
#include "specs/model.h"
#include "specs/test_program.h"

namespace lineup::checker {

class LinearizationSearch {
 public:
  /// What outcome() gives results no serial order produced (never against the model).
  static constexpr uint32_t kNoOutcome = SerialLinearizations::kNoOutcome;

  /// Against `model`, for the calls of `program`. `moves`: the model's moves, kept by the
  /// caller (which must not limit() them while this lives); nullptr: moves of its own.
  LinearizationSearch(const specs::Model& model, const specs::TestProgram& program,
                      ModelMoves* moves);
  /// Against phase 1: the outcomes of the serial orders (SerialOutcomes::outcomes).
  explicit LinearizationSearch(
      const std::map<std::vector<int>, std::vector<std::vector<int>>>& outcomes);

  /// The search graph against the model; nullptr against phase 1.
  LinearizationGraph* graph() { return graph_ ? &*graph_ : nullptr; }
  /// Whether the init prefix's results (those after the threads' calls in `results`) are the
  /// model's: always against phase 1.
  bool init_ok(const std::vector<int>& results) const {
    return std::equal(init_results_.begin(), init_results_.end(),
                      results.begin() + static_cast<ptrdiff_t>(calls_));
  }
  /// The id of `results` (program.results_size() of them), the key of every per-outcome
  /// cache; kNoOutcome when phase 1 never produced them.
  uint32_t outcome(const std::vector<int>& results) {
    return graph_ ? graph_->outcome(results.data()) : serial_->outcome(results.data());
  }
  /// Whether some linearization respecting `precedes` (word y: bit x when call x must come
  /// before call y) gives `outcome`.
  bool legal(uint32_t outcome, const uint64_t* precedes) {
    return graph_ ? graph_->legal(outcome, precedes) : serial_->legal(outcome, precedes);
  }
  /// The linearization the last legal() that returned true found (call indices).
  const std::vector<int>& order() const { return graph_ ? graph_->order() : serial_->order(); }
  /// Between verdicts: keeps the graph bounded however long its searches (limit()) and gives
  /// the verdict to come `work` steps of its own (budget()). Nothing to do against phase 1.
  void start_verdict(uint64_t work) {
    if (graph_) {
      graph_->limit();
      graph_->budget(work);
    }
  }
  /// Whether the graph's budget ran out since start_verdict() (never against phase 1).
  bool exhausted() const { return graph_ && graph_->exhausted(); }

 private:
  size_t calls_;                   // the threads' calls (0 against phase 1: nothing to check)
  std::vector<int> init_results_;  // the model's results for the init prefix (none: phase 1)
  std::optional<LinearizationGraph> graph_;
  std::optional<SerialLinearizations> serial_;
};

}  // namespace lineup::checker
