# One hunt split into two shards and joined again, as docs/distributed.md describes: LINEUP
# hunts STRUCTURE once with --programs 2N and --jobs 2 (two workers, taking the programs the
# two shards take, each sealing the functions of the bugs it finds, as a shard does) and as
# shards 0/2 and 1/2 with --programs N each (one with --shard 0/2, the other with --shard auto
# under a Slurm job array's variables), all with the same seed, each shard archiving into its
# own corpus folder under WORK_DIR. Checks that
#   merge-results of the shards' summaries has the single hunt's programs and executions and
#   the same distinct bugs (kind, signature), at least two;
#   corpus merge of the shards' corpora keeps one file per bug (per file name, which encodes
#   structure, kind and signature) and says which it dropped;
#   a malformed file among them is reported and copied, nothing lost;
#   --shard auto with no scheduler variable set is a usage error (exit 2).
function(run expected_status)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL expected_status)
    string(REPLACE ";" " " command "${ARGN}")
    message(FATAL_ERROR "${command}: exit status ${status}, expected ${expected_status}\n"
                        "${out}${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
endfunction()

# The sorted "kind|signature" lines of a hunt --json summary's violations.
function(bugs json_text result)
  set(list)
  string(JSON n LENGTH "${json_text}" violations)
  if(n GREATER 0)
    math(EXPR last "${n} - 1")
    foreach(i RANGE ${last})
      string(JSON kind GET "${json_text}" violations ${i} kind)
      string(JSON signature GET "${json_text}" violations ${i} signature)
      string(REGEX REPLACE "[ \n]" "" signature "${signature}")
      list(APPEND list "${kind}|${signature}")
    endforeach()
  endif()
  list(SORT list)
  set(${result} "${list}" PARENT_SCOPE)
endfunction()

set(unset_schedulers --unset=SLURM_ARRAY_TASK_ID --unset=JOB_COMPLETION_INDEX
                     --unset=GTEST_SHARD_INDEX --unset=GTEST_TOTAL_SHARDS)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
set(hunt hunt ${STRUCTURE} --seed 7 --budget 600s --jobs 1 --quiet --json)
math(EXPR all "${PROGRAMS} * 2")

string(REPLACE "--jobs;1" "--jobs;2" hunt_two_workers "${hunt}")
run(1 ${LINEUP} ${hunt_two_workers} --programs ${all} --corpus ${WORK_DIR}/single)
set(single "${out}")
run(1 ${LINEUP} ${hunt} --programs ${PROGRAMS} --shard 0/2 --corpus ${WORK_DIR}/shard0)
file(WRITE ${WORK_DIR}/result-0.json "${out}")
run(1 ${CMAKE_COMMAND} -E env ${unset_schedulers} SLURM_ARRAY_TASK_ID=2 SLURM_ARRAY_TASK_MIN=1
    SLURM_ARRAY_TASK_MAX=2 ${LINEUP} ${hunt} --programs ${PROGRAMS} --shard auto
    --corpus ${WORK_DIR}/shard1)
file(WRITE ${WORK_DIR}/result-1.json "${out}")
if(NOT err MATCHES "shard 1/2 from SLURM_ARRAY_TASK_ID")
  message(FATAL_ERROR "--shard auto did not say it took shard 1/2 from Slurm:\n${err}")
endif()

run(1 ${LINEUP} merge-results ${WORK_DIR}/result-0.json ${WORK_DIR}/result-1.json)
set(merged "${out}")
foreach(field programs executions)
  string(JSON expected GET "${single}" ${field})
  string(JSON actual GET "${merged}" ${field})
  if(NOT actual EQUAL expected)
    message(FATAL_ERROR "merged ${field} ${actual}, the single hunt's ${expected}")
  endif()
endforeach()
bugs("${single}" single_bugs)
bugs("${merged}" merged_bugs)
list(LENGTH single_bugs distinct)
if(NOT merged_bugs STREQUAL single_bugs OR distinct LESS 2)
  message(FATAL_ERROR "distinct bugs differ:\nsingle: ${single_bugs}\nmerged: ${merged_bugs}")
endif()

# Both shards archived the same bugs: the merge keeps one file per bug and names the others.
run(0 ${LINEUP} corpus merge ${WORK_DIR}/merged ${WORK_DIR}/shard0 ${WORK_DIR}/shard1)
file(GLOB kept RELATIVE ${WORK_DIR}/merged ${WORK_DIR}/merged/*.json)
file(GLOB shard0_names RELATIVE ${WORK_DIR}/shard0 ${WORK_DIR}/shard0/*.json)
file(GLOB shard1_names RELATIVE ${WORK_DIR}/shard1 ${WORK_DIR}/shard1/*.json)
set(distinct_names ${shard0_names} ${shard1_names})
list(REMOVE_DUPLICATES distinct_names)
list(SORT distinct_names)
list(LENGTH shard0_names n_shard0)
list(LENGTH shard1_names n_shard1)
list(LENGTH distinct_names n_distinct)
math(EXPR n_both "${n_shard0} + ${n_shard1}")
if(NOT kept STREQUAL distinct_names OR NOT n_distinct LESS n_both)
  message(FATAL_ERROR "merged corpus: ${kept}\nexpected (some bug in both shards): "
                      "${distinct_names}\n${out}")
endif()
if(NOT out MATCHES "dropped    ${WORK_DIR}/shard1/[^ ]+\\.json \\(same bug as ${WORK_DIR}/merged/")
  message(FATAL_ERROR "corpus merge did not say which file it dropped:\n${out}")
endif()

# A malformed file: reported (exit 1), copied byte for byte, and the good files still merged.
file(WRITE ${WORK_DIR}/bad/broken.json "{\"format_version\": 1, \"kind\": ")
file(GLOB shard0_files ${WORK_DIR}/shard0/*.json)
file(COPY ${shard0_files} DESTINATION ${WORK_DIR}/bad)
run(1 ${LINEUP} corpus merge ${WORK_DIR}/merged_bad ${WORK_DIR}/bad)
if(NOT out MATCHES "unreadable ${WORK_DIR}/bad/broken.json: not a JSON object \\(copied as it is")
  message(FATAL_ERROR "corpus merge did not report the malformed file:\n${out}")
endif()
file(READ ${WORK_DIR}/merged_bad/broken.json copied)
if(NOT copied STREQUAL "{\"format_version\": 1, \"kind\": ")
  message(FATAL_ERROR "the malformed file was not copied as it is: '${copied}'")
endif()
file(GLOB merged_bad ${WORK_DIR}/merged_bad/*.json)
list(LENGTH shard0_files n_shard0)
list(LENGTH merged_bad n_merged_bad)
math(EXPR expected_bad "${n_shard0} + 1")
if(NOT n_merged_bad EQUAL expected_bad)
  message(FATAL_ERROR "${n_merged_bad} files after merging ${expected_bad}")
endif()

# --shard auto with no scheduler's variables.
run(2 ${CMAKE_COMMAND} -E env ${unset_schedulers} ${LINEUP} hunt ${STRUCTURE} --shard auto)
if(NOT err MATCHES "bad --shard 'auto' \\(auto: no scheduler's shard variables are set")
  message(FATAL_ERROR "unexpected message:\n${err}")
endif()
