// libcds's threading manager per logical thread. Include before any libcds header in a
// translation unit whose libcds code uses cds::threading::Manager (the TreiberStack
// elimination back-off): it selects libcds's GCC threading model, whose per-thread data
// pointer, cds::threading::gcc_internal::s_pThreadData, is a __thread variable exported by
// libcds.so that the engine saves and restores on every fiber switch (attach_thread_data in
// cds_engine.h). libcds's default on Linux, the pthread model, keeps that pointer in a pthread
// key, which all logical threads of one OS thread share.
//
// Both models may be used in one program: they live in different inline namespaces
// (cds::threading::gcc::Manager, cds::threading::pthread::Manager), every libcds function that
// calls the manager is `static inline`, and the only user of the pthread model here is
// cds::Initialize (in cds_fibers.cpp), which just creates its key.
#pragma once

#ifdef CDSLIB_THREADING_AUTO_DETECT_H
#error "include adapters/libcds/cds_threading.h before any libcds header"
#endif

#define CDS_THREADING_GCC

#include <cds/threading/model.h>

#include <type_traits>

static_assert(std::is_same_v<::cds::threading::Manager, ::cds::threading::gcc::Manager>,
              "libcds's GCC threading model is not selected");
