#include "lineup/hunt/all_clients.h"

#include <functional>

namespace lineup::hunt {
namespace {

// The ways to write `calls` as an ordered sum of at most `max_parts` positive parts, by
// number of parts, then lexicographically.
std::vector<std::vector<size_t>> compositions(size_t calls, size_t max_parts) {
  std::vector<std::vector<size_t>> out;
  std::vector<size_t> parts;
  std::function<void(size_t, size_t)> extend = [&](size_t left, size_t wanted) {
    if (parts.size() == wanted) {
      if (left == 0) out.push_back(parts);
      return;
    }
    for (size_t p = 1; p + (wanted - parts.size() - 1) <= left; ++p) {
      parts.push_back(p);
      extend(left - p, wanted);
      parts.pop_back();
    }
  };
  for (size_t n = 1; n <= max_parts && n <= calls; ++n) extend(calls, n);
  return out;
}

size_t power(size_t base, size_t exponent) {
  size_t out = 1;
  for (size_t i = 0; i < exponent; ++i) out *= base;
  return out;
}

}  // namespace

std::vector<generator::ClientCall> client_calls(const specs::Target& target) {
  std::vector<generator::ClientCall> out;
  const size_t ops = target.model->operation_names().size();
  for (size_t op = 0; op < ops; ++op) {
    if (!target.model->takes_argument(static_cast<int>(op))) {
      out.push_back({static_cast<int>(op), std::nullopt});
      continue;
    }
    for (int v : target.arguments) out.push_back({static_cast<int>(op), v});
  }
  return out;
}

size_t count_all_clients(const specs::Target& target, size_t calls, size_t max_threads) {
  if (!target.roles.empty()) return all_clients(target, calls, max_threads).size();
  // Each thread shape holds every sequence of `calls` client calls.
  return compositions(calls, max_threads).size() * power(client_calls(target).size(), calls);
}

std::vector<generator::Client> all_clients(const specs::Target& target, size_t calls,
                                           size_t max_threads) {
  const std::vector<generator::ClientCall> kinds = client_calls(target);
  std::vector<generator::Client> out;
  for (const std::vector<size_t>& shape : compositions(calls, max_threads)) {
    // Each client of this shape is a number of `calls` digits in base kinds.size().
    const size_t count = power(kinds.size(), calls);
    for (size_t number = 0; number < count; ++number) {
      generator::Client client;
      size_t digits = number;
      for (size_t length : shape) {
        std::vector<generator::ClientCall> thread;
        for (size_t i = 0; i < length; ++i) {
          thread.push_back(kinds[digits % kinds.size()]);
          digits /= kinds.size();
        }
        client.threads.push_back(std::move(thread));
      }
      if (generator::role_violation(client, target).empty()) out.push_back(std::move(client));
    }
  }
  return out;
}

}  // namespace lineup::hunt
