# A Debian package of the install rules (cmake/Install.cmake), built by scripts/package:
#   apt-get install ./attention-explorer_<version>_<arch>.deb
# The library dependencies are computed by dpkg-shlibdeps; the rest are named here. The
# desktop database, the MIME database and the icon cache are refreshed by the dpkg triggers
# of desktop-file-utils, shared-mime-info and hicolor-icon-theme: no maintainer scripts.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME attention-explorer)
set(CPACK_PACKAGE_VENDOR "Seed 03e2f5a1 maintainers")
set(CPACK_PACKAGE_CONTACT "Seed 03e2f5a1 maintainers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "Seed 03e2f5a1 maintainers")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS
    "libopenblas0, qt6-qpa-plugins, qt6-wayland, qt6-translations-l10n, fonts-dejavu-core, fonts-wqy-microhei | fonts-noto-cjk")
# The long description; CPack puts CPACK_PACKAGE_DESCRIPTION_SUMMARY above it and indents it.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "Attention Explorer teaches how attention in transformers works by computing
it, live, on sentences you type: simplified self-attention, scaled dot-product
attention, causal attention with both masking methods, dropout, multi-head
and cross-attention, after Sebastian Raschka's article and book chapter.
With the same seeds it shows the tensors they print, digit for digit.

Every intermediate tensor is a heatmap with the arithmetic behind each cell;
a walkthrough, a presentation mode for lectures, and figure exports to PNG,
SVG, PDF and CSV. The command line computes sessions without a display.")

include(CPack)
