# `lineup init` without building what it writes. CASE=writes: the files of each kind, with the
# default and a given name, with and without a lineup source tree, into an absent folder
# (parents created), an empty one and a path with a trailing '/'. CASE=refuses: a folder that
# is not empty, a file, a bad kind, a bad name and a bad source tree are refused with exit
# status 2 and a clear message, and leave the folders as they were. LINEUP: the lineup
# program; WORK_DIR: a scratch folder; LINEUP_SOURCE_DIR: lineup's source tree.
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

# Runs `lineup init ARGN`, expecting exit status `status`; its output in `out`.
function(init status)
  execute_process(COMMAND ${LINEUP} init ${ARGN} RESULT_VARIABLE got OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  if(NOT got EQUAL status)
    message(FATAL_ERROR "lineup init ${ARGN}: exit status ${got}, expected ${status}\n${out}${err}")
  endif()
  set(out "${out}${err}" PARENT_SCOPE)
endfunction()

# Fails unless `folder` holds exactly the entries `expected` (hidden ones included).
function(expect_entries folder expected)
  file(GLOB entries RELATIVE ${folder} LIST_DIRECTORIES true ${folder}/* ${folder}/.*)
  list(SORT entries)
  list(SORT expected)
  if(NOT entries STREQUAL expected)
    message(FATAL_ERROR "${folder} holds '${entries}', expected '${expected}'")
  endif()
endfunction()

# Fails unless `file` contains each of ARGN.
function(expect_contains file)
  file(READ ${file} text)
  foreach(part IN LISTS ARGN)
    string(FIND "${text}" "${part}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "${file} does not contain '${part}':\n${text}")
    endif()
  endforeach()
  if(text MATCHES "@[A-Z_]+@")
    message(FATAL_ERROR "${file} keeps a placeholder (${CMAKE_MATCH_0})")
  endif()
endfunction()

# Fails unless `out` contains `message`.
function(expect_message message)
  string(FIND "${out}" "${message}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "expected the message '${message}', got:\n${out}")
  endif()
endfunction()

if(CASE STREQUAL "writes")
  foreach(kind queue stack set)
    init(0 ${WORK_DIR}/${kind} --kind ${kind})
    expect_message("wrote ${WORK_DIR}/${kind}: my/${kind}, a ${kind} to hunt")
    expect_message("${WORK_DIR}/${kind}/build/hunter hunt my/${kind}")
    expect_entries(${WORK_DIR}/${kind} "CMakeLists.txt;README.md;${kind}.cpp")
    expect_contains(${WORK_DIR}/${kind}/${kind}.cpp "(\"my/${kind}\", lineup::specs::${kind}_model())")
    expect_contains(${WORK_DIR}/${kind}/CMakeLists.txt "project(my_${kind} LANGUAGES C CXX)"
                    "set(LINEUP_SOURCE_DIR \"\"" "find_package(lineup CONFIG REQUIRED)"
                    "lineup_add_hunter(my_${kind}_hunter ${kind}.cpp)")
    expect_contains(${WORK_DIR}/${kind}/README.md "# my/${kind}" "build/hunter hunt my/${kind}"
                    "build/hunter replay corpus/FILE.json")
  endforeach()
  # A name of one's own, lineup from a source tree, parents created, a trailing '/'.
  init(0 ${WORK_DIR}/a/b/ring/ --kind queue --name acme/ring-buffer.v2
       --lineup-source ${LINEUP_SOURCE_DIR}/)
  expect_entries(${WORK_DIR}/a/b/ring "CMakeLists.txt;README.md;queue.cpp")
  expect_contains(${WORK_DIR}/a/b/ring/queue.cpp "(\"acme/ring-buffer.v2\", lineup::specs::queue_model())")
  expect_contains(${WORK_DIR}/a/b/ring/CMakeLists.txt "project(acme_ring_buffer_v2 LANGUAGES C CXX)"
                  "set(LINEUP_SOURCE_DIR \"${LINEUP_SOURCE_DIR}\"")
  expect_entries(${WORK_DIR}/a/b "ring")
  # An empty folder is taken and kept (its mode stays), also as the working folder; the
  # default kind is queue.
  file(MAKE_DIRECTORY ${WORK_DIR}/empty ${WORK_DIR}/here)
  file(CHMOD ${WORK_DIR}/empty DIRECTORY_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
  init(0 ${WORK_DIR}/empty)
  expect_entries(${WORK_DIR}/empty "CMakeLists.txt;README.md;queue.cpp")
  execute_process(COMMAND stat -c %a ${WORK_DIR}/empty OUTPUT_VARIABLE mode
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT mode STREQUAL "700")
    message(FATAL_ERROR "${WORK_DIR}/empty was replaced: mode ${mode}, was 700")
  endif()
  execute_process(COMMAND ${LINEUP} init . --kind set WORKING_DIRECTORY ${WORK_DIR}/here
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT status EQUAL 0 OR NOT out MATCHES "^wrote \\.: my/set, a set to hunt")
    message(FATAL_ERROR "lineup init . in an empty folder: exit status ${status}\n${out}")
  endif()
  expect_entries(${WORK_DIR}/here "CMakeLists.txt;README.md;set.cpp")
  expect_entries(${WORK_DIR} "a;empty;here;queue;set;stack")
elseif(CASE STREQUAL "refuses")
  file(WRITE ${WORK_DIR}/full/mine.cpp "// the user's\n")
  file(WRITE ${WORK_DIR}/file "")
  init(2 ${WORK_DIR}/full)
  expect_message("lineup: ${WORK_DIR}/full: exists and is not empty")
  init(2 ${WORK_DIR}/file)
  expect_message("lineup: ${WORK_DIR}/file: exists and is not a folder")
  init(2 ${WORK_DIR}/file/project)
  expect_message("lineup: ${WORK_DIR}/file: cannot create")
  init(2 ${WORK_DIR}/new --kind heap)
  expect_message("--kind: heap not in {queue,stack,set}")
  foreach(name "My/Queue" "my queue" "my//queue" "/my/queue" "my/queue/" "my/-queue" "my/\"queue")
    init(2 ${WORK_DIR}/new --name "${name}")
    expect_message("lineup: bad --name '${name}': a structure name is parts separated by '/'")
  endforeach()
  init(2 ${WORK_DIR}/new --lineup-source ${WORK_DIR})
  expect_message("lineup: bad --lineup-source '${WORK_DIR}': not a lineup source tree")
  # Nothing written: no project, no staging folder beside it, the user's file untouched.
  expect_entries(${WORK_DIR} "file;full")
  expect_entries(${WORK_DIR}/full "mine.cpp")
else()
  message(FATAL_ERROR "CASE must be writes or refuses, not '${CASE}'")
endif()
