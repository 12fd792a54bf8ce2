# Installs Attention Explorer like a desktop application (GNUInstallDirs):
#   bin/attention-explorer
#   share/applications/<id>.desktop                      the menu entry, opens *.attention.json
#   share/metainfo/<id>.metainfo.xml                     AppStream (software centres)
#   share/mime/packages/<id>.xml                         application/x-attention-explorer-session
#   share/icons/hicolor/{scalable,NxN}/apps/attention-explorer.{svg,png}
#   share/attention-explorer/samples/*.json              File > Open Sample
#   share/attention-explorer/translations/*.qm           the interface's languages
#   share/man/man1/attention-explorer.1.gz
#   share/doc/attention-explorer/copyright               the MIT licence
# The binary finds share/attention-explorer relative to itself (ui/DataDirectory), so a
# staged (DESTDIR) or relocated installation uses its own data.
include(GNUInstallDirs)

# The AppStream component id, also the .desktop file's name (desktop-id) and the Wayland app id.
set(AE_APP_ID "org.attention_explorer.attention_explorer" CACHE STRING "AppStream id and .desktop name")
set(AE_RELEASE_DATE "2026-12-01" CACHE STRING "Release date of PROJECT_VERSION, for the AppStream metainfo")
# AppStream wants a web address for each screenshot (a path is refused); the project has no
# public home yet, so this is a placeholder to set when it has one.
set(AE_SCREENSHOT_URL "https://attention-explorer.example.org/screenshots/main-window.png"
    CACHE STRING "Web address of resources/screenshots/main-window.png, for the AppStream metainfo")
set(AE_DATA_INSTALL_DIR "${CMAKE_INSTALL_DATADIR}/attention-explorer")

set(_ae_desktop "${PROJECT_SOURCE_DIR}/resources/desktop")
file(RELATIVE_PATH AE_DATA_FROM_BIN "${CMAKE_INSTALL_FULL_BINDIR}"
     "${CMAKE_INSTALL_PREFIX}/${AE_DATA_INSTALL_DIR}")
target_compile_definitions(ae_ui PRIVATE AE_DATA_FROM_BIN="${AE_DATA_FROM_BIN}")
target_compile_definitions(attention-explorer PRIVATE AE_APP_ID="${AE_APP_ID}")

configure_file("${_ae_desktop}/attention-explorer.metainfo.xml.in"
               "${PROJECT_BINARY_DIR}/desktop/${AE_APP_ID}.metainfo.xml" @ONLY)

# The man page, compressed as Debian wants it (-n: no timestamp, so the package is reproducible).
set(_ae_man "${PROJECT_BINARY_DIR}/desktop/attention-explorer.1.gz")
add_custom_command(OUTPUT "${_ae_man}"
    COMMAND gzip -9 -n -c "${PROJECT_SOURCE_DIR}/resources/man/attention-explorer.1" > "${_ae_man}"
    DEPENDS "${PROJECT_SOURCE_DIR}/resources/man/attention-explorer.1"
    VERBATIM)
add_custom_target(ae_install_files ALL DEPENDS "${_ae_man}")

install(TARGETS attention-explorer
    RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}"
    BUNDLE DESTINATION .)
install(FILES "${_ae_desktop}/attention-explorer.desktop"
    DESTINATION "${CMAKE_INSTALL_DATADIR}/applications" RENAME "${AE_APP_ID}.desktop")
install(FILES "${PROJECT_BINARY_DIR}/desktop/${AE_APP_ID}.metainfo.xml"
    DESTINATION "${CMAKE_INSTALL_DATADIR}/metainfo")
install(FILES "${_ae_desktop}/attention-explorer-mime.xml"
    DESTINATION "${CMAKE_INSTALL_DATADIR}/mime/packages" RENAME "${AE_APP_ID}.xml")
install(FILES "${_ae_desktop}/icons/attention-explorer.svg"
    DESTINATION "${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps")
foreach(_ae_size 16 22 24 32 48 64 128 256 512)
    install(FILES "${_ae_desktop}/icons/${_ae_size}x${_ae_size}/attention-explorer.png"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/icons/hicolor/${_ae_size}x${_ae_size}/apps")
endforeach()
install(DIRECTORY "${PROJECT_SOURCE_DIR}/resources/samples/"
    DESTINATION "${AE_DATA_INSTALL_DIR}/samples" FILES_MATCHING PATTERN "*.json")
# The .qm files qt_add_translations compiles (cmake/Translations.cmake) into the build folder.
file(GLOB _ae_ts CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/resources/translations/*.ts")
foreach(_ae_ts_file IN LISTS _ae_ts)
    get_filename_component(_ae_ts_name "${_ae_ts_file}" NAME_WE)
    install(FILES "${PROJECT_BINARY_DIR}/${_ae_ts_name}.qm" DESTINATION "${AE_DATA_INSTALL_DIR}/translations")
endforeach()
install(FILES "${_ae_man}" DESTINATION "${CMAKE_INSTALL_MANDIR}/man1")
install(FILES "${PROJECT_SOURCE_DIR}/LICENSE"
    DESTINATION "${CMAKE_INSTALL_DATADIR}/doc/attention-explorer" RENAME copyright)
