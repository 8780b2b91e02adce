# With HALLUSQL_SANITIZE every target is built with ASan + UBSan; UBSan findings abort. Line tables
# (-g1) are all a sanitizer report needs for file and line.
if(HALLUSQL_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=undefined
                      -fno-omit-frame-pointer -g1)
  add_link_options(-fsanitize=address,undefined)
endif()
