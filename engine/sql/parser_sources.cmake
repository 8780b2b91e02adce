# Lexer, AST, parser, printer.
target_sources(hallusql_engine PRIVATE)
