// Calls that controlled code may not make, because lineup cannot control their effects: they
// start an OS thread or a process, or do file or socket I/O. Each ends the execution as
// Outcome::kUnsupportedCall, a finding whose report names the call, where the code under test
// made it, what lineup cannot control about it and what to do instead. Calls from anyone else
// (lineup itself, the engine, dlopen's loading of a library) are glibc's.
//
// The calls refused (spawn_interpose.cpp, io_interpose.cpp):
// - threads: pthread_create (hence std::thread, std::jthread, std::async with launch::async);
// - processes: fork, vfork, the exec family (execve, execv, execvp, execvpe, execl, execlp,
//   execle, fexecve), system, popen, posix_spawn, posix_spawnp;
// - opening a file for writing: open, open64, openat, openat64 (and the fortified __open_2
//   family) with O_WRONLY, O_RDWR, O_CREAT, O_TRUNC or O_TMPFILE; creat, creat64; fopen,
//   fopen64, freopen, freopen64 with a mode holding 'w', 'a' or '+';
// - opening a socket: socket, socketpair, connect;
// - writing to a file descriptor other than 1 (stdout) and 2 (stderr): write, pwrite,
//   pwrite64, writev, send, sendto, sendmsg.
// Opening a file to read it, reading and closing descriptors are allowed: a library may read
// a system file at its first use (liburcu reads /sys/devices/system/cpu/possible). stdio's output
// is not seen (glibc writes a stream's buffer with a call of its own that is not replaced): printf
// and std::cout are allowed, and so, unnoticed, is fprintf to a file stream opened outside the
// execution.
#pragma once

#include <cstdint>
#include <string_view>

#include "engine/execution.h"

namespace lineup::engine {

/// The families of unsupported calls, each with its own explanation.
enum class Unsupported {
  kThread,   // starts an OS thread
  kProcess,  // starts a process or replaces this one
  kIo,       // opens a file for writing or a socket, or writes to a descriptor other than 1 and 2
};

/// Ends `e` as Outcome::kUnsupportedCall at `call` (as the report shows it: "fork()",
/// "open(\"/tmp/log\", ...)"), whose replacement's return address is `caller`, with what
/// lineup cannot control about `family` and what to do instead. Never returns.
[[noreturn]] void refuse(Execution& e, Unsupported family, std::string_view call, uintptr_t caller);

/// `text` as a report shows an argument: quoted and cut after 60 characters ("NULL" for
/// nullptr), written into `out` (`size` bytes) and returned.
const char* quoted(const char* text, char* out, size_t size);

/// refuse() of the call `function(text<rest>)`, `text` (a path or a command) shown quoted();
/// `rest` stands for the arguments that follow ("" for none).
[[noreturn]] void refuse_on(Execution& e, Unsupported family, const char* function,
                            const char* text, uintptr_t caller, const char* rest = ", ...");

}  // namespace lineup::engine
