# Build options shared by every target, as INTERFACE libraries rather than global flags.

# Warnings: on for all our code, errors only when AE_WERROR is set (CI).
add_library(ae_warnings INTERFACE)
# GCC 12's AVX-512 intrinsics (-march=native on an AVX-512 CPU) trip its own
# -W(maybe-)uninitialized inside avx512fintrin.h (GCC bug 105593, the _mm512_undefined_*
# self-initialisation), so under -Werror Eigen code would not build there: off for GCC.
# The clang builds (asan, tsan presets, run by CI) keep -Wuninitialized on our code.
target_compile_options(ae_warnings INTERFACE -Wall -Wextra -Wpedantic
    $<$<CXX_COMPILER_ID:GNU>:-Wno-maybe-uninitialized -Wno-uninitialized>
    $<$<BOOL:${AE_WERROR}>:-Werror>)

# Speed: Eigen without vector ISA flags and OpenMP is ~8x slower on this hardware.
# -ffp-contract=off keeps a*b+c unfused unless the code asks for std::fma, so the
# PyTorch-exact kernels round exactly as written (GCC fuses by default in C++).
add_library(ae_optimize INTERFACE)
target_compile_options(ae_optimize INTERFACE
    -ffp-contract=off
    $<$<CONFIG:Release>:-O3>
    $<$<BOOL:${AE_NATIVE}>:-march=native>)
if(AE_OPENMP)
    target_link_libraries(ae_optimize INTERFACE OpenMP::OpenMP_CXX)
else()
    # Without OpenMP the loops run serially; their pragmas are then unknown, not wrong.
    target_compile_options(ae_warnings INTERFACE -Wno-unknown-pragmas
        $<$<CXX_COMPILER_ID:Clang>:-Wno-source-uses-openmp>)
endif()

# Sanitizers (the asan preset): applied to every target that links ae_optimize.
# With AE_FUZZ (clang only) the same targets also get libFuzzer's coverage instrumentation
# (fuzzer-no-link), so the fuzzers see the edges of core and app code, not only their own;
# only the fuzz executables link libFuzzer itself, through ae_fuzzer.
option(AE_FUZZ "Build the libFuzzer executables in tests/fuzz (clang only; the asan preset)" OFF)
set(_ae_compile_sanitizers ${AE_SANITIZE})
if(AE_FUZZ)
    if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
        message(FATAL_ERROR "AE_FUZZ needs clang's libFuzzer; configure with the asan preset "
                            "(clang++-14), not ${CMAKE_CXX_COMPILER_ID}")
    endif()
    list(APPEND _ae_compile_sanitizers fuzzer-no-link)
endif()
if(_ae_compile_sanitizers)
    list(JOIN _ae_compile_sanitizers "," _ae_compile_flags)
    target_compile_options(ae_optimize INTERFACE -fsanitize=${_ae_compile_flags}
        -fno-omit-frame-pointer -fno-sanitize-recover=all)
endif()
if(AE_SANITIZE)
    list(JOIN AE_SANITIZE "," _ae_link_flags)
    target_link_options(ae_optimize INTERFACE -fsanitize=${_ae_link_flags})
endif()

# The fuzz executables (tests/fuzz): libFuzzer's main() and runtime.
add_library(ae_fuzzer INTERFACE)
target_link_options(ae_fuzzer INTERFACE -fsanitize=fuzzer)

# Qt string hygiene for the Qt-facing targets (ui, app, Qt-facing parts of core).
add_library(ae_qt_hygiene INTERFACE)
target_compile_definitions(ae_qt_hygiene INTERFACE
    QT_NO_CAST_FROM_ASCII QT_NO_CAST_TO_ASCII QT_USE_QSTRINGBUILDER QT_NO_FOREACH
    QT_NO_KEYWORDS)
