# CPack: a Debian package of the GUI and the CLI (`cpack -G DEB` in a build directory).
# Included from the top-level CMakeLists.txt when the GUI is built (not HALLUSQL_ENGINE_ONLY).
# The binaries install themselves (app/gui, app/cli); this file adds the desktop integration.
set(_hallusql_pkg_dir "${CMAKE_CURRENT_LIST_DIR}")

install(FILES "${_hallusql_pkg_dir}/hallusql.desktop" DESTINATION share/applications)
install(FILES "${_hallusql_pkg_dir}/hallusql.1" DESTINATION share/man/man1)
install(FILES "${_hallusql_pkg_dir}/io.github.hallusql.HalluSQL.metainfo.xml" DESTINATION share/metainfo)
install(FILES "${PROJECT_SOURCE_DIR}/resources/icons/hallusql.svg"
        DESTINATION share/icons/hicolor/scalable/apps)

set(CPACK_GENERATOR "DEB")
set(CPACK_PACKAGE_NAME "hallusql")
set(CPACK_PACKAGE_VENDOR "HalluSQL team")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_DESCRIPTION
    "HalluSQL is a desktop workbench (Qt 6) and a headless CLI for people who let large language
models write SQL. It opens SQLite databases strictly read-only, runs predicted and gold queries,
and finds, explains and records hallucinations in the generated SQL.")
set(CPACK_PACKAGE_CONTACT "HalluSQL team")
set(CPACK_PACKAGE_HOMEPAGE_URL "https://github.com/hallusql/hallusql")
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_PACKAGE_MAINTAINER "HalluSQL team")
set(CPACK_DEBIAN_PACKAGE_SECTION "devel")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# Shared-library dependencies are computed by dpkg-shlibdeps; the Qt plugins loaded at run time
# (platform integration, SVG icons) are not linked, so they are listed by hand.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins, libqt6svg6")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-noto-cjk")

include(CPack)
