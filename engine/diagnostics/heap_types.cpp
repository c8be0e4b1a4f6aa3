#include "engine/diagnostics/heap_types.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <fcntl.h>
#include <link.h>
#include <unistd.h>

#include <cstdlib>
#include <map>
#include <mutex>
#include <optional>
#include <tuple>
#include <vector>

namespace lineup::engine {
namespace {

// The loaded module holding an address: its file and load bias (address = link address + bias).
struct LoadedModule {
  std::string path;
  uintptr_t bias = 0;
  bool found = false;
};

int find_module(dl_phdr_info* info, size_t, void* data) {
  auto* query = static_cast<std::pair<uintptr_t, LoadedModule>*>(data);
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr)& ph = info->dlpi_phdr[i];
    if (ph.p_type != PT_LOAD) continue;
    uintptr_t low = info->dlpi_addr + ph.p_vaddr;
    if (query->first < low || query->first >= low + ph.p_memsz) continue;
    // The main program is the module without a name.
    const char* name = info->dlpi_name;
    query->second = {name != nullptr && name[0] != '\0' ? name : "/proc/self/exe", info->dlpi_addr,
                     true};
    return 1;
  }
  return 0;
}

LoadedModule module_of(uintptr_t pc) {
  std::pair<uintptr_t, LoadedModule> query{pc, {}};
  dl_iterate_phdr(find_module, &query);
  return query.second;
}

std::string name_of(Dwarf_Die* die) {
  Dwarf_Attribute attr;
  const char* name = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_name, &attr));
  return name != nullptr ? name : "";
}

// The DIE that `die`'s attribute `at` refers to.
bool follow(Dwarf_Die* die, unsigned at, Dwarf_Die* out) {
  Dwarf_Attribute attr;
  return dwarf_attr(die, at, &attr) != nullptr && dwarf_formref_die(&attr, out) != nullptr;
}

// The declaration that the function instance `die` (inlined, out of line, or defined outside
// its class) is an instance of.
Dwarf_Die declaration_of(Dwarf_Die die) {
  for (int hops = 0; hops < 8; ++hops) {
    Dwarf_Die next;
    if (!follow(&die, DW_AT_abstract_origin, &next) && !follow(&die, DW_AT_specification, &next)) {
      break;
    }
    die = next;
  }
  return die;
}

bool is_class(int tag) {
  return tag == DW_TAG_class_type || tag == DW_TAG_structure_type || tag == DW_TAG_union_type;
}

// The DIEs enclosing `die`, innermost first, `die` excluded.
std::vector<Dwarf_Die> parents_of(Dwarf_Die die) {
  Dwarf_Die* scopes = nullptr;
  int n = dwarf_getscopes_die(&die, &scopes);
  std::vector<Dwarf_Die> out;
  for (int i = 1; i < n; ++i) out.push_back(scopes[i]);
  free(scopes);
  return out;
}

// The class a member function's declaration `decl` is declared in.
std::optional<Dwarf_Die> class_of(Dwarf_Die decl) {
  std::vector<Dwarf_Die> parents = parents_of(decl);
  if (parents.empty() || !is_class(dwarf_tag(&parents[0]))) return std::nullopt;
  return parents[0];
}

std::string without_template_arguments(const std::string& name) {
  return name.substr(0, name.find('<'));
}

Dwarf_Word size_of(Dwarf_Die type) {
  Dwarf_Word size = 0;
  return dwarf_aggregate_size(&type, &size) == 0 ? size : 0;
}

// Whether a block of `size` bytes can hold Ts: one, or an array of them.
bool holds(Dwarf_Die type, size_t size) {
  Dwarf_Word each = size_of(type);
  return each > 0 && size >= each && size % each == 0;
}

// The class `function` constructs, when it is a constructor (a member named as its class).
std::optional<Dwarf_Die> constructed_class(Dwarf_Die function) {
  Dwarf_Die decl = declaration_of(function);
  std::optional<Dwarf_Die> cls = class_of(decl);
  if (!cls || name_of(&decl).empty()) return std::nullopt;
  if (name_of(&decl) != without_template_arguments(name_of(&*cls))) return std::nullopt;
  return cls;
}

