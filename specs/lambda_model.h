// A sequential model from a state type and one step function, instead of a Model subclass:
//
//   const lineup::specs::Model& my_stack = lineup::specs::model<std::vector<int>>(
//       "stack", {{"push", lineup::specs::takes_argument}, {"pop"}},
//       [](std::vector<int>& s, lineup::specs::Operation o) {
//         if (o.op == 0) return s.push_back(o.arg), 1;
//         if (s.empty()) return lineup::specs::kEmpty;
//         int v = s.back();
//         s.pop_back();
//         return v;
//       });
//
// The checker keeps states as State (std::vector<int>) values, compares them by value and
// hashes them, so the state type S must convert to and from one (see ModelState):
//   - std::vector<int> itself, used as it is;
//   - a type with `State encode() const` and `static S decode(const State&)`;
//   - a trivially copyable type whose bytes are its value (no padding, no floating-point
//     members: std::has_unique_object_representations), packed into ints byte for byte.
// Optional parts (ModelOptions): the initial state, an `accepts` for operations with several
// allowed outcomes, and a result printer.
#pragma once

#include <array>
#include <bit>
#include <concepts>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "specs/model.h"
#include "specs/tuple_result.h"

namespace lineup::specs {

/// What an operation of a model() takes and returns; combined with |.
enum class OperationTraits : unsigned { kNone = 0, kArgument = 1, kTuple = 2 };
constexpr OperationTraits operator|(OperationTraits a, OperationTraits b) {
  return static_cast<OperationTraits>(static_cast<unsigned>(a) | static_cast<unsigned>(b));
}
/// Whether `traits` include `t`.
constexpr bool has_trait(OperationTraits traits, OperationTraits t) {
  return (static_cast<unsigned>(traits) & static_cast<unsigned>(t)) != 0;
}
/// The operation takes an argument (push(v), insert(v)); others ignore Operation::arg.
inline constexpr OperationTraits takes_argument = OperationTraits::kArgument;
/// The operation's results are tuple_result() tuples (specs/tuple_result.h), printed "(3, 1)"
/// in reports; a plain result it returns (kEmpty) is printed as a plain one.
inline constexpr OperationTraits returns_tuple = OperationTraits::kTuple;

/// One operation of a model(): its name (as Structure::operation binds it) and traits.
struct OperationDeclaration {
  std::string name;
  OperationTraits traits = OperationTraits::kNone;
};

/// A state type with an explicit conversion: decode(encode(s)) must behave as s under every
/// operation, so that states with one encoding behave alike (the checker merges them); states
/// that behave alike should encode alike (a set as its sorted elements), or the checker only
/// takes longer.
template <class S>
concept EncodedState = requires(const S& s, const State& v) {
  { s.encode() } -> std::same_as<State>;
  { S::decode(v) } -> std::same_as<S>;
};

/// A state type packed byte for byte: equal bytes, equal states.
template <class S>
concept PackedState =
    std::is_trivially_copyable_v<S> && std::has_unique_object_representations_v<S>;

/// The state types model() takes.
template <class S>
concept ModelState = std::copy_constructible<S> &&
    (std::same_as<S, State> || EncodedState<S> || PackedState<S>);

/// `s` as the checker keeps it.
template <ModelState S>
State encode_state(const S& s) {
  if constexpr (std::same_as<S, State>) {
    return s;
  } else if constexpr (EncodedState<S>) {
    return s.encode();
  } else {
    State v((sizeof(S) + sizeof(int) - 1) / sizeof(int), 0);
    std::memcpy(v.data(), &s, sizeof(S));
    return v;
  }
}

/// The state encode_state(s) came from.
template <ModelState S>
S decode_state(const State& v) {
  if constexpr (std::same_as<S, State>) {
    return v;
  } else if constexpr (EncodedState<S>) {
    return S::decode(v);
  } else {
    std::array<unsigned char, sizeof(S)> bytes;
    std::memcpy(bytes.data(), v.data(), sizeof(S));
    return std::bit_cast<S>(bytes);
  }
}

/// The optional parts of a model().
template <class S>
struct ModelOptions {
  /// The state of a fresh structure; default S{}.
  std::optional<S> initial = std::nullopt;
  /// Whether the operation may return `result` in the state, updating the state as it then
  /// would (see Model::accepts); default: the step's result is the only one allowed.
  std::function<bool(S&, Operation, int result)> accepts = nullptr;
  /// The text of a result in reports ("empty", "true"); default Model::describe_result. Not
  /// asked for the tuples of returns_tuple operations.
  std::function<std::string(Operation, int result)> describe_result = nullptr;
};

/// Keeps `model` until the program ends and returns it (the storage behind model()).
const Model& keep_model(std::unique_ptr<Model> model);

/// The Model of model<S>().
template <class S>
class LambdaModel final : public Model {
  static_assert(ModelState<S>,
                "a model's state type is std::vector<int>, a type with `State encode() const` "
                "and `static S decode(const State&)`, or a trivially copyable type without "
                "padding or floating-point members (std::has_unique_object_representations)");

