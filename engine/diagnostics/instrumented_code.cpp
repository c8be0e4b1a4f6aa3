#include "engine/diagnostics/instrumented_code.h"

#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string_view>
#include <unordered_map>

namespace lineup::engine {
namespace {

// A read-only mapping of a whole file.
class MappedFile {
 public:
  explicit MappedFile(const std::string& path) {
    int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    struct stat st {};
    if (fstat(fd, &st) == 0 && st.st_size > 0) {
      void* p = mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
      if (p != MAP_FAILED) {
        data_ = static_cast<const uint8_t*>(p);
        size_ = static_cast<size_t>(st.st_size);
      }
    }
    close(fd);
  }
  ~MappedFile() {
    if (data_ != nullptr) munmap(const_cast<uint8_t*>(data_), size_);
  }
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  const uint8_t* data() const { return data_; }
  size_t size() const { return size_; }

 private:
  const uint8_t* data_ = nullptr;
  size_t size_ = 0;
};

struct Section {
  const uint8_t* data = nullptr;
  size_t size = 0;
  bool compressed = false;
  bool found() const { return data != nullptr; }
};

// The sections of a 64-bit little-endian ELF file, by name.
class ElfSections {
 public:
  explicit ElfSections(const MappedFile& f) {
    if (f.size() < sizeof(Elf64_Ehdr)) return;
    const auto* eh = reinterpret_cast<const Elf64_Ehdr*>(f.data());
    if (std::memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 || eh->e_ident[EI_CLASS] != ELFCLASS64) {
      return;
    }
    if (eh->e_shoff == 0 || eh->e_shentsize != sizeof(Elf64_Shdr) ||
        eh->e_shoff + uint64_t{eh->e_shnum} * sizeof(Elf64_Shdr) > f.size() ||
        eh->e_shstrndx >= eh->e_shnum) {
      return;
    }
    const auto* sh = reinterpret_cast<const Elf64_Shdr*>(f.data() + eh->e_shoff);
    const Elf64_Shdr& names = sh[eh->e_shstrndx];
    for (unsigned i = 0; i < eh->e_shnum; ++i) {
      if (sh[i].sh_type == SHT_NOBITS || sh[i].sh_offset + sh[i].sh_size > f.size()) continue;
      if (names.sh_offset + sh[i].sh_name >= f.size()) continue;
      const char* name = reinterpret_cast<const char*>(f.data() + names.sh_offset + sh[i].sh_name);
      Section s{f.data() + sh[i].sh_offset, sh[i].sh_size, (sh[i].sh_flags & SHF_COMPRESSED) != 0};
      by_name_.emplace(name, s);
      if (sh[i].sh_type == SHT_DYNSYM) {
        dynsym_ = s;
        if (sh[i].sh_link < eh->e_shnum) {
          dynstr_ = Section{f.data() + sh[sh[i].sh_link].sh_offset, sh[sh[i].sh_link].sh_size};
        }
      }
    }
  }
  Section get(const char* name) const {
    auto it = by_name_.find(name);
    return it == by_name_.end() ? Section{} : it->second;
  }
  // Whether the dynamic symbol table names an undefined `__tsan_` symbol: the module calls
  // the hooks, so it holds instrumented code.
  bool imports_tsan_hooks() const {
    if (!dynsym_.found() || !dynstr_.found()) return false;
    const auto* syms = reinterpret_cast<const Elf64_Sym*>(dynsym_.data);
    for (size_t i = 0; i < dynsym_.size / sizeof(Elf64_Sym); ++i) {
      if (syms[i].st_shndx != SHN_UNDEF || syms[i].st_name >= dynstr_.size) continue;
      const char* name = reinterpret_cast<const char*>(dynstr_.data + syms[i].st_name);
      if (std::strncmp(name, "__tsan_", 7) == 0) return true;
    }
    return false;
  }

