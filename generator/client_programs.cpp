#include "generator/client_programs.h"

namespace lineup::generator {
namespace {

// The calls of `calls`, with their given arguments and 0 for those left out.
std::vector<specs::Operation> operations(const std::vector<ClientCall>& calls) {
  std::vector<specs::Operation> out;
  out.reserve(calls.size());
  for (const ClientCall& c : calls) out.push_back(specs::Operation{c.op, c.arg.value_or(0)});
  return out;
}

// `program` with the arguments `client` leaves out taken from `values` in order: the init
// prefix's, then each thread's.
specs::TestProgram with_drawn(specs::TestProgram program, const Client& client,
                              const specs::Model& model, const std::vector<int>& values) {
  size_t next = 0;
  for (size_t i = 0; i < client.init.size(); ++i) {
    if (client.drawn_init(model, i)) program.init[i].arg = values.at(next++);
  }
  for (size_t t = 0; t < client.threads.size(); ++t) {
    for (size_t i = 0; i < client.threads[t].size(); ++i) {
      if (client.drawn(model, t, i)) program.threads[t][i].arg = values.at(next++);
    }
  }
  return program;
}

}  // namespace

rc::Gen<specs::TestProgram> client_programs(const specs::Target& target, const Client& client) {
  const specs::Model* model = target.model;
  specs::TestProgram base;
  base.init = operations(client.init);
  size_t drawn = 0;
  for (size_t i = 0; i < client.init.size(); ++i) drawn += client.drawn_init(*model, i) ? 1 : 0;
  for (size_t t = 0; t < client.threads.size(); ++t) {
    base.threads.push_back(operations(client.threads[t]));
    for (size_t i = 0; i < client.threads[t].size(); ++i) {
      drawn += client.drawn(*model, t, i) ? 1 : 0;
    }
  }
  if (drawn == 0) return rc::gen::just(base);
  std::vector<int> args = target.arguments.empty() ? std::vector<int>{0} : target.arguments;
  return rc::gen::map(rc::gen::container<std::vector<int>>(drawn, rc::gen::elementOf(args)),
                      [base, client, model](const std::vector<int>& values) {
                        return with_drawn(base, client, *model, values);
                      });
}

}  // namespace lineup::generator
