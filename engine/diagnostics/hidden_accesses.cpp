#include "engine/diagnostics/hidden_accesses.h"

#include <dlfcn.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <unordered_map>

#include "engine/diagnostics/allowed_calls.h"
#include "engine/diagnostics/symbolizer.h"

namespace lineup::engine {
namespace {

std::string file_name(const std::string& path) { return path.substr(path.rfind('/') + 1); }

// "file:line function", with the functions it was inlined into ("asm.h:12 cas, inlined into
// Queue::push at queue.cpp:40"): inline assembly sits in small helpers, and the reader needs
// the structure's function that used one. The module and function when there is no line.
std::string where(Symbolizer& symbols, const InstrumentedModule& m, uintptr_t link_address,
                  const ModuleCode& code) {
  const uintptr_t pc = link_address + m.bias;
  // The symbolizer takes return addresses (it resolves the byte before).
  std::string text = symbols.describe(pc + 1);
  const std::vector<SourceFrame>& frames = symbols.frames(pc + 1);
  for (size_t i = 1; i < frames.size() && i <= 2; ++i) {
    text += ", inlined into " + frames[i].function + " at " + file_name(frames[i].file) + ":" +
            std::to_string(frames[i].line);
  }
  if (text != "?" && !text.empty()) return text;
  auto f = std::upper_bound(code.functions.begin(), code.functions.end(), link_address,
                            [](uintptr_t a, const CodeFunction& g) { return a < g.address; });
  std::string function = f == code.functions.begin() ? "?" : demangled(std::prev(f)->name);
  return m.path + " " + hex_address(link_address) + " in " + function;
}

// The module's code, from its cache entry when there is a sound one, else by disassembling it
// (and then kept, when the disassembly completed).
ModuleCode module_code(const InstrumentedModule& m, HiddenAccessScan& out) {
  if (std::optional<ModuleCode> kept = read_kept_code(m.identity)) {
    ++out.cached;
    return std::move(*kept);
  }
  ModuleCode code;
  std::string error;
  if (disassemble(m, code, &error)) {
    keep_code(m.identity, code);
  } else {
    out.unchecked.push_back(error);
  }
  return code;
}

// The run-time address an imported symbol binds to, seen from `m`: the first definition in
// the global scope (where the dynamic linker binds it, interposition included), else in the
// module's own scope (a library loaded RTLD_LOCAL); 0 when it has none (an undefined weak
// symbol, never called).
uintptr_t bound_address(const InstrumentedModule& m, const std::string& symbol) {
  if (void* p = dlsym(RTLD_DEFAULT, symbol.c_str())) return reinterpret_cast<uintptr_t>(p);
  void* self = dlopen(m.path.c_str(), RTLD_LAZY | RTLD_NOLOAD);
  if (self == nullptr) return 0;
  void* p = dlsym(self, symbol.c_str());
  dlclose(self);
  return reinterpret_cast<uintptr_t>(p);
}

// The file name of the module holding run-time address `a` ("" when none).
std::string module_at(uintptr_t a) {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(a), &info) == 0 || info.dli_fname == nullptr) return "";
  return file_name(info.dli_fname);
}

struct Module {
  const InstrumentedModule* module;
  ModuleCode code;
};

// Whether run-time address `a` is instrumented code of one of `modules`.
bool instrumented(const std::vector<Module>& modules, uintptr_t a) {
  return std::any_of(modules.begin(), modules.end(), [&](const Module& m) {
    return a >= m.module->bias && in_ranges(m.module->ranges, a - m.module->bias);
  });
}

// What a callee symbol of one module resolves to; worked out once per symbol (a module calls
// the same few thousand functions from tens of thousands of places).
struct Callee {
  std::string name;    // demangled
  std::string module;  // "" when unknown
  uintptr_t target = 0;
  bool seen = false;          // allowed: no finding
  bool instrumented = false;  // bound into instrumented code: an edge
};

