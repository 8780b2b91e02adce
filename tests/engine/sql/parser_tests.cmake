# Lexer/parser/printer tests.
