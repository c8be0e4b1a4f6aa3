// A liburcu container of urcu_containers.h as a declared structure of push(v) and pop().
#pragma once

#include <string>
#include <utility>

#include "specs/structure.h"

namespace lineup::urcu {

inline constexpr const char* kOrigin = "liburcu 0.13 (liburcu-dev)";

/// One liburcu container as push(v) / pop() on ints, owning the C object.
template <class C, C* (*create)(), void (*destroy)(C*), void (*put)(C*, int),
          bool (*take)(C*, int*)>
class Container {
 public:
  Container() : c_(create()) {}
  Container(const Container&) = delete;
  Container& operator=(const Container&) = delete;
  ~Container() { destroy(c_); }

  void push(int v) { put(c_, v); }
  int pop() {
    int v;
    return take(c_, &v) ? v : specs::kEmpty;
  }

 private:
  C* c_;
};

/// `C` declared as `name` with `model`: push(v) -> 1, pop() -> the value or kEmpty.
template <class C>
specs::Structure<C> declare(std::string name, const specs::Model& model, std::string what) {
  return specs::Structure<C>(std::move(name), model)
      .describe(std::move(what))
      .origin(kOrigin)
      .operation("push",
                 [](C& c, int v) {
                   c.push(v);
                   return 1;
                 })
      .operation("pop", [](C& c, int) { return c.pop(); });
}

}  // namespace lineup::urcu