 private:
  std::unordered_map<std::string, Section> by_name_;
  Section dynsym_, dynstr_;
};

// Sequential reads from a section; any read past its end sets `bad` and yields zeros.
class Reader {
 public:
  Reader(const Section& s, size_t offset) : s_(s), at_(offset) {
    if (offset > s.size) bad = true;
  }
  uint64_t fixed(size_t n) {
    if (at_ + n > s_.size) {
      bad = true;
      at_ = s_.size;
      return 0;
    }
    uint64_t v = 0;
    std::memcpy(&v, s_.data + at_, n);  // little-endian host and file
    at_ += n;
    return v;
  }
  uint64_t uleb() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      uint64_t b = fixed(1);
      v |= (b & 0x7f) << shift;
      if ((b & 0x80) == 0 || bad) return v;
    }
    bad = true;
    return v;
  }
  void sleb() { uleb(); }
  const char* cstring() {
    const char* start = reinterpret_cast<const char*>(s_.data + at_);
    const void* end = at_ < s_.size ? std::memchr(start, 0, s_.size - at_) : nullptr;
    if (end == nullptr) {
      bad = true;
      at_ = s_.size;
      return "";
    }
    at_ = static_cast<size_t>(static_cast<const uint8_t*>(end) - s_.data) + 1;
    return start;
  }
  void skip(uint64_t n) {
    if (at_ + n > s_.size) {
      bad = true;
      at_ = s_.size;
    } else {
      at_ += n;
    }
  }
  size_t at() const { return at_; }
  bool bad = false;

 private:
  Section s_;
  size_t at_;
};

// A string of .debug_str or .debug_line_str at `offset`.
std::string_view string_at(const Section& s, uint64_t offset) {
  if (offset >= s.size) return {};
  const char* start = reinterpret_cast<const char*>(s.data + offset);
  const void* end = std::memchr(start, 0, s.size - offset);
  return end == nullptr ? std::string_view{}
                        : std::string_view(start, static_cast<const char*>(end) - start);
}

// DWARF constants used here (DWARF 5, section 7).
constexpr uint64_t kAtProducer = 0x25;
constexpr uint64_t kAtStrOffsetsBase = 0x72;
constexpr uint64_t kFormSecOffset = 0x17;
constexpr uint64_t kFormStrx = 0x1a;
constexpr uint64_t kFormImplicitConst = 0x21;
constexpr uint64_t kFormStrx1 = 0x25;  // strx2, strx3, strx4 follow

// What the size of a value of each form is (DWARF 5, section 7.5.6), by form code: a number of
// bytes, or one of these.
constexpr int8_t kAddr = -1;     // the unit's address size
constexpr int8_t kOffset = -2;   // the unit's offset size (4 or 8)
constexpr int8_t kLength = -3;   // a length or terminator in the value itself
constexpr int8_t kUnknown = -4;  // not a form (or DW_FORM_indirect, which this reader refuses)
constexpr int8_t kFormSize[] = {
    kUnknown, kAddr,   kUnknown, kLength, kLength, 2,       4,        8,        // 0x00-0x07
    kLength,  kLength, kLength,  1,       1,       kLength, kOffset,  kLength,  // 0x08-0x0f
    kOffset,  1,       2,        4,       8,       kLength, kUnknown, kOffset,  // 0x10-0x17
    kLength,  0,       kLength,  kLength, 4,       kOffset, 16,       kOffset,  // 0x18-0x1f
    8,        0,       kLength,  kLength, 8,       1,       2,        3,        // 0x20-0x27
    4,        1,       2,        3,       4};                                   // 0x28-0x2c

// Skips one attribute value of `form`; false for a form this reader does not know.
bool skip_form(Reader& r, uint64_t form, unsigned address_size, unsigned offset_size) {
  if (form >= sizeof kFormSize) return false;
  const int8_t size = kFormSize[form];
  if (size >= 0) {
    r.skip(static_cast<uint64_t>(size));
  } else if (size == kAddr) {
    r.skip(address_size);
  } else if (size == kOffset) {
    r.skip(offset_size);
  } else if (size == kUnknown) {
    return false;
  } else if (form == 0x08) {  // string: up to its terminator
    r.cstring();
  } else if (form == 0x03 || form == 0x04 || form == 0x0a) {  // block2, block4, block1
    r.skip(r.fixed(form == 0x0a ? 1 : form == 0x03 ? 2 : 4));
  } else if (form == 0x09 || form == 0x18) {  // block, exprloc: a ULEB128 length
    r.skip(r.uleb());
  } else {  // sdata, udata, ref_udata, strx, addrx, loclistx, rnglistx: one LEB128
    r.uleb();
  }
  return true;
}

