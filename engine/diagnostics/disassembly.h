// What the pre-hunt checks need to know of a module's instrumented machine code, read once
// from binutils' objdump: where its functions start, the instructions that access memory
// without a hook (hidden_accesses.h), and the calls it makes that the call graph and the
// check of calls out of instrumented code follow (uninstrumented_calls.h). Addresses are
// link-time addresses of the module; names are as the symbol table spells them (mangled).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/diagnostics/instrumented_code.h"

namespace lineup::engine {

/// A function of instrumented code: the address of its symbol and the symbol.
struct CodeFunction {
  uintptr_t address = 0;
  std::string name;
};

/// An instruction that accesses memory without a hook (is_hidden_access()).
struct CodeAccess {
  uintptr_t address = 0;
  std::string instruction;  // as objdump prints it, e.g. "lock cmpxchg %rdx,(%rsi)"
};

/// A call (or a jump to another function: a tail call) made by instrumented code.
struct CodeCall {
  enum class Kind : char {
    kDirect = 'd',    // to `target` in the same module; `symbol` names it
    kImported = 'i',  // through the PLT or the GOT to `symbol`, bound at run time
    kIndirect = '*',  // through a register or memory: the callee is not known statically
  };
  uintptr_t address = 0;  // of the call instruction
  Kind kind = Kind::kDirect;
  uintptr_t target = 0;  // kDirect only
  std::string symbol;    // without "@plt" or a version ("@GLIBC_2.2.5"); "" for kIndirect
};

/// A module's instrumented code as the checks read it, each list in address order.
struct ModuleCode {
  std::vector<CodeFunction> functions;
  std::vector<CodeAccess> accesses;
  std::vector<CodeCall> calls;
};

/// Disassembles the instrumented ranges of `m` with objdump. False, with why in `*error`, when
/// objdump could not be run, failed or printed nothing; `out` then holds what it printed before.
bool disassemble(const InstrumentedModule& m, ModuleCode& out, std::string* error);

/// Reads one line of objdump's output (`objdump -d -w --no-show-raw-insn`) into `out`: a
/// function's start ("0000000000001234 <_Z4pushl>:") or an instruction ("    1234:\tcall ...").
/// Instructions outside `ranges` are ignored; calls to the hooks (`__tsan_*`) and to the
/// string calls that replace the memcpy family (`__lineup_*`) are not kept, nor jumps inside
/// the function that holds them. Returns whether the line was an instruction. Exposed for tests.
bool read_disassembly_line(std::string_view line,
                           const std::vector<std::pair<uintptr_t, uintptr_t>>& ranges,
                           ModuleCode& out);

/// Whether an instruction, as objdump prints it ("lock cmpxchg %rdx,(%rsi)"), is an access no
/// hook reports: a lock prefix, xchg/cmpxchg/xadd with a memory operand, cmpxchg8b/16b, or
/// mfence. Compiled instrumented code contains none of these (atomics and fences become hook
/// calls), so each one comes from inline assembly or uninstrumented objects.
bool is_hidden_access(std::string_view instruction);

/// Whether link-time address `a` lies in `ranges` (sorted, disjoint [first, second) pairs).
bool in_ranges(const std::vector<std::pair<uintptr_t, uintptr_t>>& ranges, uintptr_t a);

/// `a` as "0x..." (lower-case hex digits).
std::string hex_address(uintptr_t a);

/// `symbol` demangled ("_Z4pushl" -> "push(long)"); itself when it is not a mangled name.
std::string demangled(const std::string& symbol);

}  // namespace lineup::engine
