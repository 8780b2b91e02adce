# plan, diff
target_sources(hallusql-cli PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/cli_plan.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cli_diff.cpp)
