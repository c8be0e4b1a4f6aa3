# lineup's CMake functions, for lineup's own build and for projects that use lineup (through
# add_subdirectory/FetchContent, or find_package(lineup), whose lineupConfig.cmake includes
# this file after importing lineup's targets). They name lineup's targets by their lineup::
# names, which exist both ways.

# lineup_add_structure(<target> <sources>...)
#
# Builds code under test (a structure and its adapter) as a static library whose every
# shared-memory access is visible to the engine: the sources are compiled with
# lineup::instrument's flags (-fsanitize=thread, which makes the compiler emit __tsan_* calls),
# but nothing links the TSan runtime; lineup's own runtime (in lineup::engine, linked whole)
# defines those functions. The string functions the compiler does not instrument (memcpy,
# memmove, memset, memcmp, bcmp) become calls to the runtime (a forced include and
# -fno-builtin-<name>, engine/runtime/string_calls.h). Only these sources are instrumented:
# the engine, checker and CLI never are.
function(lineup_add_structure target)
  add_library(${target} STATIC ${ARGN})
  target_link_libraries(${target} PRIVATE lineup::instrument PUBLIC lineup::engine)
endfunction()

# lineup_use_libcds(<target>)
#
# For a lineup_add_structure target whose sources include libcds headers: keeps libcds's
# headers in the configuration libcds.so was built with (-fsanitize=thread would otherwise
# switch them to a TSan layout, see adapters/libcds/README.md) and links libcds with lineup's
# per-fiber Hazard-Pointer support.
function(lineup_use_libcds target)
  target_compile_options(${target} PRIVATE -U__SANITIZE_THREAD__ -Wno-tsan)
  target_compile_definitions(${target} PRIVATE _GLIBCXX_TSAN=1)
  target_link_libraries(${target} PUBLIC lineup::libcds)
endfunction()

# lineup_add_hunter(<executable> <sources>...)
#
# A lineup command line (`list`, `hunt`, ...) for your own structures: <sources> declare them
# with LINEUP_REGISTER (specs/structure.h) and are instrumented like lineup_add_structure's.
# The executable is the CLI's objects (lineup::cli) plus these structures, linked whole (they
# register themselves at start-up). It names itself by its file name (`<executable> --help`,
# "see `<executable> list`"), and its `list` shows these structures; `list --all` also lineup's
# built-in ones linked into it, if any, and the programs of `run`.
function(lineup_add_hunter executable)
  lineup_add_structure(${executable}_structures ${ARGN})
  target_link_libraries(${executable}_structures PUBLIC lineup::specs)
  add_executable(${executable} $<TARGET_OBJECTS:lineup::cli>)
  target_link_libraries(${executable} PRIVATE lineup::cli
                        "$<LINK_LIBRARY:WHOLE_ARCHIVE,${executable}_structures>")
endfunction()
