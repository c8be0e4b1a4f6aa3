# `cmake --install`: the CLI, the headers, lineup's libraries (the CLI as an object library:
# hunters are its objects plus their structures) and the CMake package, so that
# find_package(lineup CONFIG REQUIRED) gives lineup's targets and functions (cmake/Lineup.cmake).
include(CMakePackageConfigHelpers)

set(LINEUP_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/lineup)
get_property(lineup_targets GLOBAL PROPERTY LINEUP_INSTALLED_TARGETS)
# Components: `cli` (bin/lineup alone, e.g. for a container that only hunts) and `development`
# (the rest); `cmake --install` without --component installs both.
install(TARGETS lineup RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT cli)
install(TARGETS ${lineup_targets}
        EXPORT lineupTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}/lineup COMPONENT development
        OBJECTS DESTINATION ${CMAKE_INSTALL_LIBDIR}/lineup/objects COMPONENT development)
if(TARGET lineup_retry_loops)
  install(TARGETS lineup_retry_loops LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/lineup
          COMPONENT development)
endif()
install(EXPORT lineupTargets NAMESPACE lineup:: DESTINATION ${LINEUP_CMAKE_DIR}
        COMPONENT development)

# Every header under the folders the public libraries include from.
foreach(folder engine specs generator checker lineup adapters/smoke adapters/libcds)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${folder}/
          DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/lineup/${folder}
          COMPONENT development
          FILES_MATCHING PATTERN "*.h" PATTERN cases EXCLUDE)
endforeach()
# Forwarding headers at the old paths of moved headers (compat/engine/heap.h becomes
# include/lineup/engine/heap.h), kept for one release.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/compat/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/lineup
        COMPONENT development FILES_MATCHING PATTERN "*.h")

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/lineupConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/lineupConfig.cmake
                              INSTALL_DESTINATION ${LINEUP_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/lineupConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/lineupConfig.cmake ${PROJECT_BINARY_DIR}/lineupConfigVersion.cmake
              ${PROJECT_SOURCE_DIR}/cmake/Lineup.cmake
        DESTINATION ${LINEUP_CMAKE_DIR} COMPONENT development)
install(PROGRAMS ${PROJECT_SOURCE_DIR}/cmake/lineup_compile.sh DESTINATION ${LINEUP_CMAKE_DIR}
        COMPONENT development)

# `cpack -G DEB`: one Debian package of both components, installing under /usr, depending on
# what lineup's programs load and what find_package(lineup) and lineup's headers need.
set(CPACK_PACKAGE_NAME lineup)
set(CPACK_PACKAGE_VENDOR "lineup")
set(CPACK_PACKAGE_CONTACT "lineup developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "finds linearizability bugs in concurrent queues, stacks and sets")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "g++, binutils, cmake (>= 3.24), libboost-dev (>= 1.74), libboost-context-dev (>= 1.74), \
libboost-thread-dev (>= 1.74), libcds-dev, librapidcheck-dev, libgtest-dev, libcli11-dev, \
nlohmann-json3-dev, libdw-dev")
include(CPack)
