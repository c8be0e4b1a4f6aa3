// Replaces the functions that open files and sockets, and those that write to a file
// descriptor, for the whole process: controlled code's calls are unsupported calls
// (unsupported_calls.h), except opens that only read and writes to stdout and stderr;
// everyone else's are glibc's.
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include <cstdarg>
#include <cstdio>

#include "engine/runtime/controlled_calls.h"
#include "engine/runtime/real_function.h"
#include "engine/runtime/unsupported_calls.h"

using lineup::engine::controlled_execution;
using lineup::engine::Execution;
using lineup::engine::refuse;
using lineup::engine::Unsupported;

namespace {

// Refuses a call of `function` on the file at `path`, made by controlled code.
[[noreturn]] void refuse_path(Execution* e, const char* function, const char* path,
                              uintptr_t caller) {
  lineup::engine::refuse_on(*e, Unsupported::kIo, function, path, caller);
}

// Refuses a call of `function` on descriptor `fd` (or with first argument `fd`).
[[noreturn]] void refuse_fd(Execution* e, const char* function, int fd, uintptr_t caller) {
  char call[64];
  std::snprintf(call, sizeof call, "%s(%d, ...)", function, fd);
  refuse(*e, Unsupported::kIo, call, caller);
}

// Whether controlled code may write to `fd`: stdout and stderr only.
bool writable(int fd) { return fd == STDOUT_FILENO || fd == STDERR_FILENO; }

// Whether an open with `flags` only reads: a library reading a system file (liburcu reads
// /sys/devices/system/cpu/possible at its first use) changes nothing the next execution sees.
bool reads_only(int flags) {
  return (flags & O_ACCMODE) == O_RDONLY && (flags & (O_CREAT | O_TRUNC)) == 0 &&
         (flags & O_TMPFILE) != O_TMPFILE;
}

// The same for a stdio `mode` ("r", "rb", "re": no 'w', 'a' or '+').
bool reads_only(const char* mode) {
  for (const char* c = mode; c != nullptr && *c != '\0'; ++c) {
    if (*c == 'w' || *c == 'a' || *c == '+') return false;
  }
  return true;
}

// The mode argument of an open-style call with `flags`: present only when the call creates
// a file.
mode_t mode_of(int flags, va_list& rest) {
  return (flags & (O_CREAT | O_TMPFILE)) != 0 ? static_cast<mode_t>(va_arg(rest, int)) : 0;
}

}  // namespace

// glibc's fortified open (with _FORTIFY_SOURCE, a call without a mode whose flags are not
// known at compile time), which <fcntl.h> declares only for fortified code.
extern "C" int __open_2(const char* path, int flags);
extern "C" int __open64_2(const char* path, int flags);
extern "C" int __openat_2(int dir, const char* path, int flags);
extern "C" int __openat64_2(int dir, const char* path, int flags);

namespace {

// The mode an open call passes on: refused first when controlled code opens `path` other than
// to read it (the caller's return address is `caller`); read from `rest` when `flags` create
// the file.
mode_t checked_mode(const char* function, const char* path, int flags, va_list& rest,
                    uintptr_t caller) {
  if (Execution* e = controlled_execution(); e != nullptr && !reads_only(flags)) {
    refuse_path(e, function, path, caller);
  }
  return mode_of(flags, rest);
}

}  // namespace

