#include "engine/threads/dynamic_linker.h"

#include <elf.h>
#include <link.h>
#include <sys/auxv.h>

#include <algorithm>

namespace lineup::engine {
namespace {

// Reads the ELF headers ld.so was mapped with: no lock, no allocation.
CodeRange find_dynamic_linker_code() {
  const uintptr_t base = getauxval(AT_BASE);
  if (base == 0) return {};
  const auto* header = reinterpret_cast<const ElfW(Ehdr)*>(base);
  const auto* segments = reinterpret_cast<const ElfW(Phdr)*>(base + header->e_phoff);
  uintptr_t low = UINTPTR_MAX;
  uintptr_t high = 0;
  for (int i = 0; i < header->e_phnum; ++i) {
    const ElfW(Phdr)& s = segments[i];
    if (s.p_type != PT_LOAD || (s.p_flags & PF_X) == 0) continue;
    low = std::min<uintptr_t>(low, base + s.p_vaddr);
    high = std::max<uintptr_t>(high, base + s.p_vaddr + s.p_memsz);
  }
  if (high <= low) return {};
  return {low, high - low};
}

}  // namespace

const CodeRange dynamic_linker_code = find_dynamic_linker_code();

}  // namespace lineup::engine
