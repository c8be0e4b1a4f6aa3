# Builds and hunts the projects `lineup init` writes, one of each kind, out of lineup's tree as
# a user would. MODE=package: lineup installed from LINEUP_BUILD_DIR into a prefix under
# WORK_DIR; the installed lineup writes each project, which is configured on its own with
# CMAKE_PREFIX_PATH at the prefix. MODE=source_tree: LINEUP writes the queue project with
# --lineup-source LINEUP_SOURCE_DIR, the stack and set ones without; the queue project must
# configure on its own with that source tree, and the three are built under one parent project,
# where the queue project adds lineup and the others share it (building lineup once). Each
# hunter must list its structure and find no violation in short hunts.
# Other variables: WORK_DIR, BUILD_TYPE, LAUNCHER (compiler launcher).
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    string(REPLACE ";" " " command "${ARGN}")
    message(FATAL_ERROR "${command}: exit status ${status}\n${out}${err}")
  endif()
  set(out "${out}${err}" PARENT_SCOPE)
endfunction()

# Checks that `hunter` lists my/<kind> and finds no violation in it: in a hunt of 2 s (as many
# programs as the machine runs in that time, which may be none on a loaded one), and in a hunt
# of 10 programs, which must complete its bound.
function(hunt hunter kind)
  run(${hunter} list)
  if(NOT out MATCHES "my/${kind} +${kind} +this project")
    message(FATAL_ERROR "${hunter} list does not show my/${kind}:\n${out}")
  endif()
  run(${hunter} hunt my/${kind} --budget 2s --jobs 1 --quiet --corpus ${WORK_DIR}/corpus)
  if(NOT out MATCHES "^my/${kind}: [0-9]+ programs.*\nno violation found")
    message(FATAL_ERROR "unexpected output of ${hunter} hunt my/${kind} --budget 2s:\n${out}")
  endif()
  message(STATUS "${out}")
  run(${hunter} hunt my/${kind} --programs 10 --budget 600s --jobs 1 --quiet
      --corpus ${WORK_DIR}/corpus)
  if(NOT out MATCHES "^my/${kind}: 10 programs.*coverage: bound completed 2;.*\nno violation found\n$")
    message(FATAL_ERROR "unexpected output of ${hunter} hunt my/${kind} --programs 10:\n${out}")
  endif()
  message(STATUS "${out}")
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(options -DCMAKE_BUILD_TYPE=${BUILD_TYPE})
if(LAUNCHER)
  list(APPEND options -DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER})
endif()
set(kinds queue stack set)

if(MODE STREQUAL "package")
  set(prefix ${WORK_DIR}/prefix)
  run(${CMAKE_COMMAND} --install ${LINEUP_BUILD_DIR} --prefix ${prefix})
  foreach(kind IN LISTS kinds)
    set(project ${WORK_DIR}/${kind})
    run(${prefix}/bin/lineup init ${project} --kind ${kind})
    if(NOT out MATCHES "-DCMAKE_PREFIX_PATH=${prefix} ")
      message(FATAL_ERROR "lineup init does not name the install's prefix:\n${out}")
    endif()
    run(${CMAKE_COMMAND} -S ${project} -B ${project}/build -DCMAKE_PREFIX_PATH=${prefix} ${options})
    run(${CMAKE_COMMAND} --build ${project}/build -j2)
    hunt(${project}/build/hunter ${kind})
  endforeach()
elseif(MODE STREQUAL "source_tree")
  set(projects ${WORK_DIR}/projects)
  run(${LINEUP} init ${projects}/queue --kind queue --lineup-source ${LINEUP_SOURCE_DIR})
  run(${LINEUP} init ${projects}/stack --kind stack)
  run(${LINEUP} init ${projects}/set --kind set)
  # On its own, the queue project takes lineup from the source tree init was given, and
  # defaults to an optimised build with debug information.
  run(${CMAKE_COMMAND} -S ${projects}/queue -B ${WORK_DIR}/queue_alone)
  file(STRINGS ${WORK_DIR}/queue_alone/CMakeCache.txt build_type REGEX "^CMAKE_BUILD_TYPE:")
  if(NOT build_type STREQUAL "CMAKE_BUILD_TYPE:STRING=RelWithDebInfo")
    message(FATAL_ERROR "the queue project's default build type: '${build_type}'")
  endif()
  if(NOT EXISTS ${WORK_DIR}/queue_alone/lineup/lineup/cli)
    message(FATAL_ERROR "the queue project alone did not add lineup's source tree")
  endif()
  file(WRITE ${projects}/CMakeLists.txt
       "cmake_minimum_required(VERSION 3.24)\n"
       "project(init_projects LANGUAGES C CXX)\n"
       "add_subdirectory(queue)\n"
       "add_subdirectory(stack)\n"
       "add_subdirectory(set)\n")
  run(${CMAKE_COMMAND} -S ${projects} -B ${WORK_DIR}/build ${options})
  run(${CMAKE_COMMAND} --build ${WORK_DIR}/build -j2)
  foreach(kind IN LISTS kinds)
    hunt(${WORK_DIR}/build/${kind}/hunter ${kind})
  endforeach()
else()
  message(FATAL_ERROR "MODE must be package or source_tree, not '${MODE}'")
endif()
