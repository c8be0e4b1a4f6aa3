#include "specs/lambda_model.h"

#include <deque>
#include <mutex>

namespace lineup::specs {

const Model& keep_model(std::unique_ptr<Model> model) {
  // Function-local: models are made at static initialisation, in any order.
  static std::deque<std::unique_ptr<Model>> kept;
  static std::mutex lock;
  std::lock_guard<std::mutex> guard(lock);
  kept.push_back(std::move(model));
  return *kept.back();
}

}  // namespace lineup::specs
