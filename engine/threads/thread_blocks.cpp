#include "engine/threads/thread_blocks.h"

#include <asm/prctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

// glibc's size of the static TLS area of a thread, its control block included (ld.so).
extern "C" void _dl_get_tls_static_info(size_t* size, size_t* align);

namespace lineup::engine {

namespace {

// The thread control block's header (x86-64 glibc): its own address at offset 0 (the dynamic
// thread vector follows, thread_vectors.h).
constexpr size_t kSelfOffset = 0;
// Bytes of the control block copied above the thread pointer (glibc's struct pthread is
// about 2.3 KB), fewer where the mapping ends sooner.
constexpr size_t kControlBlockBytes = 4096;

// Installs `tp` as the calling OS thread's thread pointer. A raw system call: syscall() is
// interposed (futex_interpose.cpp), and libc's wrappers may read thread-locals.
void set_thread_pointer(uintptr_t tp) {
  long result;
  asm volatile("syscall"
               : "=a"(result)
               : "a"(SYS_arch_prctl), "D"(ARCH_SET_FS), "S"(tp)
               : "rcx", "r11", "memory");
  if (result != 0) {
    std::fputs("lineup: arch_prctl(ARCH_SET_FS) failed\n", stderr);
    std::abort();
  }
}

// How many bytes from `addr` on stay inside its mapping, at most `limit`.
size_t mapped_after(uintptr_t addr, size_t limit) {
  FILE* maps = std::fopen("/proc/self/maps", "r");
  if (maps == nullptr) return limit;
  size_t room = limit;
  char line[512];
  while (std::fgets(line, sizeof line, maps) != nullptr) {
    unsigned long lo = 0;
    unsigned long hi = 0;
    if (std::sscanf(line, "%lx-%lx", &lo, &hi) == 2 && addr >= lo && addr < hi) {
      room = std::min<size_t>(limit, hi - addr);
      break;
    }
  }
  std::fclose(maps);
  return room;
}

uintptr_t round_up(uintptr_t v, uintptr_t to) { return (v + to - 1) / to * to; }

}  // namespace

ThreadBlocks::~ThreadBlocks() { clear(); }

void ThreadBlocks::clear() {
  // glibc may have moved a fiber's vector (when it grew): the control block has it.
  for (size_t f = 0; f < deltas_.size(); ++f) {
    free_vector(installed_vector(pointer(static_cast<int>(f))));
  }
  if (region_ != nullptr) munmap(region_, region_size_);
  region_ = nullptr;
  deltas_.clear();
}

void ThreadBlocks::lay_out(const std::vector<TlsBlock>& tls, int fibers) {
  clear();
  main_tp_ = reinterpret_cast<uintptr_t>(__builtin_thread_pointer());
  size_t static_size = 0;
  size_t align = 0;
  _dl_get_tls_static_info(&static_size, &align);
  align = std::max<size_t>(align, 64);
  // Static TLS lies below the thread pointer; modules with dynamic TLS lie elsewhere.
  uintptr_t low = main_tp_;
  for (const TlsBlock& b : tls) {
    if (b.start < main_tp_ && b.start + static_size >= main_tp_) low = std::min(low, b.start);
  }
  size_t below = round_up(main_tp_ - low, align);
  size_t above = mapped_after(main_tp_, kControlBlockBytes);
  size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  size_t stride = round_up(below + above, page);
  region_size_ = stride * static_cast<size_t>(fibers);
  region_ = mmap(nullptr, region_size_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (region_ == MAP_FAILED) {
    std::fputs("lineup: cannot allocate thread-local blocks\n", stderr);
    std::abort();
  }
  const VectorEntry* main_vector = installed_vector(main_tp_);
  size_t modules = main_vector[-1].value;
  for (int f = 0; f < fibers; ++f) {
    uintptr_t base = reinterpret_cast<uintptr_t>(region_) + stride * static_cast<size_t>(f);
    uintptr_t tp = base + below;
    std::memcpy(reinterpret_cast<void*>(base), reinterpret_cast<const void*>(main_tp_ - below),
                below + above);
    uintptr_t delta = tp - main_tp_;
    // Modules with dynamic TLS get a block per fiber from glibc, on the fiber's first access.
    VectorEntry* vector = copy_vector(main_vector);
    for (size_t m = 1; m <= modules; ++m) {
      if (vector[m].value >= main_tp_ - below && vector[m].value < main_tp_) {
        vector[m].value += delta;
      }
    }
    *reinterpret_cast<uintptr_t*>(tp + kSelfOffset) = tp;
    install_vector(tp, vector);
    deltas_.push_back(delta);
  }
  engine_locals_ = engine_thread_locals();
}

void ThreadBlocks::begin_execution() {
  for (size_t f = 0; f < deltas_.size(); ++f) {
    drop_dynamic_blocks(installed_vector(pointer(static_cast<int>(f))));
  }
}

void ThreadBlocks::enter(int from, int to) {
  uintptr_t src = delta(from);
  uintptr_t dst = delta(to);
  for (const EngineLocal& l : engine_locals_) {
    std::memcpy(reinterpret_cast<void*>(l.addr + dst), reinterpret_cast<const void*>(l.addr + src),
                l.size);
  }
  set_thread_pointer(pointer(to));
}

}  // namespace lineup::engine