// Defines `int name(const char* path, int flags, ...)`, an open that takes a mode only when it
// creates the file.
#define LINEUP_OPEN(name)                                                      \
  int name(const char* path, int flags, ...) {                                 \
    va_list rest;                                                              \
    va_start(rest, flags);                                                     \
    const mode_t mode = checked_mode(#name, path, flags, rest, LINEUP_CALLER); \
    va_end(rest);                                                              \
    return LINEUP_REAL_FUNCTION(name)(path, flags, mode);                      \
  }

// The same for `int name(int dir, const char* path, int flags, ...)`.
#define LINEUP_OPENAT(name)                                                    \
  int name(int dir, const char* path, int flags, ...) {                        \
    va_list rest;                                                              \
    va_start(rest, flags);                                                     \
    const mode_t mode = checked_mode(#name, path, flags, rest, LINEUP_CALLER); \
    va_end(rest);                                                              \
    return LINEUP_REAL_FUNCTION(name)(dir, path, flags, mode);                 \
  }

// Defines `type name params`, refused (on `path`) in controlled code unless `allowed` holds,
// glibc's `name` called with `args` for everyone else.
#define LINEUP_PATH_CALL(type, name, params, args, path, allowed)            \
  type name params {                                                         \
    if (Execution* e = controlled_execution(); e != nullptr && !(allowed)) { \
      refuse_path(e, #name, path, LINEUP_CALLER);                            \
    }                                                                        \
    return LINEUP_REAL_FUNCTION(name) args;                                  \
  }

// The same for a call on descriptor `fd`, refused unless `allowed` holds.
#define LINEUP_FD_CALL(type, name, params, args, fd, allowed)                \
  type name params {                                                         \
    if (Execution* e = controlled_execution(); e != nullptr && !(allowed)) { \
      refuse_fd(e, #name, fd, LINEUP_CALLER);                                \
    }                                                                        \
    return LINEUP_REAL_FUNCTION(name) args;                                  \
  }

extern "C" {

LINEUP_OPEN(open)
LINEUP_OPEN(open64)
LINEUP_OPENAT(openat)
LINEUP_OPENAT(openat64)

LINEUP_PATH_CALL(int, creat, (const char* path, mode_t mode), (path, mode), path, false)
LINEUP_PATH_CALL(int, creat64, (const char* path, mode_t mode), (path, mode), path, false)
LINEUP_PATH_CALL(int, __open_2, (const char* path, int flags), (path, flags), path,
                 reads_only(flags))
LINEUP_PATH_CALL(int, __open64_2, (const char* path, int flags), (path, flags), path,
                 reads_only(flags))
LINEUP_PATH_CALL(int, __openat_2, (int dir, const char* path, int flags), (dir, path, flags), path,
                 reads_only(flags))
LINEUP_PATH_CALL(int, __openat64_2, (int dir, const char* path, int flags), (dir, path, flags),
                 path, reads_only(flags))
LINEUP_PATH_CALL(FILE*, fopen, (const char* path, const char* mode), (path, mode), path,
                 reads_only(mode))
LINEUP_PATH_CALL(FILE*, fopen64, (const char* path, const char* mode), (path, mode), path,
                 reads_only(mode))
LINEUP_PATH_CALL(FILE*, freopen, (const char* path, const char* mode, FILE* stream),
                 (path, mode, stream), path, reads_only(mode))
LINEUP_PATH_CALL(FILE*, freopen64, (const char* path, const char* mode, FILE* stream),
                 (path, mode, stream), path, reads_only(mode))

LINEUP_FD_CALL(int, socket, (int domain, int type, int protocol), (domain, type, protocol), domain,
               false)
LINEUP_FD_CALL(int, socketpair, (int domain, int type, int protocol, int fds[2]),
               (domain, type, protocol, fds), domain, false)
LINEUP_FD_CALL(int, connect, (int fd, const struct sockaddr* address, socklen_t length),
               (fd, address, length), fd, false)

LINEUP_FD_CALL(ssize_t, write, (int fd, const void* data, size_t size), (fd, data, size), fd,
               writable(fd))
LINEUP_FD_CALL(ssize_t, pwrite, (int fd, const void* data, size_t size, off_t at),
               (fd, data, size, at), fd, writable(fd))
LINEUP_FD_CALL(ssize_t, pwrite64, (int fd, const void* data, size_t size, off64_t at),
               (fd, data, size, at), fd, writable(fd))
LINEUP_FD_CALL(ssize_t, writev, (int fd, const struct iovec* parts, int count), (fd, parts, count),
               fd, writable(fd))
LINEUP_FD_CALL(ssize_t, send, (int fd, const void* data, size_t size, int flags),
               (fd, data, size, flags), fd, writable(fd))
LINEUP_FD_CALL(ssize_t, sendto,
               (int fd, const void* data, size_t size, int flags, const struct sockaddr* address,
                socklen_t length),
               (fd, data, size, flags, address, length), fd, writable(fd))
LINEUP_FD_CALL(ssize_t, sendmsg, (int fd, const struct msghdr* message, int flags),
               (fd, message, flags), fd, writable(fd))

}  // extern "C"
