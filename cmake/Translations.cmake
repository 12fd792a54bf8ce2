# English source strings, Simplified Chinese through Qt Linguist.
#   cmake --build <build dir> --target update_translations   refreshes the .ts from the sources
#   every build                                              compiles it to .qm, embedded in ae_ui
# The .qm files land in ae_ui (where ui/window/Translations loads them) under :/i18n/, so the app
# and the tests that link ae_ui carry them. lupdate scans core/, ui/ and app/ recursively (with
# ae_ui's include path): the contexts ("SessionValidator", "TraceFigures", "CommandLine", ...)
# span the libraries of every layer, and ae_ui's own sources alone would miss core's and app's.
# -locations none keeps the .ts free of line numbers, which would churn with every edit.
file(GLOB_RECURSE AE_TRANSLATABLE_SOURCES CONFIGURE_DEPENDS
    "${PROJECT_SOURCE_DIR}/core/*.cpp" "${PROJECT_SOURCE_DIR}/core/*.h"
    "${PROJECT_SOURCE_DIR}/ui/*.cpp" "${PROJECT_SOURCE_DIR}/ui/*.h"
    "${PROJECT_SOURCE_DIR}/app/*.cpp" "${PROJECT_SOURCE_DIR}/app/*.h")
qt_add_translations(ae_ui
    TS_FILES "${PROJECT_SOURCE_DIR}/resources/translations/attention-explorer_zh_CN.ts"
    SOURCES ${AE_TRANSLATABLE_SOURCES}
    RESOURCE_PREFIX "/i18n"
    LUPDATE_OPTIONS -no-obsolete -locations none
    LRELEASE_OPTIONS -nounfinished -removeidentical)
