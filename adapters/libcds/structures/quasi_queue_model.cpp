#include "adapters/libcds/structures/quasi_queue_model.h"

#include <algorithm>
#include <string>
#include <vector>

namespace lineup::adapters::cds::registration {
namespace {

using specs::kEmpty;
using specs::Operation;
using specs::State;

class QuasiQueueModel final : public specs::Model {
 public:
  std::string name() const override { return "quasi-queue"; }
  const std::vector<std::string>& operation_names() const override {
    static const std::vector<std::string> names = {"push", "pop"};
    return names;
  }
  bool takes_argument(int op) const override { return op == kPush; }
  std::vector<std::pair<std::string, std::string>> handoffs() const override {
    return {{"push", "pop"}};
  }
  int apply(State& s, const Operation& o) const override {
    if (o.op == kPush) {
      s.push_back(o.arg);
      return 1;
    }
    if (s.empty()) return kEmpty;
    int v = s.front();
    s.erase(s.begin());
    return v;
  }
  bool accepts(State& s, const Operation& o, int result) const override {
    if (o.op != kPop) return apply(s, o) == result;
    if (result == kEmpty) return s.size() < kWindow;
    auto window_end = s.begin() + static_cast<long>(std::min(s.size(), kWindow));
    auto it = std::find(s.begin(), window_end, result);
    if (it == window_end) return false;
    s.erase(it);
    return true;
  }

 private:
  static constexpr int kPush = 0, kPop = 1;
  static constexpr size_t kWindow = 2;  // the quasi factor
};

}  // namespace

const specs::Model& quasi_queue_model() {
  static const QuasiQueueModel model;
  return model;
}

}  // namespace lineup::adapters::cds::registration
