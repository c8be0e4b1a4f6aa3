# One bug found twice in one hunt is archived once: a hunt of LINEUP with ARGS (separated by
# commas) into the fresh corpus folder CORPUS must print MESSAGE (parts separated by ';') and
# leave exactly one counterexample file there.
string(REPLACE "," ";" ARGS "${ARGS}")
file(REMOVE_RECURSE "${CORPUS}")
include(${CMAKE_CURRENT_LIST_DIR}/run_expecting.cmake)
run_expecting(1 out ${ARGS} --corpus ${CORPUS})
foreach(part IN LISTS MESSAGE)
  string(FIND "${out}" "${part}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "expected '${part}', got:\n${out}")
  endif()
endforeach()
file(GLOB files "${CORPUS}/*.json")
list(LENGTH files count)
if(NOT count EQUAL 1)
  message(FATAL_ERROR "${count} counterexample files, expected 1: ${files}\n${out}")
endif()