 public:
  using Step = std::function<int(S&, Operation)>;

  LambdaModel(std::string name, std::vector<OperationDeclaration> operations, Step step,
              ModelOptions<S> options)
      : name_(std::move(name)), step_(std::move(step)), options_(std::move(options)) {
    if (name_.empty()) throw std::invalid_argument("a model has no name");
    if (operations.empty()) throw std::invalid_argument("model " + name_ + " has no operations");
    if (!step_) throw std::invalid_argument("model " + name_ + " has no step function");
    for (OperationDeclaration& o : operations) {
      for (const std::string& n : names_) {
        if (n == o.name) throw std::invalid_argument("model " + name_ + ": two operations " + n);
      }
      if (o.name.empty()) throw std::invalid_argument("model " + name_ + ": an unnamed operation");
      names_.push_back(std::move(o.name));
      traits_.push_back(o.traits);
    }
    if constexpr (std::default_initializable<S>) {
      initial_ = encode_state(options_.initial.value_or(S{}));
    } else {
      if (!options_.initial) {
        throw std::invalid_argument("model " + name_ + ": its state type needs an initial state");
      }
      initial_ = encode_state(*options_.initial);
    }
  }

  std::string name() const override { return name_; }
  const std::vector<std::string>& operation_names() const override { return names_; }
  bool takes_argument(int op) const override {
    return has_trait(traits_[static_cast<size_t>(op)], OperationTraits::kArgument);
  }
  State initial() const override { return initial_; }
  int apply(State& state, const Operation& operation) const override {
    if constexpr (std::same_as<S, State>) {
      return step_(state, operation);
    } else {
      S s = decode_state<S>(state);
      const int result = step_(s, operation);
      state = encode_state(s);
      return result;
    }
  }
  bool accepts(State& state, const Operation& operation, int result) const override {
    if (!options_.accepts) return apply(state, operation) == result;
    if constexpr (std::same_as<S, State>) {
      return options_.accepts(state, operation, result);
    } else {
      S s = decode_state<S>(state);
      if (!options_.accepts(s, operation, result)) return false;
      state = encode_state(s);
      return true;
    }
  }
  std::string describe_result(const Operation& operation, int result) const override {
    if (has_trait(traits_[static_cast<size_t>(operation.op)], OperationTraits::kTuple)) {
      if (std::optional<std::string> tuple = describe_tuple(result)) return *tuple;
    }
    if (options_.describe_result) return options_.describe_result(operation, result);
    return Model::describe_result(operation, result);
  }

 private:
  std::string name_;
  std::vector<std::string> names_;
  std::vector<OperationTraits> traits_;
  Step step_;
  ModelOptions<S> options_;
  State initial_;
};

/// A model named `name` (e.g. "stack") with `operations` (their index in this list is
/// Operation::op) whose state is an S and whose operation `o` on state `s` returns `step(s, o)`
/// and leaves `s` as step left it. The model is kept until the program ends (each call makes a
/// new one: call it once per model, at start-up or into a static). Throws
/// std::invalid_argument for an empty name or operation list, a repeated or empty operation
/// name, or a state type without a default value and no options.initial. The step must be
/// a pure function of the state and operation; an exception from it (a tuple_result field out
/// of range) is reported as lineup's internal error, with its message.
template <class S>
const Model& model(std::string name, std::vector<OperationDeclaration> operations,
                   std::function<int(S&, Operation)> step, ModelOptions<S> options = {}) {
  return keep_model(std::make_unique<LambdaModel<S>>(std::move(name), std::move(operations),
                                                     std::move(step), std::move(options)));
}

}  // namespace lineup::specs
