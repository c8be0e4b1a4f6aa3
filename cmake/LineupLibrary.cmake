# For lineup's own build only (not installed).
include(GNUInstallDirs)

# lineup_library(<target> <export-name>)
#
# Makes <target> one of lineup's public libraries: C++20 and lineup's include folder (the
# source tree, or <prefix>/include/lineup once installed) as usage requirements, the name
# lineup::<export-name> both in this build (an alias) and for find_package(lineup) (its export
# name), and a place in the install set (cmake/Install.cmake).
function(lineup_library target export_name)
  get_target_property(type ${target} TYPE)
  set(scope PUBLIC)
  if(type STREQUAL "INTERFACE_LIBRARY")
    set(scope INTERFACE)
  endif()
  target_compile_features(${target} ${scope} cxx_std_20)
  # compat/: forwarding headers at the paths of moved headers, for one release (installed
  # beside the headers they forward to).
  target_include_directories(${target} ${scope} $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}>
                             $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/compat>
                             $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/lineup>)
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${export_name})
  add_library(lineup::${export_name} ALIAS ${target})
  set_property(GLOBAL APPEND PROPERTY LINEUP_INSTALLED_TARGETS ${target})
endfunction()
