# Build speed: LLVM's linker where it is installed, and precompiled headers for the targets whose
# files spend most of their compile time parsing the same Qt and JSON headers.
include(CheckLinkerFlag)

# lld links the ~160 test executables (each with the whole engine archive) in half the time of
# GNU ld. Packaged as `lld` on Debian 12; without it the default linker is used.
option(HALLUSQL_USE_LLD "Link with lld when it is installed" ON)
if(HALLUSQL_USE_LLD)
  check_linker_flag(CXX "-fuse-ld=lld" HALLUSQL_HAVE_LLD)
  if(HALLUSQL_HAVE_LLD)
    add_link_options(-fuse-ld=lld)
  endif()
endif()

# A test file that includes <QtTest> and <nlohmann/json.hpp> spends ~5 of its ~8 seconds parsing
# them; the tests share one precompiled copy (see tests/CMakeLists.txt).
option(HALLUSQL_PCH "Precompile the headers most test and widget files include" ON)

# GCC 12 loses the system-header mark of libstdc++ read from a precompiled header, so its false
# positives inside std::string's inlined copy (-Warray-bounds, -Wstringop-overflow, -Wrestrict; GCC
# bugs 105329, 105651: `"#" + std::to_string(n)` in widgets at -O3, `std::string(p) + "SELECT ..."`
# in a test) become errors there. The targets that read a precompiled header do without these
# three warnings; the engine, which has none, keeps them.
function(hallusql_precompiled_gcc_warnings target)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(${target} PRIVATE -Winvalid-pch -Wno-array-bounds -Wno-stringop-overflow -Wno-restrict)
  endif()
endfunction()

# hallusql_precompile(<target> <header>): <target> precompiles <header> (a list of #includes kept
# in the repository), when HALLUSQL_PCH is on. Every file still includes what it uses.
function(hallusql_precompile target header)
  if(HALLUSQL_PCH)
    target_precompile_headers(${target} PRIVATE ${header})
    hallusql_precompiled_gcc_warnings(${target})
  endif()
endfunction()

# hallusql_reuse_precompiled(<target> <from>): <target> uses <from>'s precompiled header. The two
# must be compiled with the same macros (a mismatch makes GCC fall back to parsing, which
# -Winvalid-pch reports, and makes Clang stop).
function(hallusql_reuse_precompiled target from)
  if(HALLUSQL_PCH)
    target_precompile_headers(${target} REUSE_FROM ${from})
    hallusql_precompiled_gcc_warnings(${target})
  endif()
endfunction()
