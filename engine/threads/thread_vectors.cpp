#include "engine/threads/thread_vectors.h"

#include <cstdlib>
#include <cstring>

namespace lineup::engine {
namespace {

// The control block's pointer to the vector (x86-64 glibc's tcbhead_t: self, then dtv).
constexpr uintptr_t kVectorOffset = 8;
// glibc's mark of a block not allocated yet (TLS_DTV_UNALLOCATED).
constexpr uintptr_t kUnallocated = ~uintptr_t{0};

size_t length(const VectorEntry* vector) { return vector[-1].value; }

}  // namespace

VectorEntry* installed_vector(uintptr_t tp) {
  return *reinterpret_cast<VectorEntry**>(tp + kVectorOffset);
}

void install_vector(uintptr_t tp, VectorEntry* vector) {
  *reinterpret_cast<VectorEntry**>(tp + kVectorOffset) = vector;
}

VectorEntry* copy_vector(const VectorEntry* vector) {
  // Index -1 (the length) and 0 (the generation) precede the modules, 1 to length; glibc
  // reallocates the vector from index -1 when it grows.
  const size_t entries = length(vector) + 2;
  auto* copy = static_cast<VectorEntry*>(std::malloc(entries * sizeof(VectorEntry)));
  if (copy == nullptr) std::abort();
  std::memcpy(copy, vector - 1, entries * sizeof(VectorEntry));
  for (size_t m = 1; m <= length(copy + 1); ++m) {
    // The copy owns no block yet: the original's stay the original's.
    if (copy[m + 1].to_free != nullptr) copy[m + 1] = {kUnallocated, nullptr};
  }
  return copy + 1;
}

void drop_dynamic_blocks(VectorEntry* vector) {
  for (size_t m = 1; m <= length(vector); ++m) {
    if (vector[m].to_free == nullptr) continue;
    std::free(vector[m].to_free);
    vector[m] = {kUnallocated, nullptr};
  }
}

void free_vector(VectorEntry* vector) {
  drop_dynamic_blocks(vector);
  std::free(vector - 1);
}

void ThreadVectors::lay_out(int contexts) {
  const auto tp = reinterpret_cast<uintptr_t>(__builtin_thread_pointer());
  if (!vectors_.empty() && tp == tp_) return;
  clear();
  tp_ = tp;
  const VectorEntry* own = installed_vector(tp_);
  for (int c = 0; c < contexts; ++c) vectors_.push_back(copy_vector(own));
}

void ThreadVectors::start_now(int current) {
  outside_ = installed_vector(tp_);
  install_vector(tp_, vectors_[static_cast<size_t>(current)]);
}

void ThreadVectors::clear() {
  for (VectorEntry* v : vectors_) free_vector(v);
  vectors_.clear();
}

void ThreadVectors::begin_execution(int main) {
  if (vectors_.empty()) return;
  for (VectorEntry* v : vectors_) drop_dynamic_blocks(v);
  outside_ = installed_vector(tp_);
  install_vector(tp_, vectors_[static_cast<size_t>(main)]);
}

void ThreadVectors::end_execution(int main) {
  if (vectors_.empty()) return;
  vectors_[static_cast<size_t>(main)] = installed_vector(tp_);
  install_vector(tp_, outside_);
}

}  // namespace lineup::engine
