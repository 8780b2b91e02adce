# parse
target_sources(hallusql-cli PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/cli_parse.cpp)
