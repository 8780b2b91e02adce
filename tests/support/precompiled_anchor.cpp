// An empty file: the targets that hold the tests' precompiled headers need one source to compile.
