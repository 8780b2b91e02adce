# Lexer, AST, parser, printer.
target_sources(hallusql_engine PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/ast.cpp)