// T, when `function` is the C++ library's allocator<T>::allocate (std::allocator,
// __new_allocator, new_allocator), which calls operator new for the Ts a container or pool
// asks for.
std::optional<Dwarf_Die> allocator_element(Dwarf_Die function) {
  Dwarf_Die decl = declaration_of(function);
  if (name_of(&decl) != "allocate") return std::nullopt;
  std::optional<Dwarf_Die> cls = class_of(decl);
  if (!cls) return std::nullopt;
  std::string name = without_template_arguments(name_of(&*cls));
  if (name != "allocator" && name != "__new_allocator" && name != "new_allocator") {
    return std::nullopt;
  }
  Dwarf_Die child;
  if (dwarf_child(&*cls, &child) != 0) return std::nullopt;
  do {
    Dwarf_Die type;
    if (dwarf_tag(&child) == DW_TAG_template_type_parameter && follow(&child, DW_AT_type, &type)) {
      return type;
    }
  } while (dwarf_siblingof(&child, &child) == 0);
  return std::nullopt;
}

// A source position as the line table names it.
struct Place {
  std::string file;
  int line = 0;
  bool operator==(const Place& o) const { return line == o.line && file == o.file; }
};

Place place_at(Dwarf_Die* cu, Dwarf_Addr addr) {
  Dwarf_Line* line = dwarf_getsrc_die(cu, addr);
  int number = 0;
  if (line == nullptr || dwarf_lineno(line, &number) != 0) return {};
  const char* file = dwarf_linesrc(line, nullptr, nullptr);
  return {file != nullptr ? file : "", number};
}

// The source position an inlined call was made from (DW_AT_call_file, DW_AT_call_line).
Place call_place(Dwarf_Die* cu, Dwarf_Die* inlined) {
  Dwarf_Attribute attr;
  Dwarf_Word file = 0;
  Dwarf_Word line = 0;
  if (dwarf_formudata(dwarf_attr(inlined, DW_AT_call_file, &attr), &file) != 0 ||
      dwarf_formudata(dwarf_attr(inlined, DW_AT_call_line, &attr), &line) != 0) {
    return {};
  }
  Dwarf_Files* files = nullptr;
  size_t count = 0;
  if (dwarf_getsrcfiles(cu, &files, &count) != 0 || file >= count) return {};
  const char* name = dwarf_filesrc(files, file, nullptr, nullptr);
  return {name != nullptr ? name : "", static_cast<int>(line)};
}

// The first address of `die`'s code at or after `from` (over all its ranges: one inlined
// instance may stand for code in several places); 0 when it has none there.
Dwarf_Addr first_address_from(Dwarf_Die* die, Dwarf_Addr from) {
  Dwarf_Addr base = 0;
  Dwarf_Addr start = 0;
  Dwarf_Addr end = 0;
  Dwarf_Addr first = 0;
  for (ptrdiff_t at = 0; (at = dwarf_ranges(die, at, &base, &start, &end)) > 0;) {
    if (start >= from && (first == 0 || start < first)) first = start;
  }
  return first;
}

// The return address of a call site entry (DWARF 5, or GCC's earlier extension).
Dwarf_Addr return_address(Dwarf_Die* call) {
  Dwarf_Attribute attr;
  Dwarf_Addr pc = 0;
  unsigned at = dwarf_tag(call) == DW_TAG_call_site ? DW_AT_call_return_pc : DW_AT_low_pc;
  return dwarf_formaddr(dwarf_attr(call, at, &attr), &pc) == 0 ? pc : 0;
}

// The constructor the code at `from` and after runs first at source position `at`, among the
// calls and inlined calls directly in `scope` (and its lexical blocks): the class it
// constructs, if the class fits `size`.
struct Constructor {
  Dwarf_Addr address = 0;
  std::optional<Dwarf_Die> cls;
};

void find_constructor(Dwarf_Die* cu, Dwarf_Die scope, Dwarf_Addr from, const Place& at, size_t size,
                      Constructor& best) {
  Dwarf_Die child;
  if (dwarf_child(&scope, &child) != 0) return;
  do {
    int tag = dwarf_tag(&child);
    Dwarf_Addr address = 0;
    Dwarf_Die function = child;
    if (tag == DW_TAG_lexical_block) {
      find_constructor(cu, child, from, at, size, best);
      continue;
    }
    if (tag == DW_TAG_inlined_subroutine) {
      address = first_address_from(&child, from);
      if (address == 0 || !(call_place(cu, &child) == at)) continue;
    } else if (tag == DW_TAG_call_site || tag == DW_TAG_GNU_call_site) {
      Dwarf_Addr ret = return_address(&child);
      if (ret <= from || !(place_at(cu, ret - 1) == at)) continue;
      if (!follow(&child, DW_AT_call_origin, &function) &&
          !follow(&child, DW_AT_abstract_origin, &function)) {
        continue;
      }
      address = ret - 1;
    } else {
      continue;
    }
    if (best.cls && address >= best.address) continue;
    std::optional<Dwarf_Die> cls = constructed_class(function);
    if (cls && holds(*cls, size)) best = {address, cls};
  } while (dwarf_siblingof(&child, &child) == 0);
}

