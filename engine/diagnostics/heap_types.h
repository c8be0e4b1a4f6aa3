// What the debug information says a heap block is, from the code that allocated it, and which
// field of it an address is: "Node" and ".next" for `new Node(v)` and its `next` member.
//
// GCC records no type at an allocation, so the type is known only where the code around the
// allocation's call says it:
// - the call is made inside the C++ library's allocator for T (std::allocator<T>::allocate, as
//   containers and node pools call it): the block holds Ts;
// - a constructor of T is called or inlined next, at the same source line as the allocation
//   (`new T(...)`): the block is a T.
// In both cases the block's size must be a multiple of T's. Anything else (an aggregate
// `new T{...}` with no constructor, `malloc(sizeof(T))`, code without debug information) has
// no type: its accesses keep their offsets rather than take a guessed field.
//
// Only reports use this: nothing is read before the first question, and each allocation site
// is read once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace lineup::engine {

/// Types of heap blocks and names of their fields, read from the DWARF of the module holding
/// the allocation site (libdw). Results are cached per site and size. Thread-safe.
class HeapTypes {
 public:
  /// The type name ("Node", "queue<int>") of a block of `size` bytes allocated by the call
  /// returning to `site`; "" when the debug information does not say.
  std::string type_name(uintptr_t site, size_t size);
  /// The field at `offset` in such a block: ".next", ".waiters.count", "[2].next" (the third
  /// T of an array), ".value+2" (inside a field the name does not divide further: members of
  /// the C++ library's types such as std::atomic are not shown); "" when the type is unknown
  /// or `offset` is not in a field (padding, beyond the last). With `outermost`, the
  /// outermost member starting at `offset`, what a pointer to that byte points to
  /// (".dummy" rather than ".dummy.next").
  std::string field(uintptr_t site, size_t size, size_t offset, bool outermost = false);
};

/// The process-wide instance.
HeapTypes& heap_types();

}  // namespace lineup::engine
