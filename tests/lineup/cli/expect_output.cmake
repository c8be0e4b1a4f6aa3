# Runs LINEUP with ARGS (separated by commas) and checks it exits with status EXIT and prints
# MESSAGE (on stdout or stderr); a MESSAGE of several parts separated by ';' must print each.
# Optional: PATTERNS, regular expressions (separated by ';') the output must each match, and
# NOT_PRINTED, parts (separated by ';') it must not contain.
# With ABSENT set, that file is removed before the run and must not exist after it.
string(REPLACE "," ";" ARGS "${ARGS}")
if(DEFINED ABSENT)
  file(REMOVE "${ABSENT}")
endif()
execute_process(COMMAND ${LINEUP} ${ARGS} RESULT_VARIABLE status OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
if(NOT status EQUAL EXIT)
  message(FATAL_ERROR "exit status ${status}, expected ${EXIT}\n${out}${err}")
endif()
foreach(part IN LISTS MESSAGE)
  string(FIND "${out}${err}" "${part}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "expected the message '${part}', got:\n${out}${err}")
  endif()
endforeach()
foreach(pattern IN LISTS PATTERNS)
  if(NOT "${out}${err}" MATCHES "${pattern}")
    message(FATAL_ERROR "expected output matching '${pattern}', got:\n${out}${err}")
  endif()
endforeach()
foreach(part IN LISTS NOT_PRINTED)
  string(FIND "${out}${err}" "${part}" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "did not expect '${part}', got:\n${out}${err}")
  endif()
endforeach()
if(DEFINED ABSENT AND EXISTS "${ABSENT}")
  message(FATAL_ERROR "${ABSENT} was written")
endif()
