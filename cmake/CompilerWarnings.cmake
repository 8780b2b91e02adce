# hallusql_set_warnings(<target>): the project's warning set, errors unless HALLUSQL_WERROR is off.
function(hallusql_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor
                                           -Wold-style-cast -Wcast-align -Woverloaded-virtual
                                           -Wnull-dereference -Wimplicit-fallthrough)
  if(HALLUSQL_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
