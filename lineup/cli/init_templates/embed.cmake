# Writes OUTPUT, a C++ source defining lineup::cli::init_template (init_templates.h): the text
# of each file NAMES lists (separated by commas) of the folder DIR, by file name, as a raw
# string literal. Run at build time, whenever a template changes (see ../CMakeLists.txt).
string(REPLACE "," ";" NAMES "${NAMES}")
set(delimiter "lineup_init")
set(source "// Generated from ${DIR} by embed.cmake at build time.\n")
string(APPEND source "#include \"lineup/cli/init_templates.h\"\n\n#include <stdexcept>\n#include <string>\n\n")
string(APPEND source "namespace lineup::cli {\n\nstd::string_view init_template(std::string_view name) {\n")
foreach(name IN LISTS NAMES)
  file(READ "${DIR}/${name}" text)
  string(FIND "${text}" ")${delimiter}\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${DIR}/${name} holds ')${delimiter}\"', which ends a raw string")
  endif()
  string(APPEND source "  if (name == \"${name}\") return R\"${delimiter}(${text})${delimiter}\";\n")
endforeach()
string(APPEND source "  throw std::out_of_range(\"no init template \" + std::string(name));\n}\n\n")
string(APPEND source "}  // namespace lineup::cli\n")
file(WRITE "${OUTPUT}" "${source}")
