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
#
# Each source is compiled through cmake/lineup_compile.sh, which records in the object where
# inline assembly touches memory (a section the pre-hunt check reads: no hook reports those
# accesses), ahead of any launcher the project sets (CMAKE_<LANG>_COMPILER_LAUNCHER).
set(LINEUP_COMPILE_LAUNCHER ${CMAKE_CURRENT_LIST_DIR}/lineup_compile.sh)
function(lineup_add_structure target)
  add_library(${target} STATIC ${ARGN})
  target_link_libraries(${target} PRIVATE lineup::instrument PUBLIC lineup::engine)
  foreach(lang C CXX)
    if(CMAKE_${lang}_COMPILER_ID MATCHES "GNU|Clang")
      # Unquoted: an unset launcher of the project's adds no empty element.
      set(launcher ${LINEUP_COMPILE_LAUNCHER} ${CMAKE_${lang}_COMPILER_LAUNCHER})
      set_target_properties(${target} PROPERTIES ${lang}_COMPILER_LAUNCHER "${launcher}")
    endif()
  endforeach()
endfunction()

# lineup_use_libcds(<target>)
#
# For a lineup_add_structure target whose sources include libcds headers: keeps libcds's
# headers in the configuration libcds.so was built with (-fsanitize=thread would otherwise
# switch them to a TSan layout, see adapters/libcds/README.md) and links libcds with lineup's
# per-fiber Hazard-Pointer support.
function(lineup_use_libcds target)
  target_compile_options(${target} PRIVATE -U__SANITIZE_THREAD__)
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

# lineup_add_corpus_test(<test> <hunter> <corpus-dir> [REPRODUCES])
#
# A GoogleTest executable <test>, registered with CTest under that name, with one test per
# counterexample file in <corpus-dir> (LINEUP_CORPUS_TESTS, lineup/corpus/gtest.h), replayed
# against the structures of lineup_add_hunter(<hunter> ...). By default a test fails while its
# bug still reproduces: a regression suite of fixed bugs. With REPRODUCES a test fails once its
# bug no longer shows: a suite of known bugs. The folder is read when the test runs, so a file
# the hunter archives there later is tested without rebuilding; a missing folder fails.
function(lineup_add_corpus_test test hunter corpus_dir)
  cmake_parse_arguments(PARSE_ARGV 3 arg "REPRODUCES" "" "")
  set(expect kFixed)
  if(arg_REPRODUCES)
    set(expect kReproduces)
  endif()
  string(MAKE_C_IDENTIFIER "${test}" suite)
  get_filename_component(dir "${corpus_dir}" ABSOLUTE)
  set(source ${CMAKE_CURRENT_BINARY_DIR}/${test}_corpus.cpp)
  file(CONFIGURE OUTPUT ${source} CONTENT
       "#include \"lineup/corpus/gtest.h\"\nLINEUP_CORPUS_TESTS(${suite}, \"${dir}\", ::lineup::corpus::Expect::${expect});\n")
  add_executable(${test} ${source})
  target_link_libraries(${test} PRIVATE lineup::gtest GTest::gtest_main
                        "$<LINK_LIBRARY:WHOLE_ARCHIVE,${hunter}_structures>")
  add_test(NAME ${test} COMMAND ${test})
endfunction()
