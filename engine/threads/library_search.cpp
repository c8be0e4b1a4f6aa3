#include "engine/threads/library_search.h"

#include <elf.h>
#include <link.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

namespace lineup::engine {
namespace {

// `name` with `$ORIGIN` and `${ORIGIN}` replaced by `origin`.
std::string expand_origin(std::string name, const std::string& origin) {
  for (const char* token : {"${ORIGIN}", "$ORIGIN"}) {
    const std::string t = token;
    for (size_t at = name.find(t); at != std::string::npos; at = name.find(t, at + origin.size())) {
      name.replace(at, t.size(), origin);
    }
  }
  return name;
}

// The caller's DT_RUNPATH (`runpath` true) or DT_RPATH, "" when it has none.
std::string search_path(const link_map* map, bool runpath) {
  uintptr_t strtab = 0;
  uintptr_t entry = 0;
  bool found = false;
  for (const ElfW(Dyn)* d = map->l_ld; d->d_tag != DT_NULL; ++d) {
    if (d->d_tag == DT_STRTAB) strtab = d->d_un.d_ptr;
    if (d->d_tag == (runpath ? DT_RUNPATH : DT_RPATH)) {
      entry = d->d_un.d_val;
      found = true;
    }
  }
  if (!found || strtab == 0) return {};
  // glibc relocates DT_STRTAB in place on x86-64; elsewhere it may still be an offset.
  if (strtab < map->l_addr) strtab += map->l_addr;
  return reinterpret_cast<const char*>(strtab + entry);
}

// The first `folder/name` that exists, among the folders glibc searches before its cache for
// a dlopen made by `map`: its RPATH (unless it has a RUNPATH), LD_LIBRARY_PATH, its RUNPATH.
// (Its loaders' RPATHs, which glibc also searches, are left to glibc's own search.)
std::string find_in_search_path(const link_map* map, const std::string& name,
                                const std::string& origin) {
  const std::string runpath = search_path(map, true);
  std::string folders = runpath.empty() ? search_path(map, false) : std::string();
  if (const char* library_path = std::getenv("LD_LIBRARY_PATH")) {
    folders += std::string(":") + library_path;
  }
  folders += ":" + runpath;
  folders = expand_origin(folders, origin);
  size_t from = 0;
  while (from <= folders.size()) {
    size_t to = folders.find(':', from);
    if (to == std::string::npos) to = folders.size();
    if (to > from) {
      std::string path = folders.substr(from, to - from) + "/" + name;
      if (access(path.c_str(), F_OK) == 0) return path;
    }
    from = to + 1;
  }
  return {};
}

}  // namespace

void* dlopen_as(const void* caller, Lmid_t space, const char* file, int mode, RealOpen real) {
  Dl_info symbol;
  link_map* map = nullptr;
  if (file == nullptr ||
      dladdr1(caller, &symbol, reinterpret_cast<void**>(&map), RTLD_DL_LINKMAP) == 0 ||
      map == nullptr || map->l_name == nullptr || map->l_name[0] == '\0') {
    // The executable's search, which glibc makes anyway.
    return real(space == kCallersSpace ? LM_ID_BASE : space, file, mode);
  }
  if (space == kCallersSpace && dlinfo(map, RTLD_DI_LMID, &space) != 0) space = LM_ID_BASE;
  std::string origin = map->l_name;
  const size_t slash = origin.rfind('/');
  origin.erase(slash == std::string::npos ? 0 : slash);
  const std::string name = expand_origin(file, origin);
  if (name.find('/') != std::string::npos) return real(space, name.c_str(), mode);
  // glibc matches a name against the libraries already loaded before it searches.
  if (void* loaded = real(space, name.c_str(), mode | RTLD_NOLOAD)) return loaded;
  const std::string path = find_in_search_path(map, name, origin);
  return real(space, path.empty() ? name.c_str() : path.c_str(), mode);
}

}  // namespace lineup::engine
