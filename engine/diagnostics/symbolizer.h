// Program counters and data addresses of this process resolved to source: function, file,
// line (with the chain of inlined calls) and global variable names, for traces.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace lineup::engine {

/// One source frame of a program counter.
struct SourceFrame {
  std::string function;  // demangled, without parameter list
  std::string file;      // as recorded in the debug information
  int line = 0;          // 0 when unknown
};

/// Resolves addresses of the running executable through its DWARF debug information
/// (libbacktrace, which ships with gcc: in-process, no helper process, handles inlining).
/// Results are cached. Not thread-safe: one engine per OS thread uses it at a time.
class Symbolizer {
 public:
  /// Frames for `pc`, a return address (the call instruction at pc-1 is resolved), innermost
  /// first: the innermost is where the access happens, the following ones are the functions
  /// it was inlined into. Empty when nothing is known.
  const std::vector<SourceFrame>& frames(uintptr_t pc);
  /// "file:line function" for a trace line, using the innermost frame that is not inside the
  /// C++ standard library (std::atomic's members are never what a reader wants to see; Boost
  /// and libcds headers are the code under test, so they are shown). "?" when unknown.
  std::string describe(uintptr_t pc);
  /// "file:line function" of `pc`'s innermost frame, library code or not ("" when unknown).
  std::string describe_innermost(uintptr_t pc);
  /// "queue.h:55": the file name and line of the frame describe() names for `pc`; "" when
  /// that frame has no line (or `pc` is 0).
  std::string place(uintptr_t pc);
  /// The frame describe() names for `pc` (file as the debug information records it); a frame
  /// with an empty file when nothing is known.
  SourceFrame shown_frame(uintptr_t pc);
  /// Whether `pc` (a return address) has source of its own: one of its frames names a file
  /// outside the C++ standard library. False for code without debug information (the C and
  /// C++ libraries, as installed).
  bool has_own_source(uintptr_t pc);
  /// Name of the global or static variable containing `addr`, with "+offset" when inside it;
  /// "" when `addr` is not in one.
  std::string data_name(uintptr_t addr);
  /// Offset of `pc` from the load address of its executable image: stable across runs of one
  /// binary despite address-space randomisation (0 when `pc` is not in a loaded image).
  static uintptr_t module_offset(uintptr_t pc);

 private:
  std::unordered_map<uintptr_t, std::vector<SourceFrame>> frames_;
  std::unordered_map<uintptr_t, std::string> described_;
};

/// The process-wide instance.
Symbolizer& symbolizer();

/// Reads now what libbacktrace reads of every loaded module at its first use (symbol tables,
/// each compile unit's address ranges), so that a later symbolization pays only for the
/// compile units it resolves into. It resolves an address of this small compile unit: one of
/// a large unit (a unity source of the hunt library) would also read that unit's line table
/// and functions, tens of milliseconds for a unit no report shows.
void load_debug_information();

/// Strips the parameter list (and trailing qualifiers) from a demangled function name, and
/// abbreviates template argument lists longer than `max_args` characters to "<...>".
std::string short_function_name(const std::string& demangled, size_t max_args = 40);

}  // namespace lineup::engine
