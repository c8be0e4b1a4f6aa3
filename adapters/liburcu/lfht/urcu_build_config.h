// What liburcu's configure script finds on Debian's glibc, for compiling liburcu's own sources
// (its build passes its generated config.h with -include the same way).
#pragma once

#define _GNU_SOURCE 1
#define HAVE_RAND_R 1
#define HAVE_SCHED_GETCPU 1
#define HAVE_SCHED_SETAFFINITY 1
#define HAVE_SYSCONF 1
