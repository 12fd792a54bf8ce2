# OpenBLAS for the fast path's large matrix products (core/kernels/BlasGemm.cpp): Debian's
# libopenblas-dev (the pthread variant, libopenblas0-pthread, at run time). On by default
# when pkg-config finds it; off, or without it, every product runs on Eigen's GEMM and the
# app is the same but slower at long contexts. The sanitizer presets turn it off: OpenBLAS is
# not instrumented and its thread pool would only add noise to ASan's and TSan's reports.
find_package(PkgConfig QUIET)
if(PkgConfig_FOUND)
    pkg_check_modules(AE_OPENBLAS QUIET IMPORTED_TARGET openblas)
endif()
option(AE_BLAS "Large matrix products through OpenBLAS's sgemm (libopenblas-dev)"
    ${AE_OPENBLAS_FOUND})
if(AE_BLAS AND NOT AE_OPENBLAS_FOUND)
    message(FATAL_ERROR "AE_BLAS is ON but pkg-config finds no openblas: install "
                        "libopenblas-dev (scripts/setup does), or configure with -DAE_BLAS=OFF")
endif()
if(AE_BLAS)
    message(STATUS "OpenBLAS ${AE_OPENBLAS_VERSION}: large products through sgemm (AE_BLAS)")
endif()