// The producer string of the compile unit at `cu_offset` in .debug_info ("" when unknown).
std::string_view producer_of(const ElfSections& e, uint64_t cu_offset) {
  Section info = e.get(".debug_info");
  Section abbrev = e.get(".debug_abbrev");
  Reader r(info, cu_offset);
  unsigned offset_size = 4;
  uint64_t length = r.fixed(4);
  if (length == 0xffffffff) {
    offset_size = 8;
    r.fixed(8);
  }
  uint64_t version = r.fixed(2);
  unsigned address_size = 8;
  uint64_t abbrev_offset = 0;
  if (version >= 5) {
    r.fixed(1);  // unit type
    address_size = static_cast<unsigned>(r.fixed(1));
    abbrev_offset = r.fixed(offset_size);
  } else {
    abbrev_offset = r.fixed(offset_size);
    address_size = static_cast<unsigned>(r.fixed(1));
  }
  uint64_t code = r.uleb();
  if (r.bad || version < 2 || version > 5) return {};
  // Find the abbreviation of the unit's first entry.
  Reader a(abbrev, abbrev_offset);
  while (!a.bad) {
    uint64_t c = a.uleb();
    if (c == 0) return {};
    a.uleb();    // tag
    a.fixed(1);  // has children
    std::vector<std::pair<uint64_t, uint64_t>> specs;
    for (;;) {
      uint64_t attr = a.uleb(), form = a.uleb();
      if (attr == 0 && form == 0) break;
      if (form == kFormImplicitConst) a.sleb();
      specs.emplace_back(attr, form);
      if (a.bad) return {};
    }
    if (c != code) continue;
    // A producer of a strx form (clang's DWARF 5) is an index into the unit's string offsets,
    // which DW_AT_str_offsets_base locates, an attribute that may come after it.
    std::optional<uint64_t> index, offsets_base;
    for (auto [attr, form] : specs) {
      if (attr == kAtProducer) {
        if (form == 0x08) return r.cstring();
        if (form == 0x0e) return string_at(e.get(".debug_str"), r.fixed(offset_size));
        if (form == 0x1f) return string_at(e.get(".debug_line_str"), r.fixed(offset_size));
        if (form == kFormStrx) {
          index = r.uleb();
        } else if (form >= kFormStrx1 && form <= kFormStrx1 + 3) {
          index = r.fixed(form - kFormStrx1 + 1);
        } else {
          return {};
        }
      } else if (attr == kAtStrOffsetsBase && form == kFormSecOffset) {
        offsets_base = r.fixed(offset_size);
      } else if (!skip_form(r, form, address_size, offset_size)) {
        return {};
      }
      if (r.bad) return {};
      if (index && offsets_base) {
        Reader o(e.get(".debug_str_offsets"), *offsets_base + *index * offset_size);
        const uint64_t at = o.fixed(offset_size);
        return o.bad ? std::string_view{} : string_at(e.get(".debug_str"), at);
      }
    }
    return {};
  }
  return {};
}

void merge(std::vector<std::pair<uintptr_t, uintptr_t>>& ranges) {
  std::sort(ranges.begin(), ranges.end());
  std::vector<std::pair<uintptr_t, uintptr_t>> out;
  for (const auto& r : ranges) {
    if (!out.empty() && r.first <= out.back().second) {
      out.back().second = std::max(out.back().second, r.second);
    } else {
      out.push_back(r);
    }
  }
  ranges = std::move(out);
}

// A 128-bit hash of a sequence of byte strings: MurmurHash3's x64 128-bit block and
// finalization functions over 16-byte blocks, each string preceded by its length and its
// last block padded with zeros, so that two different sequences never feed the same blocks.
class Hash128 {
 public:
  void add(const void* data, size_t n) {
    const uint64_t length = n;
    append(&length, sizeof length);
    append(data, n);
    if (pending_ != 0) {  // pad the string's last block
      std::memset(buffer_ + pending_, 0, sizeof buffer_ - pending_);
      block(buffer_);
      pending_ = 0;
    }
  }
  // 32 hex digits.
  std::string hex() const {
    uint64_t h1 = h1_ ^ total_, h2 = h2_ ^ total_;
    h1 += h2;
    h2 += h1;
    h1 = fmix(h1);
    h2 = fmix(h2);
    h1 += h2;
    h2 += h1;
    char out[33];
    std::snprintf(out, sizeof out, "%016lx%016lx", static_cast<unsigned long>(h1),
                  static_cast<unsigned long>(h2));
    return out;
  }

