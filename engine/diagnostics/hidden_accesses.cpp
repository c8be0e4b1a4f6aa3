#include "engine/diagnostics/hidden_accesses.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "engine/diagnostics/symbolizer.h"

namespace lineup::engine {
namespace {

std::string hex(uintptr_t v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%lx", static_cast<unsigned long>(v));
  return buf;
}

// `text` quoted for the shell.
std::string quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

bool in_ranges(const std::vector<std::pair<uintptr_t, uintptr_t>>& ranges, uintptr_t a) {
  auto it = std::upper_bound(ranges.begin(), ranges.end(), std::make_pair(a, ~uintptr_t{0}));
  return it != ranges.begin() && a < std::prev(it)->second;
}

// "file:line function", with the functions it was inlined into ("asm.h:12 cas, inlined into
// Queue::push at queue.cpp:40"): inline assembly sits in small helpers, and the reader needs
// the structure's function that used one.
std::string where(Symbolizer& symbols, uintptr_t pc) {
  // The symbolizer takes return addresses (it resolves the byte before).
  std::string text = symbols.describe(pc + 1);
  const std::vector<SourceFrame>& frames = symbols.frames(pc + 1);
  for (size_t i = 1; i < frames.size() && i <= 2; ++i) {
    std::string file = frames[i].file.substr(frames[i].file.rfind('/') + 1);
    text += ", inlined into " + frames[i].function + " at " + file + ":" +
            std::to_string(frames[i].line);
  }
  return text;
}

struct PipeCloser {
  void operator()(FILE* f) const { pclose(f); }
};

// Disassembles one module's instrumented ranges, adding what it finds to `out`.
void scan_module(const InstrumentedModule& m, size_t limit, Symbolizer& symbols,
                 HiddenAccessScan& out) {
  const std::string command =
      "objdump -d -C -w --no-show-raw-insn --start-address=" + hex(m.ranges.front().first) +
      " --stop-address=" + hex(m.ranges.back().second) + " " + quoted(m.path) + " 2>/dev/null";
  std::unique_ptr<FILE, PipeCloser> pipe(popen(command.c_str(), "r"));
  if (!pipe) {
    out.unchecked.push_back(m.path + ": objdump could not be started");
    return;
  }
  std::string function;
  size_t instructions = 0;
  char line[4096];
  while (std::fgets(line, sizeof line, pipe.get()) != nullptr) {
    std::string_view l(line);
    while (!l.empty() && (l.back() == '\n' || l.back() == '\r')) l.remove_suffix(1);
    // A function starts: "0000000000001234 <push(long)>:".
    if (!l.empty() && l.front() != ' ' && l.size() > 2 && l.substr(l.size() - 2) == ">:") {
      size_t open = l.find('<');
      if (open != std::string_view::npos) function = l.substr(open + 1, l.size() - open - 3);
      continue;
    }
    // An instruction: "    1234:\tlock cmpxchg %rdx,(%rsi)".
    size_t colon = l.find(":\t");
    if (colon == std::string_view::npos || l.empty() || l.front() != ' ') continue;
    ++instructions;
    std::string_view instruction = l.substr(colon + 2);
    if (!is_hidden_access(instruction)) continue;
    uintptr_t address = std::strtoull(std::string(l.substr(0, colon)).c_str(), nullptr, 16);
    if (!in_ranges(m.ranges, address)) continue;
    HiddenAccess h;
    h.pc = address + m.bias;
    h.instruction = instruction;
    if (out.accesses.size() < limit) {
      h.where = where(symbols, h.pc);
      if (h.where == "?" || h.where.empty())
        h.where = m.path + " " + hex(address) + " in " + function;
    }
    out.accesses.push_back(std::move(h));
  }
  int status = pclose(pipe.release());
  if (status != 0 || instructions == 0) {
    out.unchecked.push_back(m.path +
                            ": objdump (binutils) failed or printed nothing; is it installed?");
  }
}

std::string_view mnemonic_of(std::string_view instruction) {
  size_t end = instruction.find_first_of(" \t");
  return instruction.substr(0, end);
}

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

}  // namespace

bool is_hidden_access(std::string_view instruction) {
  std::string_view mnemonic = mnemonic_of(instruction);
  if (mnemonic == "lock") return true;  // a lock prefix on any instruction
  const bool memory_operand = instruction.find('(') != std::string_view::npos;
  if (starts_with(mnemonic, "cmpxchg")) return memory_operand;  // also cmpxchg8b/16b
  if (starts_with(mnemonic, "xchg") || starts_with(mnemonic, "xadd")) return memory_operand;
  return mnemonic == "mfence";
}

HiddenAccessScan scan_hidden_accesses(const InstrumentedCode& code, size_t limit) {
  HiddenAccessScan out;
  out.unchecked = code.unreadable;
  Symbolizer symbols;
  for (const InstrumentedModule& m : code.modules) scan_module(m, limit, symbols, out);
  return out;
}

}  // namespace lineup::engine
