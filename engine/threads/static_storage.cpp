#include "engine/threads/static_storage.h"

#include <elf.h>
#include <link.h>

#include <algorithm>
#include <cstring>
#include <string_view>
#include <utility>

// glibc's size of the static TLS area of a thread, its control block included (ld.so).
extern "C" void _dl_get_tls_static_info(size_t* size, size_t* align);

namespace lineup::engine {
namespace {

// Whether the module's dynamic string table mentions the hooks instrumented code calls.
bool names_tsan_hooks(const dl_phdr_info& info) {
  for (int i = 0; i < info.dlpi_phnum; ++i) {
    const ElfW(Phdr)& ph = info.dlpi_phdr[i];
    if (ph.p_type != PT_DYNAMIC) continue;
    const auto* dyn = reinterpret_cast<const ElfW(Dyn)*>(info.dlpi_addr + ph.p_vaddr);
    uintptr_t strtab = 0;
    size_t strsz = 0;
    for (; dyn->d_tag != DT_NULL; ++dyn) {
      if (dyn->d_tag == DT_STRTAB) strtab = dyn->d_un.d_ptr;
      if (dyn->d_tag == DT_STRSZ) strsz = dyn->d_un.d_val;
    }
    if (strtab == 0) return false;
    // glibc relocates these entries in place on x86-64; elsewhere they may still be offsets.
    if (strtab < info.dlpi_addr) strtab += info.dlpi_addr;
    std::string_view table(reinterpret_cast<const char*>(strtab), strsz);
    return table.find("__tsan_func_entry") != std::string_view::npos ||
           table.find("__tsan_read") != std::string_view::npos;
  }
  return false;
}

// A scan in progress: what it found, and the calling thread's static TLS area.
struct Scan {
  StaticStorage out;
  uintptr_t static_low = 0;
  uintptr_t static_high = 0;
};

int add_module(dl_phdr_info* info, size_t, void* data) {
  auto& scan = *static_cast<Scan*>(data);
  StaticStorage& out = scan.out;
  out.changes = info->dlpi_adds + info->dlpi_subs;
  bool executable = info->dlpi_name == nullptr || info->dlpi_name[0] == '\0';
  bool instrumented = executable || names_tsan_hooks(*info);
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr)& ph = info->dlpi_phdr[i];
    if (ph.p_type == PT_TLS && ph.p_memsz > 0) {
      // NULL: dynamic TLS this thread has not touched yet.
      auto start = reinterpret_cast<uintptr_t>(info->dlpi_tls_data);
      if (start - scan.static_low >= scan.static_high - scan.static_low) {
        out.dynamic_tls = true;
        continue;
      }
      TlsBlock b;
      b.start = start;
      b.size = ph.p_memsz;
      b.image = reinterpret_cast<const uint8_t*>(info->dlpi_addr + ph.p_vaddr);
      b.image_size = ph.p_filesz;
      out.tls.push_back(b);
    }
    if (instrumented && ph.p_type == PT_LOAD && (ph.p_flags & PF_W) != 0) {
      uintptr_t start = info->dlpi_addr + ph.p_vaddr;
      out.data.push_back({start, start + ph.p_memsz});
    }
  }
  return 0;
}

}  // namespace

StaticStorage scan_static_storage() {
  Scan scan;
  size_t size = 0;
  size_t align = 0;
  _dl_get_tls_static_info(&size, &align);
  // On x86-64 the static TLS area lies below the thread pointer (its size counts the control
  // block above it too, so this window is a little wider than the area).
  scan.static_high = reinterpret_cast<uintptr_t>(__builtin_thread_pointer());
  scan.static_low = scan.static_high - size;
  dl_iterate_phdr(&add_module, &scan);
  std::vector<TlsBlock>& tls = scan.out.tls;
  std::sort(tls.begin(), tls.end(),
            [](const TlsBlock& a, const TlsBlock& b) { return a.start < b.start; });
  return std::move(scan.out);
}

uint64_t module_changes() {
  uint64_t changes = 0;
  dl_iterate_phdr(
      [](dl_phdr_info* info, size_t, void* data) {
        *static_cast<uint64_t*>(data) = info->dlpi_adds + info->dlpi_subs;
        return 1;  // the counters are the same in every module's record
      },
      &changes);
  return changes;
}

}  // namespace lineup::engine
