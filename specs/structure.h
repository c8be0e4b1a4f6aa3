// Declaring a structure under test: how to construct it, how each operation of its
// sequential model is called on it, and the argument values to draw from. Include from an
// instrumented translation unit (see lineup_add_structure): the functions given to a
// Structure are compiled there, so every access they make is controlled by the engine.
//
//   using Queue = boost::lockfree::queue<int>;
//   LINEUP_REGISTER(lineup::specs::Structure<Queue>("my/queue", lineup::specs::queue_model())
//                       .make([] { return new Queue(16); })
//                       .operation("push", [](Queue& q, int v) { return q.push(v) ? 1 : 0; })
//                       .operation("pop", [](Queue& q, int) {
//                         int v;
//                         return q.pop(v) ? v : lineup::specs::kEmpty;
//                       })
//                       .arguments({1, 2, 3}));
#pragma once

#include <algorithm>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/program.h"
#include "specs/model.h"
#include "specs/registry.h"
#include "specs/test_program.h"

namespace lineup::engine {
class Engine;
}

namespace lineup::specs {

/// How the harness drives a structure without knowing its type. Implemented in the
/// instrumented translation unit that declares the structure; called from lineup's own
/// (uninstrumented) code, so the harness's work never shows as steps of the structure.
class Driver {
 public:
  virtual ~Driver() = default;
  /// Creates a structure (in an execution's setup).
  virtual void* make() const = 0;
  /// Deletes what make() returned (in teardown).
  virtual void destroy(void* structure) const = 0;
  /// Performs model operation `op` with `arg` and returns its result.
  virtual int call(void* structure, int op, int arg) const = 0;
};

/// A structure under test, with its types erased.
struct Target {
  std::string name;         // e.g. "boost/queue"
  std::string description;  // one line for `lineup list`
  std::string origin;       // where the code comes from: "Boost.Lockfree 1.74", "seeded", ...
  /// Whether lineup's own structure libraries (adapters/) registered it, rather than a user's
  /// code (a hunter's sources): a hunter's `list` shows only the user's unless told --all. Set
  /// at registration (LINEUP_REGISTER in code compiled with LINEUP_BUILT_IN_STRUCTURES).
  bool built_in = false;
  const Model* model = nullptr;
  std::vector<int> arguments;  // argument values for operations that take one
  /// Per-thread roles: thread t may only call the operations roles[t]; a program has at most
  /// roles.size() threads. Empty: every thread may call every operation.
  std::vector<std::vector<int>> roles;
  /// What the structure promises about happens-before (Structure::synchronizes): pairs of
  /// operations (from, to), indices into Model::operation_names().
  std::vector<std::pair<int, int>> synchronizes;
  /// The program shape a hunt of this structure uses unless told otherwise (`lineup hunt`
  /// without -t or -c): for structures whose bugs need more than the default 3 threads x 3
  /// calls. 0: the hunt's default.
  int threads = 0, calls = 0;
  std::shared_ptr<const Driver> driver;
  /// Run once on every engine before it runs this structure (e.g. libcds's per-thread
  /// hazard-pointer records), with the most logical threads a program will have; null: none.
  void (*prepare_engine)(engine::Engine& engine, int max_threads) = nullptr;
  /// Whether each logical thread needs a thread pointer of its own from the first execution
  /// on, because the code tells threads apart by the addresses of thread-locals
  /// (EngineOptions::thread_pointer_per_thread). Without it, the engine switches on its own
  /// once such an address reaches shared memory (EngineOptions::thread_pointer_on_escape); this
  /// is for code whose addresses reach no memory the engine sees (a hash of one kept instead).
  bool thread_pointer_per_thread = false;

  /// The engine program running `program` on a fresh structure in every execution; each
  /// execution writes call c's result (thread-major order) into (*results)[c] and the init
  /// prefix's results after them, so `results` must have program.results_size() elements and
  /// outlive the program.
  engine::Program instantiate(const TestProgram& program, std::vector<int>* results) const;
  /// The promises of `synchronizes` in words, "push->pop" or "insert->contains,
  /// insert->erase"; "" when it promises nothing.
  std::string promises() const;
};

/// Builder of the Target for structure type S; converts to Target, checking that every
/// operation of the model has been given (throws std::invalid_argument otherwise).
template <class S>
class Structure {
 public:
  /// An operation: performs one model operation on the structure with an argument (ignored
  /// by operations without one) and returns what the model's apply would return. A plain
  /// function or a capture-less lambda.
  using Op = int (*)(S&, int);

