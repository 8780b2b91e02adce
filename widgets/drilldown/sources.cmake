# Drill-down screens: the ladder of one case's path, the recurrence / emergence charts, the tab.
target_sources(hallusql_widgets PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/drilldown_charts.h ${CMAKE_CURRENT_LIST_DIR}/drilldown_charts.cpp
  ${CMAKE_CURRENT_LIST_DIR}/drilldown_ladder.h ${CMAKE_CURRENT_LIST_DIR}/drilldown_ladder.cpp
  ${CMAKE_CURRENT_LIST_DIR}/drilldown_panel.h ${CMAKE_CURRENT_LIST_DIR}/drilldown_panel.cpp)