Callee resolve(const CodeCall& c, const Module& m, const std::vector<Module>& modules) {
  Callee out;
  out.name = demangled(c.symbol);
  if (c.kind == CodeCall::Kind::kDirect) {
    out.module = file_name(m.module->path);
    out.seen = why_call_is_seen(out.name, out.module) != nullptr;
    return out;
  }
  if (why_call_is_seen(out.name, "") != nullptr) {
    out.seen = true;
    return out;
  }
  out.target = bound_address(*m.module, c.symbol);
  if (out.target == 0) {
    out.seen = true;  // bound nowhere: never called
    return out;
  }
  out.instrumented = instrumented(modules, out.target);
  out.module = module_at(out.target);
  out.seen = !out.instrumented && why_call_is_seen(out.name, out.module) != nullptr;
  return out;
}

// The calls of one module: edges of `out.graph`, or findings.
void read_calls(const Module& m, const std::vector<Module>& modules, size_t limit,
                Symbolizer& symbols, HiddenAccessScan& out) {
  const uintptr_t bias = m.module->bias;
  std::unordered_map<std::string, Callee> callees;  // imported and uninstrumented direct ones
  for (const CodeCall& c : m.code.calls) {
    const uintptr_t site = c.address + bias;
    if (c.kind == CodeCall::Kind::kIndirect) continue;  // no callee known: no edge
    if (c.kind == CodeCall::Kind::kDirect && in_ranges(m.module->ranges, c.target)) {
      out.graph.add_call(site, c.target + bias);
      continue;
    }
    auto it = callees.find(c.symbol);
    if (it == callees.end()) it = callees.emplace(c.symbol, resolve(c, m, modules)).first;
    const Callee& callee = it->second;
    if (callee.instrumented) {
      out.graph.add_call(site, callee.target);
      continue;
    }
    if (callee.seen) continue;
    UninstrumentedCall call;
    call.pc = site;
    call.callee = callee.name;
    call.module = callee.module;
    if (out.calls.size() < limit) call.where = where(symbols, *m.module, c.address, m.code);
    out.calls.push_back(std::move(call));
  }
}

// The inline assembly the compile recorded in one module, as hidden accesses at the start of
// the function holding each (so that the call graph attributes them); an instruction of a
// function the linker dropped cannot run and is left out.
void read_assembly(const Module& m, Symbolizer& symbols, HiddenAccessScan& out) {
  if (m.module->assembly.empty()) return;
  std::unordered_map<std::string_view, uintptr_t> starts;
  for (const CodeFunction& f : m.code.functions) starts.emplace(f.name, f.address);
  for (const AssemblyAccess& a : m.module->assembly) {
    auto it = starts.find(a.function);
    if (it == starts.end()) continue;
    HiddenAccess h;
    h.pc = it->second + m.module->bias;
    h.instruction = a.instruction + " (inline assembly)";
    // The function as the symbolizer names it at its first instruction (its outermost frame).
    const std::vector<SourceFrame>& frames = symbols.frames(h.pc + 1);
    h.where = file_name(a.where) + " " +
              (frames.empty() ? demangled(a.function) : frames.back().function);
    out.accesses.push_back(std::move(h));
  }
}

}  // namespace

HiddenAccessScan scan_hidden_accesses(const InstrumentedCode& code, size_t limit) {
  HiddenAccessScan out;
  out.unchecked = code.unreadable;
  Symbolizer symbols;
  std::vector<Module> modules;
  for (const InstrumentedModule& m : code.modules) modules.push_back({&m, module_code(m, out)});
  for (const Module& m : modules) {
    for (const CodeFunction& f : m.code.functions) {
      out.graph.add_function(f.address + m.module->bias, f.name);
    }
  }
  out.graph.seal();
  for (const Module& m : modules) {
    for (const CodeAccess& a : m.code.accesses) {
      HiddenAccess h;
      h.pc = a.address + m.module->bias;
      h.instruction = a.instruction;
      if (out.accesses.size() < limit) h.where = where(symbols, *m.module, a.address, m.code);
      out.accesses.push_back(std::move(h));
    }
  }
  for (const Module& m : modules) read_assembly(m, symbols, out);
  for (const Module& m : modules) read_calls(m, modules, limit, symbols, out);
  return out;
}

}  // namespace lineup::engine
