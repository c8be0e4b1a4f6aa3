// A client: a fixed test program whose arguments may be left out, written as text
// ("push(1) pop() | pop() | push()": threads separated by '|', calls by spaces, an optional
// "init: push(1) |" prefix). Every program of a client has its threads and calls; an argument
// left out ("push()" or "push") is drawn from the structure's argument values for each
// program, a given one is kept. It says what random programs cannot: "this thread pushes then
// pops", or that every blocking pop has a push in another thread. No RapidCheck here (hunt
// options name a client); its generator is in generator/client_programs.h.
#pragma once

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "specs/structure.h"

namespace lineup::generator {

/// One call of a client: an operation, and its argument when the client fixes it.
struct ClientCall {
  int op = 0;  // index into Model::operation_names()
  /// The argument given; nullopt when it is drawn for each program (or the operation takes
  /// none).
  std::optional<int> arg;
  bool operator==(const ClientCall&) const = default;
};

/// A client: the calls of an init prefix and of each thread.
struct Client {
  std::vector<ClientCall> init;
  std::vector<std::vector<ClientCall>> threads;

  /// Whether `model` draws no argument for any call: every program of the client is the same.
  bool fixed(const specs::Model& model) const;
  /// Whether the call `index` of thread `thread` has its argument drawn under `model`.
  bool drawn(const specs::Model& model, size_t thread, size_t index) const;
  /// Whether the init call `index` has its argument drawn under `model`.
  bool drawn_init(const specs::Model& model, size_t index) const;
  /// Whether `program` is one of the client's programs: the same init and threads, calls of
  /// the same operations, every argument the client gives kept.
  bool has_program(const specs::Model& model, const specs::TestProgram& program) const;
  bool operator==(const Client&) const = default;
};

/// What a client may hold at most (the engine's and the checker's limits, given by the caller).
struct ClientLimits {
  size_t threads = 0;  // threads
  size_t calls = 0;    // calls in all, init calls included
};

/// Text that is not a client: "at column N: what was expected".
class ClientError : public std::invalid_argument {
 public:
  ClientError(size_t column, const std::string& what);
  /// 1-based column of `text` where the problem is.
  size_t column() const { return column_; }

 private:
  size_t column_;
};

/// The client `text` writes, in the words of `model`. Throws ClientError naming the column and
/// what was expected there: an unknown operation, an argument to an operation that takes
/// none, an argument that is not an integer, an empty thread or init prefix, a stray
/// character, more threads or calls than `limits`.
Client parse_client(const specs::Model& model, std::string_view text, const ClientLimits& limits);

/// The text of `client` that parse_client reads back as `client`: drawn arguments written
/// "push()", given ones "push(1)", calls separated by a space and threads by " | ".
std::string to_string(const Client& client, const specs::Model& model);

/// Why `target`'s roles refuse `client` ("" when they do not): more threads than roles, or a
/// thread calling an operation outside its role. The init prefix runs before the threads and
/// is not restricted.
std::string role_violation(const Client& client, const specs::Target& target);

}  // namespace lineup::generator
