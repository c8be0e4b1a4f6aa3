// A dynamic thread vector per context (x86-64 glibc), for the thread-locals of modules loaded
// by dlopen. glibc does not place those in the static TLS area that ThreadLocalCopies copies
// per context: each thread reaches its own block of such a module through its thread vector
// (the `dtv` its control block points to), and glibc allocates that block, from the module's
// initial image, on the thread's first access (`__tls_get_addr`). All fibers share the OS
// thread's control block, so they would share one block per module; with a vector of its own
// installed whenever it runs, each context gets a block of its own from glibc, and dropping
// those blocks before an execution makes each start again from the initial image.
//
// The vectors (and what glibc reallocates them to) and the blocks come from glibc's allocator,
// which the runtime's malloc uses for the dynamic linker's calls (dynamic_linker.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace lineup::engine {

/// One entry of glibc's dynamic thread vector: a module's block and what to free (nullptr for
/// the static TLS area's blocks), or at index -1 the vector's length and at 0 its generation.
struct VectorEntry {
  uintptr_t value;
  void* to_free;
};

/// The thread vector installed in the control block at thread pointer `tp`.
VectorEntry* installed_vector(uintptr_t tp);
/// Installs `vector` in the control block at `tp`.
void install_vector(uintptr_t tp, VectorEntry* vector);
/// A copy of `vector` (from glibc's allocator, as glibc's own) in which the blocks glibc
/// allocated are not yet allocated: the first access allocates one for the copy.
VectorEntry* copy_vector(const VectorEntry* vector);
/// Frees the blocks glibc allocated for `vector` and marks them not allocated.
void drop_dynamic_blocks(VectorEntry* vector);
/// Frees `vector`, its blocks included.
void free_vector(VectorEntry* vector);

class ThreadVectors {
 public:
  ThreadVectors() = default;
  ~ThreadVectors() { clear(); }
  ThreadVectors(const ThreadVectors&) = delete;
  ThreadVectors& operator=(const ThreadVectors&) = delete;

  /// Gives each of `contexts` contexts a copy of the calling OS thread's vector (installed by
  /// begin_execution). No-op when already laid out for this OS thread.
  void lay_out(int contexts);
  /// Mid-execution, right after lay_out: installs context `current`'s vector, the OS
  /// thread's being put aside until end_execution.
  void start_now(int current);
  /// Frees every context's vector and blocks. Call outside executions (the OS thread's
  /// vector installed).
  void clear();
  bool active() const { return !vectors_.empty(); }

  /// Leaves context `from` for `to` (whose vector glibc may have moved when it grew).
  void swap(int from, int to) {
    if (vectors_.empty()) return;
    vectors_[static_cast<size_t>(from)] = installed_vector(tp_);
    install_vector(tp_, vectors_[static_cast<size_t>(to)]);
  }
  /// Starts an execution in the main context `main`: every context's blocks are dropped, and
  /// `main`'s vector is installed.
  void begin_execution(int main);
  /// Ends it in `main`: the OS thread's vector is installed again.
  void end_execution(int main);

 private:
  uintptr_t tp_ = 0;
  VectorEntry* outside_ = nullptr;  // the OS thread's own, while a context's is installed
  std::vector<VectorEntry*> vectors_;
};

}  // namespace lineup::engine