 private:
  static uint64_t rotl(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }
  static uint64_t fmix(uint64_t k) {
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdULL;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ULL;
    k ^= k >> 33;
    return k;
  }
  void append(const void* data, size_t n) {
    if (n == 0) return;
    const auto* p = static_cast<const uint8_t*>(data);
    total_ += n;
    if (pending_ != 0) {
      const size_t take = std::min(n, sizeof buffer_ - pending_);
      std::memcpy(buffer_ + pending_, p, take);
      pending_ += take;
      p += take;
      n -= take;
      if (pending_ < sizeof buffer_) return;
      block(buffer_);
      pending_ = 0;
    }
    for (; n >= sizeof buffer_; n -= sizeof buffer_, p += sizeof buffer_) block(p);
    std::memcpy(buffer_, p, n);
    pending_ = n;
  }
  void block(const uint8_t* p) {
    constexpr uint64_t c1 = 0x87c37b91114253d5ULL, c2 = 0x4cf5ad432745937fULL;
    uint64_t k1, k2;
    std::memcpy(&k1, p, 8);
    std::memcpy(&k2, p + 8, 8);
    h1_ ^= rotl(k1 * c1, 31) * c2;
    h1_ = (rotl(h1_, 27) + h2_) * 5 + 0x52dce729;
    h2_ ^= rotl(k2 * c2, 33) * c1;
    h2_ = (rotl(h2_, 31) + h1_) * 5 + 0x38495ab5;
  }

  uint64_t h1_ = 0, h2_ = 0, total_ = 0;
  uint8_t buffer_[16];
  size_t pending_ = 0;
};

// InstrumentedModule::identity of a mapped file with these instrumented ranges.
std::string identity_of(const MappedFile& f, const ElfSections& e,
                        const std::vector<std::pair<uintptr_t, uintptr_t>>& ranges) {
  const auto* eh = reinterpret_cast<const Elf64_Ehdr*>(f.data());
  if (eh->e_phoff == 0 || eh->e_phentsize != sizeof(Elf64_Phdr) ||
      eh->e_phoff + uint64_t{eh->e_phnum} * sizeof(Elf64_Phdr) > f.size()) {
    return "";
  }
  const auto* ph = reinterpret_cast<const Elf64_Phdr*>(f.data() + eh->e_phoff);
  Hash128 h;
  Section build_id = e.get(".note.gnu.build-id");
  h.add(build_id.data, build_id.size);
  h.add(ranges.data(), ranges.size() * sizeof ranges[0]);
  // The bytes of the executable segments between the first range's start and the last one's
  // end, what objdump -d disassembles there, each segment's with its link-time address. (The
  // ranges may also cover data: clang's .debug_aranges lists variables too.)
  const uintptr_t low = ranges.front().first, high = ranges.back().second;
  for (unsigned i = 0; i < eh->e_phnum; ++i) {
    if (ph[i].p_type != PT_LOAD || (ph[i].p_flags & PF_X) == 0 ||
        ph[i].p_offset + ph[i].p_filesz > f.size()) {
      continue;
    }
    const uintptr_t first = std::max<uintptr_t>(low, ph[i].p_vaddr);
    const uintptr_t second = std::min<uintptr_t>(high, ph[i].p_vaddr + ph[i].p_filesz);
    if (first >= second) continue;
    h.add(&first, sizeof first);
    h.add(f.data() + ph[i].p_offset + (first - ph[i].p_vaddr), second - first);
  }
  return h.hex();
}

using Units = std::vector<std::vector<std::pair<uintptr_t, uintptr_t>>>;

// The instrumented ranges of a mapped ELF file (instrumented_ranges()), merged, and each
// instrumented compile unit's own in `*units`.
std::vector<std::pair<uintptr_t, uintptr_t>> ranges_of(const ElfSections& e, std::string* error,
                                                       Units* units) {
  std::vector<std::pair<uintptr_t, uintptr_t>> out;
  std::unordered_map<uint64_t, size_t> unit_of;  // by compile unit offset, into *units
  Section aranges = e.get(".debug_aranges");
  if (!aranges.found()) {
    if (e.imports_tsan_hooks())
      *error = "calls the hooks but has no .debug_aranges (built without -g?)";
    return out;
  }
  for (const char* name : {".debug_aranges", ".debug_info", ".debug_abbrev"}) {
    Section s = e.get(name);
    if (!s.found() || s.compressed) {
      *error = std::string(name) + (s.found() ? " is compressed" : " is missing");
      return out;
    }
  }
  std::unordered_map<uint64_t, bool> instrumented;  // by compile unit offset
  Reader r(aranges, 0);
  while (r.at() < aranges.size && !r.bad) {
    const size_t set_start = r.at();
    unsigned offset_size = 4;
    uint64_t length = r.fixed(4);
    if (length == 0xffffffff) {
      offset_size = 8;
      length = r.fixed(8);
    }
    const size_t set_end = r.at() + length;
    r.fixed(2);  // version
    uint64_t cu = r.fixed(offset_size);
    unsigned address_size = static_cast<unsigned>(r.fixed(1));
    r.fixed(1);  // segment selector size
    if (r.bad || address_size != 8) break;
    // Tuples start at a multiple of twice the address size from the set's start.
    const size_t tuple = 2 * address_size;
    r.skip((tuple - (r.at() - set_start) % tuple) % tuple);
    auto known = instrumented.find(cu);
    if (known == instrumented.end()) {
      std::string_view producer = producer_of(e, cu);
      known = instrumented.emplace(cu, producer.find("-fsanitize=thread") != std::string_view::npos)
                  .first;
    }
    while (r.at() + tuple <= set_end && !r.bad) {
      uint64_t start = r.fixed(8), size = r.fixed(8);
      if (start == 0 && size == 0) break;
      // Ranges of code the linker discarded (a duplicate inline function) read 0 or -1.
      if (known->second && start != 0 && start != ~uint64_t{0} && size != 0) {
        out.emplace_back(start, start + size);
        auto unit = unit_of.emplace(cu, units->size()).first;
        if (unit->second == units->size()) units->emplace_back();
        (*units)[unit->second].emplace_back(start, start + size);
      }
    }
    r = Reader(aranges, set_end);
  }
  merge(out);
  return out;
}

