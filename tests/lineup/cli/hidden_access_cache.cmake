# A hunter's scan for hidden accesses is kept in the cache folder and used by the next hunt:
# with a cache folder of its own, LINEUP's first hunt is refused for the accesses it finds;
# a second, with no objdump on PATH, is refused alike, from the kept entries. Damaged entries
# are not used (a hunt without objdump then cannot check and says so), and the next hunt with
# objdump writes them anew. Variables: LINEUP (a hunter with hidden accesses), STRUCTURE,
# WORK_DIR.
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR}/no-programs)
set(folder ${WORK_DIR}/cache/lineup/hidden-accesses)
set(hunt hunt ${STRUCTURE} --jobs 1 --programs 1 --executions 10 --quiet --corpus ${WORK_DIR}/corpus)

# Runs the hunt with PATH set to `path`; its exit status and output in `status` and `out`.
function(run_hunt path)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env XDG_CACHE_HOME=${WORK_DIR}/cache PATH=${path}
                          ${LINEUP} ${hunt}
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(status ${status} PARENT_SCOPE)
  set(out "${out}${err}" PARENT_SCOPE)
endfunction()

run_hunt("$ENV{PATH}")
set(first "${out}")
if(NOT status EQUAL 2 OR NOT first MATCHES "lock cmpxchg.*asm_queue.cpp:27 cas")
  message(FATAL_ERROR "the first hunt was not refused for its hidden accesses (${status}):\n${first}")
endif()
file(GLOB entries ${folder}/*.v2)
if(NOT entries)
  message(FATAL_ERROR "the first hunt kept no scan in ${folder}")
endif()

run_hunt(${WORK_DIR}/no-programs)
if(NOT status EQUAL 2 OR NOT out STREQUAL first)
  message(FATAL_ERROR "without objdump, the second hunt did not report as the first (${status}):\n"
                      "${out}\nthe first:\n${first}")
endif()

foreach(entry IN LISTS entries)
  file(WRITE ${entry} "damaged\n")
endforeach()
run_hunt(${WORK_DIR}/no-programs)
if(NOT out MATCHES "could not check for hidden accesses" OR out MATCHES "lock cmpxchg")
  message(FATAL_ERROR "a damaged entry was used (${status}):\n${out}")
endif()

run_hunt("$ENV{PATH}")
if(NOT status EQUAL 2 OR NOT out STREQUAL first)
  message(FATAL_ERROR "with objdump again, the hunt did not report as the first (${status}):\n"
                      "${out}\nthe first:\n${first}")
endif()
foreach(entry IN LISTS entries)
  file(READ ${entry} text)
  if(text MATCHES "^damaged")
    message(FATAL_ERROR "${entry} was not written anew")
  endif()
endforeach()
