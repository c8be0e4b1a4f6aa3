// Replaces the functions that start OS threads and processes, for the whole process:
// controlled code's calls are unsupported calls (unsupported_calls.h), everyone else's are
// glibc's.
#include <pthread.h>
#include <spawn.h>
#include <unistd.h>

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "engine/runtime/controlled_calls.h"
#include "engine/runtime/real_function.h"
#include "engine/runtime/unsupported_calls.h"

using lineup::engine::controlled_execution;
using lineup::engine::Execution;
using lineup::engine::refuse;
using lineup::engine::Unsupported;

namespace {

// Refuses a call of `function` on `text` (a path or a command), made by controlled code; `rest`
// stands for the arguments that follow ("" for none).
[[noreturn]] void refuse_on(Execution* e, const char* function, const char* text, uintptr_t caller,
                            const char* rest = ", ...") {
  lineup::engine::refuse_on(*e, Unsupported::kProcess, function, text, caller, rest);
}

// The arguments of an execl-style call, from `first` to the terminating null pointer, as an
// argv array; `rest` is left after the null pointer (where execle's environment is).
std::vector<char*> argument_list(const char* first, va_list& rest) {
  std::vector<char*> argv{const_cast<char*>(first)};
  while (argv.back() != nullptr) argv.push_back(va_arg(rest, char*));
  return argv;
}

}  // namespace

extern "C" {

int pthread_create(pthread_t* thread, const pthread_attr_t* attr, void* (*start)(void*),
                   void* arg) {
  if (Execution* e = controlled_execution()) {
    refuse(*e, Unsupported::kThread, "pthread_create()", LINEUP_CALLER);
  }
  return LINEUP_REAL_FUNCTION(pthread_create)(thread, attr, start, arg);
}

pid_t fork() noexcept {
  if (Execution* e = controlled_execution()) {
    refuse(*e, Unsupported::kProcess, "fork()", LINEUP_CALLER);
  }
  return LINEUP_REAL_FUNCTION(fork)();
}

// Everyone else's vfork is a fork: a child of vfork would return into this function's frame,
// on the stack it shares with its parent, and leave the parent a frame it had overwritten.
// POSIX allows vfork to be fork.
pid_t vfork() noexcept {
  if (Execution* e = controlled_execution()) {
    refuse(*e, Unsupported::kProcess, "vfork()", LINEUP_CALLER);
  }
  return LINEUP_REAL_FUNCTION(fork)();
}

int execve(const char* path, char* const argv[], char* const envp[]) noexcept {
  if (Execution* e = controlled_execution()) refuse_on(e, "execve", path, LINEUP_CALLER);
  return LINEUP_REAL_FUNCTION(execve)(path, argv, envp);
}

int execv(const char* path, char* const argv[]) noexcept {
  if (Execution* e = controlled_execution()) refuse_on(e, "execv", path, LINEUP_CALLER);
  return LINEUP_REAL_FUNCTION(execv)(path, argv);
}

int execvp(const char* file, char* const argv[]) noexcept {
  if (Execution* e = controlled_execution()) refuse_on(e, "execvp", file, LINEUP_CALLER);
  return LINEUP_REAL_FUNCTION(execvp)(file, argv);
}

int execvpe(const char* file, char* const argv[], char* const envp[]) noexcept {
  if (Execution* e = controlled_execution()) refuse_on(e, "execvpe", file, LINEUP_CALLER);
  return LINEUP_REAL_FUNCTION(execvpe)(file, argv, envp);
}

int fexecve(int fd, char* const argv[], char* const envp[]) noexcept {
  if (Execution* e = controlled_execution()) {
    char call[64];
    std::snprintf(call, sizeof call, "fexecve(%d, ...)", fd);
    refuse(*e, Unsupported::kProcess, call, LINEUP_CALLER);
  }
  return LINEUP_REAL_FUNCTION(fexecve)(fd, argv, envp);
}

int execl(const char* path, const char* arg, ...) noexcept {
  if (Execution* e = controlled_execution()) refuse_on(e, "execl", path, LINEUP_CALLER);
  va_list rest;
  va_start(rest, arg);
  std::vector<char*> argv = argument_list(arg, rest);
  va_end(rest);
  return LINEUP_REAL_FUNCTION(execv)(path, argv.data());
}

int execlp(const char* file, const char* arg, ...) noexcept {
  if (Execution* e = controlled_execution()) refuse_on(e, "execlp", file, LINEUP_CALLER);
  va_list rest;
  va_start(rest, arg);
  std::vector<char*> argv = argument_list(arg, rest);
  va_end(rest);
  return LINEUP_REAL_FUNCTION(execvp)(file, argv.data());
}

int execle(const char* path, const char* arg, ...) noexcept {
  if (Execution* e = controlled_execution()) refuse_on(e, "execle", path, LINEUP_CALLER);
  va_list rest;
  va_start(rest, arg);
  std::vector<char*> argv = argument_list(arg, rest);
  char* const* envp = va_arg(rest, char* const*);
  va_end(rest);
  return LINEUP_REAL_FUNCTION(execve)(path, argv.data(), envp);
}

int system(const char* command) {
  if (Execution* e = controlled_execution()) refuse_on(e, "system", command, LINEUP_CALLER, "");
  return LINEUP_REAL_FUNCTION(system)(command);
}

FILE* popen(const char* command, const char* mode) {
  if (Execution* e = controlled_execution()) refuse_on(e, "popen", command, LINEUP_CALLER);
  return LINEUP_REAL_FUNCTION(popen)(command, mode);
}

int posix_spawn(pid_t* pid, const char* path, const posix_spawn_file_actions_t* actions,
                const posix_spawnattr_t* attr, char* const argv[], char* const envp[]) {
  if (Execution* e = controlled_execution()) refuse_on(e, "posix_spawn", path, LINEUP_CALLER);
  return LINEUP_REAL_FUNCTION(posix_spawn)(pid, path, actions, attr, argv, envp);
}

int posix_spawnp(pid_t* pid, const char* file, const posix_spawn_file_actions_t* actions,
                 const posix_spawnattr_t* attr, char* const argv[], char* const envp[]) {
  if (Execution* e = controlled_execution()) refuse_on(e, "posix_spawnp", file, LINEUP_CALLER);
  return LINEUP_REAL_FUNCTION(posix_spawnp)(pid, file, actions, attr, argv, envp);
}

}  // extern "C"
