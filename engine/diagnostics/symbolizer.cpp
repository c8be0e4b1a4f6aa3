#include "engine/diagnostics/symbolizer.h"

#include <backtrace.h>
#include <cxxabi.h>
#include <dlfcn.h>
#include <link.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace lineup::engine {
namespace {

void ignore_error(void*, const char*, int) {}

backtrace_state* state() {
  // threaded = 0: the engine symbolises from one thread at a time.
  static backtrace_state* s = backtrace_create_state(nullptr, 0, ignore_error, nullptr);
  return s;
}

std::string demangle(const char* name) {
  if (name == nullptr) return "";
  int status = 0;
  char* out = abi::__cxa_demangle(name, nullptr, nullptr, &status);
  if (status != 0 || out == nullptr) return name;
  std::string s(out);
  std::free(out);
  return s;
}

int collect_frame(void* data, uintptr_t, const char* file, int line, const char* function) {
  auto* frames = static_cast<std::vector<SourceFrame>*>(data);
  if (file == nullptr && function == nullptr) return 0;
  frames->push_back({short_function_name(demangle(function)), file ? file : "", line});
  return 0;
}

struct DataSymbol {
  std::string name;
  uintptr_t start = 0;
  size_t size = 0;
};

void collect_data(void* data, uintptr_t, const char* name, uintptr_t value, uintptr_t size) {
  auto* sym = static_cast<DataSymbol*>(data);
  if (name == nullptr) return;
  sym->name = short_function_name(demangle(name));
  sym->start = value;
  sym->size = size;
}

bool is_standard_library(const std::string& file) {
  return file.find("/c++/") != std::string::npos || file.find("/bits/") != std::string::npos;
}

std::string basename(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

std::string short_function_name(const std::string& demangled, size_t max_args) {
  // Drop the parameter list: the last top-level '(' that is not part of "(anonymous ...)".
  std::string s = demangled;
  int depth = 0;
  for (size_t i = s.size(); i-- > 0;) {
    char c = s[i];
    if (c == ')' || c == '>') ++depth;
    if (c == '(' || c == '<') --depth;
    if (c == '(' && depth == 0 && s.compare(i, 11, "(anonymous ") != 0) {
      s.resize(i);
      break;
    }
  }
  // Drop a return type (demangled template functions carry one): keep what follows the last
  // space outside brackets, e.g. "bool queue<int>::pop<int>" -> "queue<int>::pop<int>".
  depth = 0;
  for (size_t i = s.size(); i-- > 0;) {
    char c = s[i];
    if (c == ')' || c == '>') ++depth;
    if (c == '(' || c == '<') --depth;
    if (c == ' ' && depth == 0) {
      s = s.substr(i + 1);
      break;
    }
  }
  // Abbreviate long template argument lists.
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '<') {
      out += s[i];
      continue;
    }
    size_t j = i;
    int d = 0;
    for (; j < s.size(); ++j) {
      if (s[j] == '<') ++d;
      if (s[j] == '>' && --d == 0) break;
    }
    if (j - i - 1 > max_args) {
      out += "<...>";
    } else {
      out += s.substr(i, j - i + 1);
    }
    i = j;
  }
  return out;
}

void load_debug_information() {
  // frames() takes a return address and resolves the byte before it: here, this function's
  // first byte.
  symbolizer().frames(reinterpret_cast<uintptr_t>(&load_debug_information) + 1);
}

const std::vector<SourceFrame>& Symbolizer::frames(uintptr_t pc) {
  auto it = frames_.find(pc);
  if (it != frames_.end()) return it->second;
  std::vector<SourceFrame>& out = frames_[pc];
  if (pc != 0 && state() != nullptr) {
    backtrace_pcinfo(state(), pc - 1, collect_frame, ignore_error, &out);
  }
  return out;
}

namespace {

// Code with no line information (a library built the ordinary way, the C library's futex
// wait): the function as its module's dynamic symbols name it, or the offset into the module,
// and the module. "?" only when no module holds `pc`.
std::string symbol_and_module(uintptr_t pc) {
  Dl_info info;
  if (pc == 0 || dladdr(reinterpret_cast<void*>(pc - 1), &info) == 0) return "?";
  const std::string module = info.dli_fname != nullptr ? basename(info.dli_fname) : "?";
  std::string function;
  if (info.dli_sname != nullptr) {
    function = short_function_name(demangle(info.dli_sname));
  } else {
    char offset[32];
    std::snprintf(offset, sizeof offset, "+0x%lx",
                  static_cast<unsigned long>(pc - reinterpret_cast<uintptr_t>(info.dli_fbase)));
    function = offset;
  }
  return function + " in " + module + " (no line information)";
}

}  // namespace

std::string Symbolizer::describe(uintptr_t pc) {
  auto it = described_.find(pc);
  if (it != described_.end()) return it->second;
  const std::vector<SourceFrame>& fs = frames(pc);
  std::string text = fs.empty() ? symbol_and_module(pc) : "";
  if (!fs.empty()) {
    const SourceFrame* shown = &fs.front();
    for (const SourceFrame& f : fs) {
      if (!is_standard_library(f.file)) {
        shown = &f;
        break;
      }
    }
    text = basename(shown->file) + ":" + std::to_string(shown->line) + " " + shown->function;
  }
  described_[pc] = text;
  return text;
}

std::string Symbolizer::describe_innermost(uintptr_t pc) {
  const std::vector<SourceFrame>& fs = frames(pc);
  if (fs.empty()) return "";
  return basename(fs.front().file) + ":" + std::to_string(fs.front().line) + " " +
         fs.front().function;
}

std::string Symbolizer::place(uintptr_t pc) {
  if (pc == 0) return "";
  SourceFrame f = shown_frame(pc);
  if (f.file.empty() || f.line <= 0) return "";
  return basename(f.file) + ":" + std::to_string(f.line);
}

SourceFrame Symbolizer::shown_frame(uintptr_t pc) {
  const std::vector<SourceFrame>& fs = frames(pc);
  for (const SourceFrame& f : fs) {
    if (!is_standard_library(f.file)) return f;
  }
  return fs.empty() ? SourceFrame{} : fs.front();
}

bool Symbolizer::has_own_source(uintptr_t pc) {
  for (const SourceFrame& f : frames(pc)) {
    if (!f.file.empty() && !is_standard_library(f.file)) return true;
  }
  return false;
}

std::string Symbolizer::data_name(uintptr_t addr) {
  DataSymbol sym;
  if (state() == nullptr) return "";
  backtrace_syminfo(state(), addr, collect_data, ignore_error, &sym);
  if (sym.name.empty() || addr < sym.start || (sym.size != 0 && addr >= sym.start + sym.size)) {
    return "";
  }
  if (addr == sym.start) return sym.name;
  return sym.name + "+" + std::to_string(addr - sym.start);
}

uintptr_t Symbolizer::module_offset(uintptr_t pc) {
  Dl_info info;
  if (pc == 0 || dladdr(reinterpret_cast<void*>(pc), &info) == 0 || info.dli_fbase == nullptr) {
    return 0;
  }
  return pc - reinterpret_cast<uintptr_t>(info.dli_fbase);
}

Symbolizer& symbolizer() {
  static Symbolizer* instance = new Symbolizer();
  return *instance;
}

}  // namespace lineup::engine
