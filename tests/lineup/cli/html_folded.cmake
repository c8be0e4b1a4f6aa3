# The web page folds a loop as the text trace does: LINEUP's counterexample CASE (a step-limit
# run of one loop) rendered by headless Chromium shows a few step rows and one expandable row
# naming the loop, not its 200,000 steps.
set(page "${WORK_DIR}/report.html")
file(REMOVE "${page}")
include(${CMAKE_CURRENT_LIST_DIR}/run_expecting.cmake)
run_expecting(0 out report ${CASE} --html ${page})
execute_process(COMMAND chromium --headless --no-sandbox --disable-gpu --dump-dom file://${page}
                OUTPUT_VARIABLE dom ERROR_QUIET)
string(FIND "${dom}" "</html>" end)
if(end EQUAL -1)
  message(FATAL_ERROR "chromium did not render the page")
endif()
string(REGEX MATCH "<tr class=\"fold\"><td colspan=\"2\">[^<]*" fold "${dom}")
if(NOT fold MATCHES "T0 repeats runaway_queue.cpp:20 pop \\(2 steps a round, [0-9]+ rounds")
  message(FATAL_ERROR "no folded loop row naming the loop: '${fold}'")
endif()
string(REGEX MATCHALL "<td class=\"n\">" rows "${dom}")
list(LENGTH rows count)
if(count GREATER 10)
  message(FATAL_ERROR "${count} step rows shown, expected the loop folded")
endif()
