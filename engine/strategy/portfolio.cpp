#include "engine/strategy/portfolio.h"

namespace lineup::engine {

PortfolioStrategy::PortfolioStrategy(std::unique_ptr<Strategy> systematic,
                                     std::unique_ptr<Strategy> sampler)
    : systematic_(std::move(systematic)), sampler_(std::move(sampler)) {}

bool PortfolioStrategy::begin_execution() {
  if (turn_ == systematic_.get() && !sampler_done_) {
    if (sampler_->begin_execution()) {
      turn_ = sampler_.get();
      return true;
    }
    sampler_done_ = true;
  }
  turn_ = systematic_.get();
  return systematic_->begin_execution();
}

}  // namespace lineup::engine
