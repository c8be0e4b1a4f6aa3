#include <algorithm>
#include <map>
#include <memory>
#include <mutex>

#include "specs/model.h"
#include "specs/test_program.h"

namespace lineup::specs {

std::string Model::describe(const Operation& o) const {
  std::string s = operation_names()[static_cast<size_t>(o.op)] + "(";
  if (takes_argument(o.op)) s += std::to_string(o.arg);
  return s + ")";
}

std::string Model::describe_result(const Operation&, int result) const {
  return result == kEmpty ? "empty" : std::to_string(result);
}

namespace {

// push(v) -> 1, pop() -> a value or kEmpty, and optionally empty() -> 1 or 0; queue and
// stack differ only in which end pops.
class PushPopModel : public Model {
 public:
  /// What a bounded model allows beyond its exact answers.
  enum class Slack {
    kExact,
    kMayRefuse,     // a push may be refused at any time
    kStaleAnswers,  // a push may be refused and a pop may answer empty at any time
  };
  explicit PushPopModel(bool with_empty, size_t capacity = 0, Slack slack = Slack::kExact)
      : with_empty_(with_empty), capacity_(capacity), slack_(slack) {}
  bool accepts(State& s, const Operation& o, int result) const override {
    // A refusal or a stale empty changes nothing.
    if (o.op == 0 && result == 0 && slack_ != Slack::kExact) return true;
    if (o.op == 1 && result == kEmpty && slack_ == Slack::kStaleAnswers) return true;
    return apply(s, o) == result;
  }
  const std::vector<std::string>& operation_names() const override {
    static const std::vector<std::string> names = {"push", "pop"};
    static const std::vector<std::string> with_empty = {"push", "pop", "empty"};
    return with_empty_ ? with_empty : names;
  }
  bool takes_argument(int op) const override { return op == 0; }
  std::vector<std::pair<std::string, std::string>> handoffs() const override {
    return {{"push", "pop"}};
  }
  int apply(State& s, const Operation& o) const override {
    if (o.op == 0) {
      if (capacity_ != 0 && s.size() == capacity_) return 0;  // full
      s.push_back(o.arg);
      return 1;
    }
    if (o.op == 2) return s.empty() ? 1 : 0;
    if (s.empty()) return kEmpty;
    return take(s);
  }
  std::string describe_result(const Operation& o, int result) const override {
    if (o.op == 2) return result ? "true" : "false";
    return Model::describe_result(o, result);
  }
  std::string kind() const override {
    std::string bound;
    if (capacity_ != 0) bound = slack_ == Slack::kMayRefuse ? "pool-bounded " : "bounded ";
    std::string kind = bound + name();
    if (capacity_ != 0) kind += " (" + std::to_string(capacity_) + ")";
    if (slack_ == Slack::kStaleAnswers) kind += ", stale empty/full";
    return with_empty_ ? kind + " with empty" : kind;
  }

 private:
  virtual int take(State& s) const = 0;
  bool with_empty_;
  size_t capacity_;  // 0: unbounded
  Slack slack_;
};

class QueueModel final : public PushPopModel {
 public:
  using PushPopModel::PushPopModel;
  std::string name() const override { return "queue"; }

 private:
  int take(State& s) const override {
    int v = s.front();
    s.erase(s.begin());
    return v;
  }
};

class StackModel final : public PushPopModel {
 public:
  using PushPopModel::PushPopModel;
  std::string name() const override { return "stack"; }

 private:
  int take(State& s) const override {
    int v = s.back();
    s.pop_back();
    return v;
  }
};

class SetModel final : public Model {
 public:
  std::string name() const override { return "set"; }
  const std::vector<std::string>& operation_names() const override {
    static const std::vector<std::string> names = {"insert", "erase", "contains"};
    return names;
  }
  bool takes_argument(int) const override { return true; }
  std::vector<std::pair<std::string, std::string>> handoffs() const override {
    return {{"insert", "contains"}, {"insert", "erase"}};
  }
  int apply(State& s, const Operation& o) const override {
    auto it = std::lower_bound(s.begin(), s.end(), o.arg);
    bool present = it != s.end() && *it == o.arg;
    switch (o.op) {
      case 0:
        if (present) return 0;
        s.insert(it, o.arg);
        return 1;
      case 1:
        if (!present) return 0;
        s.erase(it);
        return 1;
      default:
        return present ? 1 : 0;
    }
  }
  std::string describe_result(const Operation&, int result) const override {
    return result ? "true" : "false";
  }
};

}  // namespace

const Model& queue_model() {
  static const QueueModel m(false);
  return m;
}
const Model& queue_with_empty_model() {
  static const QueueModel m(true);
  return m;
}
namespace {

using Slack = PushPopModel::Slack;

// One model object per (kind, capacity, slack), made on first use and kept.
template <class M>
const Model& bounded(int capacity, Slack slack) {
  static std::map<std::pair<int, Slack>, std::unique_ptr<M>> models;
  static std::mutex lock;
  std::lock_guard<std::mutex> guard(lock);
  auto& m = models[{capacity, slack}];
  if (!m) m = std::make_unique<M>(false, static_cast<size_t>(capacity), slack);
  return *m;
}

}  // namespace

const Model& bounded_queue_model(int capacity) {
  return bounded<QueueModel>(capacity, Slack::kExact);
}
const Model& bounded_stack_model(int capacity) {
  return bounded<StackModel>(capacity, Slack::kExact);
}
const Model& pool_bounded_queue_model(int capacity) {
  return bounded<QueueModel>(capacity, Slack::kMayRefuse);
}
const Model& pool_bounded_stack_model(int capacity) {
  return bounded<StackModel>(capacity, Slack::kMayRefuse);
}
const Model& stale_bounded_queue_model(int capacity) {
  return bounded<QueueModel>(capacity, Slack::kStaleAnswers);
}
const Model& stack_model() {
  static const StackModel m(false);
  return m;
}
const Model& stack_with_empty_model() {
  static const StackModel m(true);
  return m;
}
const Model& set_model() {
  static const SetModel m;
  return m;
}

}  // namespace lineup::specs

namespace lineup::specs {

size_t TestProgram::calls() const {
  size_t n = 0;
  for (const auto& t : threads) n += t.size();
  return n;
}

size_t TestProgram::flat(int thread, int index) const {
  size_t n = 0;
  for (int t = 0; t < thread; ++t) n += threads[static_cast<size_t>(t)].size();
  return n + static_cast<size_t>(index);
}

std::string TestProgram::describe(const Model& model) const {
  std::string out;
  if (!init.empty()) {
    out = "init:";
    for (const Operation& op : init) out += " " + model.describe(op);
  }
  for (size_t t = 0; t < threads.size(); ++t) {
    out += (out.empty() ? "T" : " | T") + std::to_string(t) + ":";
    for (const Operation& op : threads[t]) out += " " + model.describe(op);
  }
  return out;
}

}  // namespace lineup::specs
