#include "generator/client.h"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace lineup::generator {

ClientError::ClientError(size_t column, const std::string& what)
    : std::invalid_argument("at column " + std::to_string(column) + ": " + what), column_(column) {}

namespace {

bool takes_argument(const specs::Model& model, const ClientCall& call) {
  return model.takes_argument(call.op);
}

bool fits(const specs::Model& model, const std::vector<ClientCall>& calls,
          const std::vector<specs::Operation>& ops) {
  if (calls.size() != ops.size()) return false;
  for (size_t i = 0; i < calls.size(); ++i) {
    if (calls[i].op != ops[i].op) return false;
    if (takes_argument(model, calls[i]) && calls[i].arg && *calls[i].arg != ops[i].arg) {
      return false;
    }
  }
  return true;
}

std::string operation_list(const specs::Model& model) {
  std::string out;
  for (const std::string& name : model.operation_names()) out += (out.empty() ? "" : ", ") + name;
  return out;
}

// Reads a client from left to right; every error names the column where reading stopped.
class ClientParser {
 public:
  ClientParser(const specs::Model& model, std::string_view text, const ClientLimits& limits)
      : model_(model), text_(text), limits_(limits) {}

  Client parse() {
    Client client;
    skip_spaces();
    if (text_.substr(at_).starts_with("init:")) {
      at_ += 5;
      client.init = calls("init prefix");
      expect_bar("and a thread after the init prefix");
    }
    for (;;) {
      skip_spaces();
      if (client.threads.size() == limits_.threads) {
        fail("thread T" + std::to_string(client.threads.size()) + " is one too many (at most " +
             std::to_string(limits_.threads) + " threads)");
      }
      client.threads.push_back(calls("thread T" + std::to_string(client.threads.size())));
      if (at_ == text_.size()) return client;
      ++at_;  // the '|' before the next thread
    }
  }

 private:
  [[noreturn]] void fail(const std::string& what) const { throw ClientError(at_ + 1, what); }

  void skip_spaces() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
  }

  // A sequence of calls ends at '|' or at the end of the text.
  void expect_bar(const std::string& where) {
    if (at_ == text_.size()) fail("expected '|' " + where + ", found the end");
    ++at_;
  }

  // The calls up to the next '|' or the end; `what` names the sequence in errors.
  std::vector<ClientCall> calls(const std::string& what) {
    std::vector<ClientCall> out;
    for (skip_spaces(); at_ < text_.size() && text_[at_] != '|'; skip_spaces()) {
      if (++calls_ > limits_.calls) {
        fail("call " + std::to_string(calls_) + " is one too many (at most " +
             std::to_string(limits_.calls) + " calls in all)");
      }
      out.push_back(call());
    }
    if (out.empty()) {
      fail("empty " + what + ": expected a call (" + operation_list(model_) + ")" +
           (at_ < text_.size() ? " before '|'" : ""));
    }
    return out;
  }

  ClientCall call() {
    const size_t start = at_;
    while (at_ < text_.size() &&
           (std::isalnum(static_cast<unsigned char>(text_[at_])) || text_[at_] == '_')) {
      ++at_;
    }
    const std::string name(text_.substr(start, at_ - start));
    if (name.empty()) {
      fail("expected a call (" + operation_list(model_) + "), found '" +
           std::string(1, text_[at_]) + "'");
    }
    ClientCall c;
    c.op = operation(name, start);
    if (at_ == text_.size() || text_[at_] != '(') return c;  // "push": a drawn argument
    ++at_;
    skip_spaces();
    if (at_ < text_.size() && text_[at_] != ')') {
      if (!model_.takes_argument(c.op)) fail(name + " takes no argument");
      c.arg = integer();
      skip_spaces();
    }
    if (at_ == text_.size() || text_[at_] != ')') fail("expected ')' closing " + name + "(");
    ++at_;
    return c;
  }

