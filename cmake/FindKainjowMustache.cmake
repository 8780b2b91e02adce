# Debian's libkainjow-mustache-dev is one header with no CMake config: find it by hand.
# Defines the imported target Kainjow::Mustache (header only).
find_path(KainjowMustache_INCLUDE_DIR kainjow/mustache.hpp)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(KainjowMustache REQUIRED_VARS KainjowMustache_INCLUDE_DIR)
if(KainjowMustache_FOUND AND NOT TARGET Kainjow::Mustache)
  add_library(Kainjow::Mustache INTERFACE IMPORTED)
  set_target_properties(Kainjow::Mustache PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${KainjowMustache_INCLUDE_DIR}")
endif()
mark_as_advanced(KainjowMustache_INCLUDE_DIR)
