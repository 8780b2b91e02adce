# Resolver, normaliser, diff, logical plan.
target_sources(hallusql_engine PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/resolver.cpp
  ${CMAKE_CURRENT_LIST_DIR}/resolver_lookup.cpp
  ${CMAKE_CURRENT_LIST_DIR}/normalise.cpp
  ${CMAKE_CURRENT_LIST_DIR}/normalise_expr.cpp
  ${CMAKE_CURRENT_LIST_DIR}/normalise_order.cpp
  ${CMAKE_CURRENT_LIST_DIR}/normalise_rewrite.cpp
  ${CMAKE_CURRENT_LIST_DIR}/clause_counts.cpp
  ${CMAKE_CURRENT_LIST_DIR}/diff.cpp
  ${CMAKE_CURRENT_LIST_DIR}/plan.cpp
  ${CMAKE_CURRENT_LIST_DIR}/plan_render.cpp
  ${CMAKE_CURRENT_LIST_DIR}/plan_locate.cpp)
