# Runs LINEUP with ARGS (separated by commas) and checks it exits with status 2 and prints MESSAGE.
string(REPLACE "," ";" ARGS "${ARGS}")
execute_process(COMMAND ${LINEUP} ${ARGS} RESULT_VARIABLE status OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
if(NOT status EQUAL 2)
  message(FATAL_ERROR "exit status ${status}, expected 2\n${out}${err}")
endif()
string(FIND "${out}${err}" "${MESSAGE}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "expected the message '${MESSAGE}', got:\n${out}${err}")
endif()
