# Drill-down screens: the ladder of one case's path and the recurrence / emergence charts.
target_sources(hallusql_widgets PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/drilldown_charts.h ${CMAKE_CURRENT_LIST_DIR}/drilldown_charts.cpp
  ${CMAKE_CURRENT_LIST_DIR}/drilldown_ladder.h ${CMAKE_CURRENT_LIST_DIR}/drilldown_ladder.cpp)
