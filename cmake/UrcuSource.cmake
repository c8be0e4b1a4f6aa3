# lineup_urcu_source(<out-var>)
#
# Sets <out-var> to the src/ folder of liburcu's source code, of the same version as the
# installed liburcu-dev, or to "" (with a message saying why) when it is not available.
# liburcu's hash table (cds_lfht) and its grace periods exist only as library code, which
# lineup must compile itself to instrument it; Debian ships that code only in its source
# package. The source is Debian's original tarball of that version, downloaded once into the
# build tree and checked against the checksum of Debian's .dsc. LINEUP_URCU_SOURCE names an
# unpacked tree to use instead (offline builds).
set(LINEUP_URCU_SOURCE "" CACHE PATH
    "An unpacked userspace-rcu source tree of the installed liburcu version (default: download)")

# The orig tarballs whose checksums are known, by upstream version.
set(_lineup_urcu_sha256_0.13.2
    1213fd9f1b0b74da7de2bb74335b76098db9738fec5d3cdc07c0c524f34fc032)

function(lineup_urcu_source out)
  set(${out} "" PARENT_SCOPE)
  if(LINEUP_URCU_SOURCE)
    if(NOT EXISTS ${LINEUP_URCU_SOURCE}/src/rculfhash.c)
      message(FATAL_ERROR "LINEUP_URCU_SOURCE=${LINEUP_URCU_SOURCE} has no src/rculfhash.c")
    endif()
    set(${out} ${LINEUP_URCU_SOURCE}/src PARENT_SCOPE)
    return()
  endif()
  find_file(pc liburcu-cds.pc PATH_SUFFIXES pkgconfig
            PATHS /usr/lib/${CMAKE_LIBRARY_ARCHITECTURE} /usr/lib NO_CACHE)
  if(NOT pc)
    message(STATUS "liburcu cds_lfht: not built (no liburcu-cds.pc: is liburcu-dev installed?)")
    return()
  endif()
  file(STRINGS ${pc} version_line REGEX "^Version:")
  string(REGEX REPLACE "^Version: *" "" version "${version_line}")
  set(sha256 ${_lineup_urcu_sha256_${version}})
  if(NOT sha256)
    message(STATUS "liburcu cds_lfht: not built (no known checksum for liburcu ${version})")
    return()
  endif()
  set(tree ${CMAKE_BINARY_DIR}/_deps/userspace-rcu-${version})
  if(NOT EXISTS ${tree}/src/rculfhash.c)
    set(tarball ${CMAKE_BINARY_DIR}/_deps/liburcu_${version}.orig.tar.bz2)
    set(url http://deb.debian.org/debian/pool/main/libu/liburcu/liburcu_${version}.orig.tar.bz2)
    file(DOWNLOAD ${url} ${tarball} EXPECTED_HASH SHA256=${sha256} STATUS status)
    list(GET status 0 code)
    if(NOT code EQUAL 0)
      list(GET status 1 why)
      file(REMOVE ${tarball})
      message(STATUS "liburcu cds_lfht: not built (downloading ${url}: ${why})")
      return()
    endif()
    file(ARCHIVE_EXTRACT INPUT ${tarball} DESTINATION ${CMAKE_BINARY_DIR}/_deps)
  endif()
  set(${out} ${tree}/src PARENT_SCOPE)
endfunction()
