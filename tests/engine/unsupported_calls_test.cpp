// Controlled code that starts an OS thread or a process, or does file or socket I/O, ends the
// execution as an unsupported call naming the call and where the code under test made it.
// Writes to stdout and stderr are allowed, and code outside executions keeps every call.
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>

#include "engine/engine.h"
#include "test_runs.h"

namespace lineup::engine {
namespace {

// Where the calls' results go: a call whose result is returned at once would be a tail call,
// which leaves no frame of the lambda that made it.
volatile long sink;

ExecutionResult run_one(Engine& engine, void (*body)()) {
  Program p;
  p.threads = {{{"body()", body}}};
  return testing::run_non_preemptive(engine, p);
}

// `body` is refused as `call`, which the message names first, with the line of this file that
// made it.
void expect_refused(void (*body)(), const std::string& call) {
  Engine engine;
  ExecutionResult r = run_one(engine, body);
  EXPECT_EQ(r.outcome, Outcome::kUnsupportedCall) << call << ": " << r.message;
  EXPECT_EQ(r.message.rfind(call + " called in T0 at unsupported_calls_test.cpp:", 0), 0u)
      << r.message;
  EXPECT_EQ(run_one(engine, [] {}).outcome, Outcome::kCompleted);
}

TEST(UnsupportedCalls, StartingAThreadIsRefusedWhereTheCodeUnderTestStartsIt) {
  expect_refused([] { std::thread([] {}).join(); }, "pthread_create()");
  Engine engine;
  ExecutionResult r = run_one(engine, [] { std::thread([] {}).join(); });
  EXPECT_NE(r.message.find("as a fiber"), std::string::npos) << r.message;
}

TEST(UnsupportedCalls, StartingAProcessIsRefused) {
  expect_refused([] { sink = fork(); }, "fork()");
  expect_refused([] { sink = std::system("true"); }, "system(\"true\")");
  expect_refused([] { sink = execl("/bin/false", "false", nullptr); },
                 "execl(\"/bin/false\", ...)");
  expect_refused([] { sink = popen("true", "r") != nullptr; }, "popen(\"true\", ...)");
}

// A library may read a system file at its first use (liburcu reads
// /sys/devices/system/cpu/possible).
TEST(UnsupportedCalls, OpeningAFileToReadItIsAllowed) {
  Engine engine;
  ExecutionResult r = run_one(engine, [] {
    int fd = open("/dev/null", O_RDONLY);
    if (fd >= 0) close(fd);
    if (FILE* f = std::fopen("/dev/null", "r")) std::fclose(f);
  });
  EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
}

TEST(UnsupportedCalls, OpeningAFileToWriteOrASocketIsRefused) {
  expect_refused([] { sink = open("/dev/null", O_WRONLY); }, "open(\"/dev/null\", ...)");
  expect_refused([] { sink = open("/dev/null", O_RDONLY | O_CREAT, 0600); },
                 "open(\"/dev/null\", ...)");
  expect_refused([] { sink = std::fopen("/dev/null", "a") != nullptr; },
                 "fopen(\"/dev/null\", ...)");
  expect_refused([] { sink = std::fopen("/dev/null", "r+") != nullptr; },
                 "fopen(\"/dev/null\", ...)");
  expect_refused([] { std::ofstream("/dev/null") << 1; }, "fopen64(\"/dev/null\", ...)");
  expect_refused([] { sink = socket(AF_UNIX, SOCK_STREAM, 0); }, "socket(1, ...)");
}

int pipe_ends[2] = {-1, -1};

TEST(UnsupportedCalls, WritingIsRefusedExceptToStdoutAndStderr) {
  ASSERT_EQ(pipe(pipe_ends), 0);
  Engine engine;
  EXPECT_EQ(run_one(engine, [] { (void)write(1, "", 0); }).outcome, Outcome::kCompleted);
  EXPECT_EQ(run_one(engine, [] { (void)write(2, "", 0); }).outcome, Outcome::kCompleted);
  expect_refused([] { sink = write(pipe_ends[1], "x", 1); },
                 "write(" + std::to_string(pipe_ends[1]) + ", ...)");
  expect_refused([] { sink = send(pipe_ends[1], "x", 1, 0); },
                 "send(" + std::to_string(pipe_ends[1]) + ", ...)");
  // Outside an execution the same calls are glibc's.
  EXPECT_EQ(write(pipe_ends[1], "x", 1), 1);
  char c = 0;
  EXPECT_EQ(read(pipe_ends[0], &c, 1), 1);
  close(pipe_ends[0]);
  close(pipe_ends[1]);
}

TEST(UnsupportedCalls, CodeOutsideExecutionsKeepsEveryCall) {
  Engine engine;
  EXPECT_EQ(run_one(engine, [] { sink = fork(); }).outcome, Outcome::kUnsupportedCall);
  int fd = open("/dev/null", O_WRONLY);
  ASSERT_GE(fd, 0);
  EXPECT_EQ(write(fd, "x", 1), 1);
  close(fd);
  std::thread([] {}).join();
}

}  // namespace
}  // namespace lineup::engine
