# Runs LINEUP with ARGS (separated by commas) and checks it exits with status EXIT and prints
# MESSAGE (on stdout or stderr).
string(REPLACE "," ";" ARGS "${ARGS}")
execute_process(COMMAND ${LINEUP} ${ARGS} RESULT_VARIABLE status OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
if(NOT status EQUAL EXIT)
  message(FATAL_ERROR "exit status ${status}, expected ${EXIT}\n${out}${err}")
endif()
string(FIND "${out}${err}" "${MESSAGE}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "expected the message '${MESSAGE}', got:\n${out}${err}")
endif()