bool is_function(int tag) { return tag == DW_TAG_subprogram || tag == DW_TAG_inlined_subroutine; }

// The innermost function (definition or inlined instance) in `die`'s subtree whose code holds
// `pc`, into `out`.
bool innermost_function(Dwarf_Die die, Dwarf_Addr pc, Dwarf_Die& out) {
  Dwarf_Die child;
  if (dwarf_child(&die, &child) != 0) return false;
  do {
    if (is_function(dwarf_tag(&child)) && dwarf_haspc(&child, pc) == 1) {
      out = child;
      innermost_function(child, pc, out);
      return true;
    }
    if (innermost_function(child, pc, out)) return true;
  } while (dwarf_siblingof(&child, &child) == 0);
  return false;
}

// The innermost function whose code holds `pc`, in compile unit `cu`. dwarf_getscopes finds it
// through the scopes holding `pc`; a member function of a local class (a lambda's) may be
// defined inside a function whose own code does not hold `pc`, where dwarf_getscopes does not
// look: then the whole unit is searched.
std::optional<Dwarf_Die> function_at(Dwarf_Die cu, Dwarf_Addr pc) {
  Dwarf_Die* scopes = nullptr;
  int n = dwarf_getscopes(&cu, pc, &scopes);
  std::optional<Dwarf_Die> function;
  for (int i = 0; i < n && !function; ++i) {
    if (is_function(dwarf_tag(&scopes[i]))) function = scopes[i];
  }
  free(scopes);
  Dwarf_Die found;
  if (!function && innermost_function(cu, pc, found)) function = found;
  return function;
}

// The type of the block of `size` bytes that the call returning to `ret` (a link address in
// `dwarf`'s module) allocated.
std::optional<Dwarf_Die> allocated_type(Dwarf* dwarf, Dwarf_Addr ret, size_t size) {
  Dwarf_Die cu;
  if (ret == 0 || dwarf_addrdie(dwarf, ret - 1, &cu) == nullptr) return std::nullopt;
  std::optional<Dwarf_Die> function = function_at(cu, ret - 1);
  if (!function) return std::nullopt;
  if (std::optional<Dwarf_Die> element = allocator_element(*function)) {
    if (holds(*element, size)) return element;
    return std::nullopt;
  }
  Constructor best;
  find_constructor(&cu, *function, ret, place_at(&cu, ret - 1), size, best);
  return best.cls;
}

// Whether `type` belongs to a library whose members a reader does not want to see: the C++
// library (std::atomic<T>'s _M_i), Boost.Atomic.
bool is_library_type(Dwarf_Die type) {
  for (Dwarf_Die& parent : parents_of(type)) {
    if (dwarf_tag(&parent) != DW_TAG_namespace) continue;
    std::string name = name_of(&parent);
    if (name == "std" || name == "__gnu_cxx" || name == "atomics") return true;
  }
  return false;
}

Dwarf_Word member_offset(Dwarf_Die* member) {
  Dwarf_Attribute attr;
  Dwarf_Word offset = 0;
  if (dwarf_attr(member, DW_AT_data_member_location, &attr) == nullptr) return 0;
  if (dwarf_formudata(&attr, &offset) == 0) return offset;
  // An expression (DW_OP_plus_uconst n), as older producers write it.
  Dwarf_Op* ops = nullptr;
  size_t count = 0;
  if (dwarf_getlocation(&attr, &ops, &count) == 0 && count == 1 &&
      ops[0].atom == DW_OP_plus_uconst) {
    return ops[0].number;
  }
  return 0;
}

