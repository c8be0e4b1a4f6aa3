# Builds examples/own_project out of lineup's tree, as a user's project would, and checks its
# hunter lists and hunts its structure. MODE=subdirectory: lineup from its source tree
# (add_subdirectory), building the project's default target, which must build none of
# lineup's tests, benchmarks, examples or built-in structures. MODE=package: lineup installed
# from LINEUP_BUILD_DIR into a prefix under WORK_DIR, then find_package(lineup).
# Other variables: LINEUP_SOURCE_DIR, WORK_DIR, BUILD_TYPE, LAUNCHER (compiler launcher).
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    string(REPLACE ";" " " command "${ARGN}")
    message(FATAL_ERROR "${command}: exit status ${status}\n${out}${err}")
  endif()
  set(out "${out}${err}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(project_dir ${LINEUP_SOURCE_DIR}/examples/own_project)
set(build ${WORK_DIR}/build)
set(configure ${CMAKE_COMMAND} -S ${project_dir} -B ${build} -DCMAKE_BUILD_TYPE=${BUILD_TYPE})
if(LAUNCHER)
  list(APPEND configure -DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER})
endif()
if(MODE STREQUAL "subdirectory")
  run(${configure} -DLINEUP_SOURCE_DIR=${LINEUP_SOURCE_DIR})
elseif(MODE STREQUAL "package")
  run(${CMAKE_COMMAND} --install ${LINEUP_BUILD_DIR} --prefix ${WORK_DIR}/prefix)
  foreach(installed bin/lineup lib/cmake/lineup/lineupConfig.cmake include/lineup/specs/structure.h)
    if(NOT EXISTS ${WORK_DIR}/prefix/${installed})
      message(FATAL_ERROR "not installed: ${installed}")
    endif()
  endforeach()
  run(${configure} -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix)
else()
  message(FATAL_ERROR "MODE must be subdirectory or package, not '${MODE}'")
endif()
run(${CMAKE_COMMAND} --build ${build} -j2)

if(MODE STREQUAL "subdirectory")
  # Only what own_hunter links: none of the built-in structures, nor the lineup CLI itself
  # (lineup's tests, benchmarks and examples are not even configured).
  if(NOT EXISTS ${build}/lineup/lineup/hunt/liblineup_hunt.a)
    message(FATAL_ERROR "no ${build}/lineup/lineup/hunt/liblineup_hunt.a: not built where expected")
  endif()
  foreach(extra adapters/liblineup_boost_structures.a adapters/liblineup_seeded_structures.a
                lineup/cli/lineup tests examples bench)
    if(EXISTS ${build}/lineup/${extra})
      message(FATAL_ERROR "built more than the hunter needs: ${build}/lineup/${extra}")
    endif()
  endforeach()
endif()

run(${build}/own_hunter list)
if(NOT out MATCHES "own/guarded-queue +queue +examples/own_project")
  message(FATAL_ERROR "own_hunter list does not show own/guarded-queue:\n${out}")
endif()
run(${build}/own_hunter hunt own/guarded-queue --budget 2s --jobs 1 --quiet
    --corpus ${WORK_DIR}/corpus)
if(NOT out MATCHES "own/guarded-queue: [1-9][0-9]* programs.*no violation found")
  message(FATAL_ERROR "unexpected hunt output:\n${out}")
endif()
message(STATUS "${out}")
