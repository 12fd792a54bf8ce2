# The empty-home fixture of the test suite (tests/CMakeLists.txt): every test runs with HOME
# set to AE_HOME. MODE=prepare makes AE_HOME an empty folder before the tests; MODE=check,
# after them, fails listing whatever a test wrote there.
if(MODE STREQUAL "prepare")
    file(REMOVE_RECURSE "${AE_HOME}")
    file(MAKE_DIRECTORY "${AE_HOME}")
elseif(MODE STREQUAL "check")
    file(GLOB_RECURSE written LIST_DIRECTORIES true RELATIVE "${AE_HOME}" "${AE_HOME}/*")
    if(written)
        list(JOIN written "\n  " listing)
        message(FATAL_ERROR "the tests wrote into their home folder ${AE_HOME}:\n  ${listing}")
    endif()
    message(STATUS "nothing was written into ${AE_HOME}")
else()
    message(FATAL_ERROR "MODE must be prepare or check")
endif()
