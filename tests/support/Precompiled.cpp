// The source that the tests' precompiled headers are built with (tests/CMakeLists.txt).