// The records of the `.lineup_asm` section: "FUNCTION<TAB>FILE:LINE<TAB>INSTRUCTION" lines
// (cmake/lineup_compile.sh); a malformed line is skipped.
std::vector<AssemblyAccess> assembly_of(const ElfSections& e) {
  std::vector<AssemblyAccess> out;
  Section s = e.get(".lineup_asm");
  if (!s.found() || s.compressed) return out;
  std::string_view text(reinterpret_cast<const char*>(s.data), s.size);
  while (!text.empty()) {
    size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    size_t a = line.find('\t');
    size_t b = a == std::string_view::npos ? a : line.find('\t', a + 1);
    if (b == std::string_view::npos) continue;
    out.push_back({std::string(line.substr(0, a)), std::string(line.substr(a + 1, b - a - 1)),
                   std::string(line.substr(b + 1))});
  }
  return out;
}

}  // namespace

std::vector<std::pair<uintptr_t, uintptr_t>> instrumented_ranges(const std::string& path,
                                                                 std::string* error) {
  return read_instrumented_module(path, error).ranges;
}

InstrumentedModule read_instrumented_module(const std::string& path, std::string* error) {
  InstrumentedModule out;
  out.path = path;
  MappedFile file(path);
  if (file.data() == nullptr) {
    *error = "cannot be read";
    return out;
  }
  ElfSections e(file);
  out.ranges = ranges_of(e, error, &out.units);
  out.assembly = assembly_of(e);
  for (auto& unit : out.units) merge(unit);
  if (!out.ranges.empty()) out.identity = identity_of(file, e, out.ranges);
  return out;
}

InstrumentedCode find_instrumented_code() {
  struct Loaded {
    std::string path;
    uintptr_t bias;
    bool executable;
  };
  std::vector<Loaded> loaded;
  dl_iterate_phdr(
      [](dl_phdr_info* info, size_t, void* out) {
        std::string name = info->dlpi_name != nullptr ? info->dlpi_name : "";
        // The executable has no name here (its file is read through /proc, resolved: a
        // helper process opening /proc/self/exe would read itself); the vDSO has no file.
        if (name.empty()) {
          char buf[4096];
          ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
          name = n > 0 ? std::string(buf, static_cast<size_t>(n)) : "/proc/self/exe";
        }
        if (name.find("linux-vdso") != std::string::npos) return 0;
        static_cast<std::vector<Loaded>*>(out)->push_back(
            {name, info->dlpi_addr, info->dlpi_name == nullptr || *info->dlpi_name == 0});
        return 0;
      },
      &loaded);
  InstrumentedCode out;
  for (const Loaded& l : loaded) {
    std::string error;
    InstrumentedModule m = read_instrumented_module(l.path, &error);
    // The executable holds the runtime and the registered structures: with no instrumented
    // code found in it, it was stripped (or its structures built without -g) and nothing
    // about it can be told.
    if (error.empty() && m.ranges.empty() && l.executable) {
      error = "no debug information on instrumented code (stripped, or built without -g?)";
    }
    if (!error.empty()) out.unreadable.push_back(l.path + ": " + error);
    m.bias = l.bias;
    if (!m.ranges.empty()) out.modules.push_back(std::move(m));
  }
  return out;
}

}  // namespace lineup::engine
