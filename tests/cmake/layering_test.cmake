# cmake -DCHECK=<CheckLayering.cmake> -DWORK_DIR=<scratch folder> -P layering_test.cmake
#
# The layering check on small trees with known answers: one that follows its table, one with
# an include its table forbids, and one whose table allows a cycle.
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
                          -P ${CHECK}
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
