// libcds's clang configuration without its thread-sanitizer switch. Under clang,
// -fsanitize=thread makes __has_feature(thread_sanitizer) true, which no macro undoes, and
// libcds's own cds/compiler/clang/defs.h then defines CDS_THREAD_SANITIZER_ENABLED: the
// configuration libcds.so was not built with (README.md, "Why -U__SANITIZE_THREAD__"). This
// folder is searched before the system's when clang compiles code that uses lineup::libcds, so
// this file is found in libcds's place; it includes libcds's own and takes the switch back, as
// -U__SANITIZE_THREAD__ does for g++.
#pragma once

#include_next <cds/compiler/clang/defs.h>

#undef CDS_THREAD_SANITIZER_ENABLED
