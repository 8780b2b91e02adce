# hallusql_set_warnings(<target>): the project's warning set, errors unless HALLUSQL_WERROR is off.
function(hallusql_set_warnings target)
  # Not -Wnull-dereference: GCC 12 reports it only when optimising, and then mostly inside
  # std::unique_ptr's own code (false positives that differ between Debug and Release builds).
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor
                                           -Wold-style-cast -Wcast-align -Woverloaded-virtual
                                           -Wimplicit-fallthrough)
  # GCC 12 at -O3 reports -Wrestrict inside std::string's own code (GCC PR 105329): a compiler
  # bug, not ours. Clang has no such warning (and refuses the flag).
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(${target} PRIVATE -Wno-restrict)
  endif()
  if(HALLUSQL_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
