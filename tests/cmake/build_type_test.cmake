# Configures lineup in a fresh build folder WORK_DIR with CMAKE_BUILD_TYPE=BUILD_TYPE, as a user
# or a package build would, builds its `lineup` target (the CLI and every library it links)
# and hunts one tiny program with it; WORK_DIR is removed when all of this succeeds. Other
# variables: SOURCE_DIR, C_COMPILER and CXX_COMPILER (those of the build running the test),
# WERROR (LINEUP_WERROR), LAUNCHER (a compiler launcher, may be empty).
function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    string(LENGTH "${out}${err}" length)
    set(tail "${out}${err}")
    if(length GREATER 20000)
      math(EXPR from "${length} - 20000")
      string(SUBSTRING "${out}${err}" ${from} -1 tail)
    endif()
    message(FATAL_ERROR "${what} (${BUILD_TYPE}): exit status ${status}\n${tail}")
  endif()
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(configure ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${WORK_DIR} -DCMAKE_BUILD_TYPE=${BUILD_TYPE}
              -DCMAKE_C_COMPILER=${C_COMPILER} -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
              -DLINEUP_WERROR=${WERROR})
if(LAUNCHER)
  list(APPEND configure -DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER})
endif()
run("configure" ${configure})
run("build of the lineup target" ${CMAKE_COMMAND} --build ${WORK_DIR} -j2 --target lineup)
run("a hunt with the built lineup"
    ${CMAKE_COMMAND} -E env XDG_CACHE_HOME=${WORK_DIR}/cache
    ${WORK_DIR}/bin/lineup hunt ref/queue --programs 1 --executions 10 --jobs 1 --quiet
    --corpus ${WORK_DIR}/corpus)
file(REMOVE_RECURSE ${WORK_DIR})
