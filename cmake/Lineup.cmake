# lineup_add_structure(<target> <sources>...)
#
# Builds code under test (a structure and its adapter) as a static library whose every
# shared-memory access is visible to the engine: the sources are compiled with
# -fsanitize=thread, which makes the compiler emit __tsan_* calls, but nothing links the TSan
# runtime; lineup's own runtime (in lineup::engine, linked whole) defines those functions.
# Only these sources are instrumented: the engine, checker and CLI never are.
set(LINEUP_INSTRUMENT_FLAGS
    -fsanitize=thread
    -g
    # Boost.Lockfree must use std::atomic (visible to the hooks), never Boost.Atomic's inline
    # assembly, which no hook sees.
    -DBOOST_LOCKFREE_FORCE_STD_ATOMIC
    CACHE INTERNAL "Compile options of instrumented code")

function(lineup_add_structure target)
  add_library(${target} STATIC ${ARGN})
  target_compile_options(${target} PRIVATE ${LINEUP_INSTRUMENT_FLAGS})
  target_link_libraries(${target} PUBLIC lineup::engine)
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
  target_link_libraries(${target} PUBLIC lineup_libcds)
endfunction()

# lineup_add_hunter(<executable> <sources>...)
#
# A lineup command line (`list`, `hunt`, ...) for your own structures: <sources> declare them
# with LINEUP_REGISTER (specs/structure.h) and are instrumented like lineup_add_structure's.
function(lineup_add_hunter executable)
  lineup_add_structure(${executable}_structures ${ARGN})
  target_link_libraries(${executable}_structures PUBLIC lineup_specs)
  add_executable(${executable} $<TARGET_OBJECTS:lineup_cli>)
  target_link_libraries(${executable} PRIVATE lineup_cli
                        "$<LINK_LIBRARY:WHOLE_ARCHIVE,${executable}_structures>")
endfunction()
