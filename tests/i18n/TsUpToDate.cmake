# Script mode (ctest): fails when the sources and the .ts disagree, i.e. a user-visible string
# was added or changed without `cmake --build <build dir> --target update_translations` and a
# translation. Runs lupdate as that target does, on a copy of the .ts, and compares.
# Variables: LUPDATE, PROJECT_CMAKE (lupdate's generated project description), PROJECT_SCRIPT
# (Qt's GenerateLUpdateProject.cmake), TS_FILE, WORK_DIR.
file(MAKE_DIRECTORY "${WORK_DIR}")
execute_process(COMMAND "${CMAKE_COMMAND}" -DIN_FILE=${PROJECT_CMAKE} -DOUT_FILE=${WORK_DIR}/project.json
                        -P "${PROJECT_SCRIPT}"
                RESULT_VARIABLE result)
if(result)
    message(FATAL_ERROR "cannot write the lupdate project: ${result}")
endif()
file(COPY_FILE "${TS_FILE}" "${WORK_DIR}/check.ts")
execute_process(COMMAND "${LUPDATE}" -project "${WORK_DIR}/project.json" -no-obsolete -locations none
                        -ts "${WORK_DIR}/check.ts"
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(result)
    message(FATAL_ERROR "lupdate failed:\n${output}")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" -E compare_files "${TS_FILE}" "${WORK_DIR}/check.ts"
                RESULT_VARIABLE different)
if(different)
    message(FATAL_ERROR "${TS_FILE} does not match the sources (lupdate: ${output}). Run the "
                        "update_translations target and translate the new messages in Qt Linguist.")
endif()
message(STATUS "the translations match the sources")