  Structure(std::string name, const Model& model) : model_(&model) {
    target_.name = std::move(name);
    target_.model = &model;
    target_.arguments = {1, 2, 3};
    ops_.resize(model.operation_names().size(), nullptr);
  }
  /// How one structure is created; it is deleted after each execution. Default: `new S()`.
  Structure& make(S* (*f)()) {
    make_ = f;
    return *this;
  }
  /// Binds model operation `name` (e.g. "push") to `f`.
  Structure& operation(const std::string& name, Op f) {
    ops_[static_cast<size_t>(index_of(name))] = f;
    return *this;
  }
  /// Promises that a call of `to` that sees a value happens after a call of `from` that gave
  /// it: for a `to` without argument (pop) the value is its result (an empty result sees
  /// none); for one with an argument (contains) its argument, when its result is not 0. A
  /// `from` call gives its argument (push(v), insert(v)). Checked in c11 mode: a call seeing v
  /// such that no call of `from` with argument v in its own thread before it, or in another
  /// thread with one of its steps known to the call when it returns (CallClocks), is a
  /// violation of its own kind ("missing synchronization"), although the values may be
  /// linearizable: what a caller wrote before the push need not be visible after the pop.
  /// `.synchronizes("push", "pop")` for a queue that publishes with release and consumes with
  /// acquire. Throws std::invalid_argument for an operation the model does not have.
  Structure& synchronizes(const std::string& from, const std::string& to) {
    const std::pair<int, int> promise(index_of(from), index_of(to));
    auto& promised = target_.synchronizes;
    if (std::find(promised.begin(), promised.end(), promise) == promised.end()) {
      promised.push_back(promise);
    }
    return *this;
  }
  /// Declares every hand-off of the model (Model::handoffs()) as promised, as synchronizes()
  /// does one: push -> pop for queues and stacks, insert -> contains and insert -> erase for
  /// sets. Throws std::invalid_argument for a model without hand-offs.
  Structure& synchronizes_handoffs() {
    const auto handoffs = model_->handoffs();
    if (handoffs.empty()) {
      throw std::invalid_argument(target_.name + ": the " + model_->name() +
                                  " model names no hand-offs; declare synchronizes(from, to)");
    }
    for (const auto& [from, to] : handoffs) synchronizes(from, to);
    return *this;
  }
  /// Argument values drawn for operations that take one. Default {1, 2, 3}.
  Structure& arguments(std::vector<int> values) {
    target_.arguments = std::move(values);
    return *this;
  }
  Structure& describe(std::string text) {
    target_.description = std::move(text);
    return *this;
  }
  Structure& origin(std::string text) {
    target_.origin = std::move(text);
    return *this;
  }
  /// The program shape hunts use by default (see Target::threads, calls).
  Structure& shape(int threads, int calls) {
    target_.threads = threads;
    target_.calls = calls;
    return *this;
  }
  /// Gives each logical thread thread-locals at addresses of its own from the start, for code
  /// that finds its per-thread state through `&some_thread_local` without the address reaching
  /// memory the engine watches (see Target::thread_pointer_per_thread); switches between
  /// logical threads then cost a system call each.
  Structure& thread_pointer_per_thread() {
    target_.thread_pointer_per_thread = true;
    return *this;
  }
  /// Engine set-up the structure needs (see Target::prepare_engine).
  Structure& prepare_engine(void (*f)(engine::Engine&, int max_threads)) {
    target_.prepare_engine = f;
    return *this;
  }
  /// Restricts thread t to the operations named in roles[t] (e.g. {{"push"}, {"pop"}} for a
  /// single-producer single-consumer queue).
  Structure& roles(const std::vector<std::vector<std::string>>& names) {
    target_.roles.clear();
    for (const auto& thread : names) {
      std::vector<int> ops;
      for (const std::string& n : thread) ops.push_back(index_of(n));
      target_.roles.push_back(std::move(ops));
    }
    return *this;
  }

  operator Target() const {
    for (size_t i = 0; i < ops_.size(); ++i) {
      if (ops_[i] == nullptr) {
        throw std::invalid_argument(target_.name + ": operation '" + model_->operation_names()[i] +
                                    "' of the " + model_->name() + " model is not given");
      }
    }
    Target t = target_;
    t.driver = std::make_shared<TypedDriver>(make_, ops_);
    return t;
  }

 private:
  int index_of(const std::string& name) const {
    const auto& names = model_->operation_names();
    for (size_t i = 0; i < names.size(); ++i) {
      if (names[i] == name) return static_cast<int>(i);
    }
    throw std::invalid_argument(target_.name + ": the " + model_->name() +
                                " model has no operation '" + name + "'");
  }

  static S* make_default() { return new S(); }

  class TypedDriver final : public Driver {
   public:
    TypedDriver(S* (*make)(), std::vector<Op> ops)
        : make_(make), ops_(std::move(ops)), table_(ops_.data()) {}
    void* make() const override { return make_(); }
    void destroy(void* structure) const override { delete static_cast<S*>(structure); }
    // Not instrumented itself: only the operation's own accesses are steps.
    __attribute__((no_sanitize("thread"))) int call(void* structure, int op,
                                                    int arg) const override {
      return table_[op](*static_cast<S*>(structure), arg);
    }

   private:
    S* (*make_)();
    std::vector<Op> ops_;
    // ops_.data(): vector's operator[] is not inlined into call(), whose sanitizer
    // attribute differs, and would cost a call per operation.
    const Op* table_;
  };

  const Model* model_;
  Target target_;
  S* (*make_)() = &make_default;
  std::vector<Op> ops_;
};

/// Structure<S> of a container with `push(int)` (returning void, or bool/int for whether the
/// value was taken) and `int pop()` (the value, or kEmpty), bound to the model's push and pop.
template <class S>
Structure<S> push_pop(std::string name, const Model& model) {
  return Structure<S>(std::move(name), model)
      .operation("push",
                 [](S& s, int v) {
                   if constexpr (std::is_void_v<decltype(s.push(v))>) {
                     s.push(v);
                     return 1;
                   } else {
                     return s.push(v) ? 1 : 0;
                   }
                 })
      .operation("pop", [](S& s, int) { return s.pop(); });
}

}  // namespace lineup::specs
