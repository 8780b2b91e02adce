# With HALLUSQL_SANITIZE every target is built with ASan + UBSan; UBSan findings abort.
if(HALLUSQL_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=undefined
                      -fno-omit-frame-pointer -g)
  add_link_options(-fsanitize=address,undefined)
endif()
