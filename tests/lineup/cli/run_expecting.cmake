# run_expecting(EXIT OUT ARG...): runs ${LINEUP} with the ARGs, fails the test unless it exits
# with status EXIT, and sets OUT to what it printed (stdout, then stderr).
function(run_expecting exit out)
  execute_process(COMMAND ${LINEUP} ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE stdout
                  ERROR_VARIABLE stderr)
  if(NOT status EQUAL exit)
    message(FATAL_ERROR "${LINEUP} ${ARGN}: exit status ${status}, expected ${exit}\n"
                        "${stdout}${stderr}")
  endif()
  set(${out} "${stdout}${stderr}" PARENT_SCOPE)
endfunction()