// Appends to `path` the member of `type` (a class, union, array or scalar) holding byte
// `offset` and, within it, the member holding it there, down to a type not worth dividing.
// False when no member holds `offset`. With `outermost`, stops at the first member that starts
// at `offset` (the object a pointer to that byte points to).
bool describe_field(Dwarf_Die type, Dwarf_Word offset, std::string& path, int depth,
                    bool outermost) {
  Dwarf_Die t;
  if (dwarf_peel_type(&type, &t) != 0) return false;
  int tag = dwarf_tag(&t);
  Dwarf_Die element;
  if (tag == DW_TAG_array_type && depth < 16 && follow(&t, DW_AT_type, &element)) {
    Dwarf_Word each = size_of(element);
    if (each == 0) return false;
    path += "[" + std::to_string(offset / each) + "]";
    if (outermost && offset % each == 0) return true;
    return describe_field(element, offset % each, path, depth + 1, outermost);
  }
  if (!is_class(tag) || depth >= 16 || is_library_type(t)) {
    if (offset != 0) path += "+" + std::to_string(offset);
    return true;
  }
  Dwarf_Die child;
  if (dwarf_child(&t, &child) != 0) return false;
  do {
    int child_tag = dwarf_tag(&child);
    if (child_tag != DW_TAG_member && child_tag != DW_TAG_inheritance) continue;
    // Static members have no place in the object (and no location); union members have none
    // either, all at 0.
    if (child_tag == DW_TAG_member && dwarf_hasattr(&child, DW_AT_external)) continue;
    if (dwarf_hasattr(&child, DW_AT_bit_size)) continue;
    Dwarf_Die member_type;
    if (!follow(&child, DW_AT_type, &member_type)) continue;
    Dwarf_Word at = member_offset(&child);
    Dwarf_Word size = size_of(member_type);
    if (offset < at || offset >= at + size) continue;
    std::string inner = path;
    if (child_tag == DW_TAG_member) inner += "." + name_of(&child);
    if ((outermost && offset == at && child_tag == DW_TAG_member) ||
        describe_field(member_type, offset - at, inner, depth + 1, outermost)) {
      path = inner;
      return true;
    }
  } while (dwarf_siblingof(&child, &child) == 0);
  return false;
}

// A module's DWARF, opened at its first question and kept open: cached DIEs point into it.
Dwarf* dwarf_of(const std::string& path) {
  static std::map<std::string, Dwarf*> opened;
  auto [it, added] = opened.try_emplace(path, nullptr);
  if (added) {
    int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
      it->second = dwarf_begin(fd, DWARF_C_READ);
      if (it->second == nullptr) close(fd);
    }
  }
  return it->second;
}

// `name` with a long template argument list shortened to its first argument
// ("queue<int, ...>") or, when that is long too, to "<...>".
std::string short_type_name(const std::string& name) {
  constexpr size_t kMaxArguments = 16;
  size_t open = name.find('<');
  if (open == std::string::npos || name.size() - open - 2 <= kMaxArguments) return name;
  int depth = 0;
  size_t end = open + 1;
  for (; end < name.size(); ++end) {
    char c = name[end];
    if (c == '<' || c == '(') ++depth;
    if (c == '>' || c == ')') --depth;
    if ((c == ',' && depth == 0) || depth < 0) break;
  }
  std::string first = name.substr(open + 1, end - open - 1);
  if (end == name.size() || first.size() > kMaxArguments) return name.substr(0, open) + "<...>";
  return name.substr(0, open + 1) + first + (name[end] == ',' ? ", ...>" : ">");
}

struct SiteType {
  std::optional<Dwarf_Die> type;
  std::string name;
};

std::mutex mutex;
std::map<std::pair<uintptr_t, size_t>, SiteType> types;
std::map<std::tuple<uintptr_t, size_t, size_t, bool>, std::string> fields;

const SiteType& site_type(uintptr_t site, size_t size) {
  auto [it, added] = types.try_emplace({site, size});
  if (!added) return it->second;
  LoadedModule module = module_of(site);
  if (!module.found) return it->second;
  Dwarf* dwarf = dwarf_of(module.path);
  if (dwarf == nullptr) return it->second;
  it->second.type = allocated_type(dwarf, site - module.bias, size);
  if (it->second.type) it->second.name = short_type_name(name_of(&*it->second.type));
  if (it->second.name.empty()) it->second.type.reset();
  return it->second;
}

}  // namespace

std::string HeapTypes::type_name(uintptr_t site, size_t size) {
  std::lock_guard<std::mutex> lock(mutex);
  return site_type(site, size).name;
}

std::string HeapTypes::field(uintptr_t site, size_t size, size_t offset, bool outermost) {
  std::lock_guard<std::mutex> lock(mutex);
  auto [it, added] = fields.try_emplace({site, size, offset, outermost});
  if (!added) return it->second;
  const SiteType& t = site_type(site, size);
  if (!t.type) return "";
  Dwarf_Word each = size_of(*t.type);
  std::string path = size > each ? "[" + std::to_string(offset / each) + "]" : "";
  if (outermost && size > each && offset % each == 0) return it->second = path;
  if (describe_field(*t.type, offset % each, path, 0, outermost)) it->second = path;
  return it->second;
}

HeapTypes& heap_types() {
  static HeapTypes instance;
  return instance;
}

}  // namespace lineup::engine
