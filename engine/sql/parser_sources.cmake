# Lexer, AST, parser, printer.
target_sources(hallusql_engine PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/ast.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ast_children.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ast_clone.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ast_equals.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ast_json.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lexer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/parser.cpp
  ${CMAKE_CURRENT_LIST_DIR}/parser_expr.cpp
  ${CMAKE_CURRENT_LIST_DIR}/parser_expr_call.cpp
  ${CMAKE_CURRENT_LIST_DIR}/parser_select.cpp
  ${CMAKE_CURRENT_LIST_DIR}/printer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/printer_expr.cpp
  ${CMAKE_CURRENT_LIST_DIR}/statements.cpp)