  int operation(const std::string& name, size_t start) {
    const std::vector<std::string>& names = model_.operation_names();
    for (size_t op = 0; op < names.size(); ++op) {
      if (names[op] == name) return static_cast<int>(op);
    }
    at_ = start;
    fail("unknown operation '" + name + "' (the " + model_.name() + " model has " +
         operation_list(model_) + ")" +
         (name == "init" ? "; 'init:' starts the client, before its threads" : ""));
  }

  int integer() {
    int value = 0;
    const char* first = text_.data() + at_;
    auto [end, error] = std::from_chars(first, text_.data() + text_.size(), value);
    if (error != std::errc() || end == first) fail("expected an integer argument or ')'");
    at_ += static_cast<size_t>(end - first);
    return value;
  }

  const specs::Model& model_;
  std::string_view text_;
  const ClientLimits& limits_;
  size_t at_ = 0;     // the next character to read
  size_t calls_ = 0;  // calls read so far
};

std::string calls_text(const specs::Model& model, const std::vector<ClientCall>& calls) {
  std::string out;
  for (const ClientCall& c : calls) {
    if (!out.empty()) out += ' ';
    out += model.operation_names()[static_cast<size_t>(c.op)] + "(" +
           (c.arg && model.takes_argument(c.op) ? std::to_string(*c.arg) : "") + ")";
  }
  return out;
}

}  // namespace

bool Client::fixed(const specs::Model& model) const {
  for (size_t i = 0; i < init.size(); ++i) {
    if (drawn_init(model, i)) return false;
  }
  for (size_t t = 0; t < threads.size(); ++t) {
    for (size_t i = 0; i < threads[t].size(); ++i) {
      if (drawn(model, t, i)) return false;
    }
  }
  return true;
}

bool Client::drawn(const specs::Model& model, size_t thread, size_t index) const {
  const ClientCall& c = threads.at(thread).at(index);
  return takes_argument(model, c) && !c.arg;
}

bool Client::drawn_init(const specs::Model& model, size_t index) const {
  const ClientCall& c = init.at(index);
  return takes_argument(model, c) && !c.arg;
}

bool Client::has_program(const specs::Model& model, const specs::TestProgram& program) const {
  if (!fits(model, init, program.init) || threads.size() != program.threads.size()) return false;
  for (size_t t = 0; t < threads.size(); ++t) {
    if (!fits(model, threads[t], program.threads[t])) return false;
  }
  return true;
}

Client parse_client(const specs::Model& model, std::string_view text, const ClientLimits& limits) {
  return ClientParser(model, text, limits).parse();
}

std::string to_string(const Client& client, const specs::Model& model) {
  std::string out = client.init.empty() ? "" : "init: " + calls_text(model, client.init) + " | ";
  for (size_t t = 0; t < client.threads.size(); ++t) {
    out += (t == 0 ? "" : " | ") + calls_text(model, client.threads[t]);
  }
  return out;
}

std::string role_violation(const Client& client, const specs::Target& target) {
  if (target.roles.empty()) return "";
  const specs::Model& model = *target.model;
  if (client.threads.size() > target.roles.size()) {
    return std::to_string(client.threads.size()) + " threads, but " + target.name +
           " declares roles for " + std::to_string(target.roles.size());
  }
  for (size_t t = 0; t < client.threads.size(); ++t) {
    const std::vector<int>& role = target.roles[t];
    for (const ClientCall& c : client.threads[t]) {
      if (std::find(role.begin(), role.end(), c.op) != role.end()) continue;
      std::string allowed;
      for (int op : role) {
        allowed += (allowed.empty() ? "" : ", ") + model.operation_names()[static_cast<size_t>(op)];
      }
      return "thread T" + std::to_string(t) + " calls " +
             model.operation_names()[static_cast<size_t>(c.op)] + ", outside its role in " +
             target.name + " (" + allowed + ")";
    }
  }
  return "";
}

}  // namespace lineup::generator
