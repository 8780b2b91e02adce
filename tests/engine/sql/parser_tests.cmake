# Tests of the lexer, parser and printer (engine/sql, parser part).
hallusql_add_test(test_lexer SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_lexer.cpp LABELS engine)
hallusql_add_test(test_statements SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_statements.cpp LABELS engine)
hallusql_add_test(test_parser SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_parser.cpp LABELS engine)
hallusql_add_test(test_parse_corpus SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_parse_corpus.cpp LABELS engine
                  TIMEOUT 900)
hallusql_add_test(test_printer_pretty SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_printer_pretty.cpp LABELS engine)
hallusql_add_test(test_parser_limits SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_parser_limits.cpp LABELS engine)
