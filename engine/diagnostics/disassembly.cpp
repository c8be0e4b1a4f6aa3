#include "engine/diagnostics/disassembly.h"

#include <cxxabi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <tuple>

namespace lineup::engine {
namespace {

// `text` quoted for the shell.
std::string quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// The first word of `s` and the rest after it.
std::pair<std::string_view, std::string_view> first_word(std::string_view s) {
  s = trimmed(s);
  size_t end = s.find_first_of(" \t");
  if (end == std::string_view::npos) return {s, {}};
  return {s.substr(0, end), trimmed(s.substr(end))};
}

uintptr_t parse_hex(std::string_view s, bool* ok) {
  std::string text(s);
  char* end = nullptr;
  unsigned long long v = std::strtoull(text.c_str(), &end, 16);
  *ok = !text.empty() && end != nullptr && *end == '\0';
  return static_cast<uintptr_t>(v);
}

// "1234 <sym+0x10>" -> (0x1234, "sym", true when an offset follows the symbol).
struct Target {
  uintptr_t address = 0;
  std::string_view symbol;
  bool offset = false;
  bool ok = false;
};

Target parse_target(std::string_view operand) {
  Target t;
  auto [address, rest] = first_word(operand);
  t.address = parse_hex(address, &t.ok);
  if (rest.size() < 2 || rest.front() != '<' || rest.back() != '>') return t;
  std::string_view symbol = rest.substr(1, rest.size() - 2);
  size_t plus = symbol.rfind("+0x");
  if (plus != std::string_view::npos) {
    t.offset = true;
    symbol = symbol.substr(0, plus);
  }
  t.symbol = symbol;
  return t;
}

bool is_hook(std::string_view symbol) {
  return starts_with(symbol, "__tsan_") || starts_with(symbol, "__lineup_");
}

// Reads a call or jump at `address` with operand text `operand` into `out`.
void read_transfer(uintptr_t address, bool jump, std::string_view operand, ModuleCode& out) {
  const std::string& current = out.functions.back().name;
  CodeCall call;
  call.address = address;
  if (!operand.empty() && operand.front() == '*') {
    // "*0x2fe2(%rip)        # 3fd8 <pthread_mutex_lock@GLIBC_2.2.5>": a GOT slot named by the
    // symbol it binds (versioned); anything else is a pointer the code computed.
    call.kind = CodeCall::Kind::kIndirect;
    size_t comment = operand.find("# ");
    if (operand.find("(%rip)") != std::string_view::npos && comment != std::string_view::npos) {
      Target slot = parse_target(operand.substr(comment + 2));
      size_t at = slot.symbol.find('@');
      if (slot.ok && !slot.offset && at != std::string_view::npos && at > 0) {
        call.kind = CodeCall::Kind::kImported;
        call.symbol = slot.symbol.substr(0, at);
      }
    }
    if (call.kind == CodeCall::Kind::kIndirect && jump) return;  // a jump table of a switch
    if (is_hook(call.symbol)) return;
    out.calls.push_back(std::move(call));
    return;
  }
  Target t = parse_target(operand);
  if (!t.ok || t.symbol.empty()) return;
  if (t.symbol.size() > 4 && t.symbol.substr(t.symbol.size() - 4) == "@plt") {
    call.kind = CodeCall::Kind::kImported;
    call.symbol = t.symbol.substr(0, t.symbol.size() - 4);
  } else {
    // A jump to a label of its own function is control flow, not a call.
    if (t.symbol == current && (jump || t.offset)) return;
    if (jump && t.offset) return;  // into the middle of another function: not a tail call
    call.kind = CodeCall::Kind::kDirect;
    call.target = t.address;
    call.symbol = t.symbol;
  }
  if (is_hook(call.symbol)) return;
  out.calls.push_back(std::move(call));
}

struct PipeCloser {
  void operator()(FILE* f) const { pclose(f); }
};

}  // namespace

bool is_hidden_access(std::string_view instruction) {
  std::string_view mnemonic = first_word(instruction).first;
  if (mnemonic == "lock") return true;  // a lock prefix on any instruction
  const bool memory_operand = instruction.find('(') != std::string_view::npos;
  if (starts_with(mnemonic, "cmpxchg")) return memory_operand;  // also cmpxchg8b/16b
  if (starts_with(mnemonic, "xchg") || starts_with(mnemonic, "xadd")) return memory_operand;
  return mnemonic == "mfence";
}

bool read_disassembly_line(std::string_view l,
                           const std::vector<std::pair<uintptr_t, uintptr_t>>& ranges,
                           ModuleCode& out) {
  while (!l.empty() && (l.back() == '\n' || l.back() == '\r')) l.remove_suffix(1);
  if (l.empty()) return false;
  // A function starts: "0000000000001234 <_Z4pushl>:".
  if (l.front() != ' ' && l.size() > 2 && l.substr(l.size() - 2) == ">:") {
    size_t open = l.find(" <");
    if (open == std::string_view::npos) return false;
    bool ok = false;
    uintptr_t address = parse_hex(l.substr(0, open), &ok);
    std::string_view name = l.substr(open + 2, l.size() - open - 4);
    if (ok && in_ranges(ranges, address)) {
      out.functions.push_back({address, std::string(name)});
    } else {
      out.functions.push_back({address, ""});  // outside: its instructions are skipped
    }
    return false;
  }
  // An instruction: "    1234:\tlock cmpxchg %rdx,(%rsi)".
  size_t colon = l.find(":\t");
  if (colon == std::string_view::npos || l.front() != ' ') return false;
  bool ok = false;
  const uintptr_t address = parse_hex(trimmed(l.substr(0, colon)), &ok);
  if (!ok) return false;
  if (!in_ranges(ranges, address) || out.functions.empty() || out.functions.back().name.empty())
    return true;
  std::string_view instruction = trimmed(l.substr(colon + 2));
  if (is_hidden_access(instruction)) {
    out.accesses.push_back({address, std::string(instruction)});
    return true;
  }
  auto [mnemonic, operand] = first_word(instruction);
  while (mnemonic == "notrack" || mnemonic == "bnd")
    std::tie(mnemonic, operand) = first_word(operand);
  if (mnemonic == "call" || mnemonic == "callq") {
    read_transfer(address, false, operand, out);
  } else if (!mnemonic.empty() && mnemonic.front() == 'j') {
    read_transfer(address, true, operand, out);
  }
  return true;
}

bool disassemble(const InstrumentedModule& m, ModuleCode& out, std::string* error) {
  const std::string command =
      "objdump -d -w --no-show-raw-insn --start-address=" + hex_address(m.ranges.front().first) +
      " --stop-address=" + hex_address(m.ranges.back().second) + " " + quoted(m.path) +
      " 2>/dev/null";
  std::unique_ptr<FILE, PipeCloser> pipe(popen(command.c_str(), "r"));
  if (!pipe) {
    *error = m.path + ": objdump could not be started";
    return false;
  }
  size_t instructions = 0;
  char line[4096];
  while (std::fgets(line, sizeof line, pipe.get()) != nullptr) {
    if (read_disassembly_line(line, m.ranges, out)) ++instructions;
  }
  // Only the functions of instrumented code are kept.
  out.functions.erase(std::remove_if(out.functions.begin(), out.functions.end(),
                                     [](const CodeFunction& f) { return f.name.empty(); }),
                      out.functions.end());
  int status = pclose(pipe.release());
  if (status != 0 || instructions == 0) {
    *error = m.path + ": objdump (binutils) failed or printed nothing; is it installed?";
    return false;
  }
  return true;
}

bool in_ranges(const std::vector<std::pair<uintptr_t, uintptr_t>>& ranges, uintptr_t a) {
  auto it = std::upper_bound(ranges.begin(), ranges.end(), std::make_pair(a, ~uintptr_t{0}));
  return it != ranges.begin() && a < std::prev(it)->second;
}

std::string hex_address(uintptr_t a) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%lx", static_cast<unsigned long>(a));
  return buf;
}

std::string demangled(const std::string& symbol) {
  int status = 0;
  std::unique_ptr<char, decltype(&std::free)> text(
      abi::__cxa_demangle(symbol.c_str(), nullptr, nullptr, &status), &std::free);
  return status == 0 && text ? std::string(text.get()) : symbol;
}

}  // namespace lineup::engine
