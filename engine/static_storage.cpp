#include "engine/static_storage.h"

#include <elf.h>
#include <link.h>

#include <algorithm>
#include <cstring>
#include <string_view>

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

int add_module(dl_phdr_info* info, size_t, void* data) {
  auto& out = *static_cast<StaticStorage*>(data);
  bool executable = info->dlpi_name == nullptr || info->dlpi_name[0] == '\0';
  bool instrumented = executable || names_tsan_hooks(*info);
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr)& ph = info->dlpi_phdr[i];
    if (ph.p_type == PT_TLS && info->dlpi_tls_data != nullptr && ph.p_memsz > 0) {
      TlsBlock b;
      b.start = reinterpret_cast<uintptr_t>(info->dlpi_tls_data);
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
  StaticStorage out;
  dl_iterate_phdr(&add_module, &out);
  std::sort(out.tls.begin(), out.tls.end(),
            [](const TlsBlock& a, const TlsBlock& b) { return a.start < b.start; });
  return out;
}

}  // namespace lineup::engine
