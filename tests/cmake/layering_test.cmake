# cmake -DCHECK=<CheckLayering.cmake> -DWORK_DIR=<scratch folder> -P layering_test.cmake
#
# The layering check on small trees with known answers: one that follows its table, one with
# an include its table forbids, one whose table allows a cycle, and rooms of one folder (a
# file at its top, a sub-folder) that include one another in a circle or do not.
cmake_minimum_required(VERSION 3.24)

function(write_tree name table)
  set(root "${WORK_DIR}/${name}")
  file(REMOVE_RECURSE "${root}")
  file(WRITE "${root}/doc.md" "| folder | holds | may include |\n| --- | --- | --- |\n${table}")
  file(WRITE "${root}/low/low.h" "#pragma once\n#include <vector>\n#include \"not/in/tree.h\"\n")
  file(WRITE "${root}/high/high.h" "#pragma once\n#include \"low/low.h\"\n#include \"high_local.h\"\n")
  file(WRITE "${root}/high/high_local.h" "#pragma once\n")
  file(WRITE "${root}/tests/any.cpp" "#include \"high/high.h\"\n#include \"low/low.h\"\n")
endfunction()

function(run name expect_ok expect_text)
  execute_process(COMMAND ${CMAKE_COMMAND} -DROOT=${WORK_DIR}/${name} -DDOC=${WORK_DIR}/${name}/doc.md
                          -DROOMS=${ARGN} -P ${CHECK}
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(expect_ok AND NOT status EQUAL 0)
    message(FATAL_ERROR "${name}: expected to pass, failed:\n${out}${err}")
  endif()
  if(NOT expect_ok AND status EQUAL 0)
    message(FATAL_ERROR "${name}: expected to fail, passed:\n${out}${err}")
  endif()
  string(FIND "${out}${err}" "${expect_text}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${name}: expected \"${expect_text}\" in:\n${out}${err}")
  endif()
endfunction()

write_tree(follows "| `low/` | a | nothing |\n| `high/` | b | `low/` |\n")
run(follows TRUE "layering: 2 folders")

write_tree(forbidden "| `low/` | a | nothing |\n| `high/` | b | nothing |\n")
run(forbidden FALSE "high/high.h: includes low/low.h (low/), which high/ may not include")

write_tree(cycle "| `low/` | a | `high/` |\n| `high/` | b | `low/` |\n")
run(cycle FALSE "the table allows a cycle among low/, high/")

write_tree(unlisted "| `high/` | b | nothing |\n")
run(unlisted FALSE "low/low.h: in no folder of")

# Rooms of high/: high.h and the sub-folder parts/ include each other; high_local is apart.
write_tree(rooms "| `low/` | a | nothing |\n| `high/` | b | `low/` |\n")
file(WRITE "${WORK_DIR}/rooms/high/parts/part.h" "#pragma once\n#include \"high/high_local.h\"\n")
run(rooms TRUE "1 folder(s) of rooms without a circle" high/)
file(WRITE "${WORK_DIR}/rooms/high/parts/part.h" "#pragma once\n#include \"high/high.h\"\n")
file(APPEND "${WORK_DIR}/rooms/high/high.h" "#include \"high/parts/part.h\"\n")
run(rooms FALSE "high/: its rooms high, parts/ include one another in a circle" high/)
# A .cpp is the room of its header: high.cpp including parts/ closes the same circle.
file(WRITE "${WORK_DIR}/rooms/high/high.h" "#pragma once\n#include \"low/low.h\"\n")
file(WRITE "${WORK_DIR}/rooms/high/high.cpp" "#include \"high/parts/part.h\"\n")
run(rooms FALSE "high/: its rooms high, parts/ include one another in a circle" high/)
