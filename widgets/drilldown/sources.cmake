# Drill-down screens: the ladder of one case's path, the recurrence / emergence charts (and the
# findings per category of a review run), the tab and its "Run Drill-down…" dialog.
target_sources(hallusql_widgets PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/drilldown_charts.h ${CMAKE_CURRENT_LIST_DIR}/drilldown_charts.cpp
  ${CMAKE_CURRENT_LIST_DIR}/drilldown_charts_review.cpp
  ${CMAKE_CURRENT_LIST_DIR}/drilldown_ladder.h ${CMAKE_CURRENT_LIST_DIR}/drilldown_ladder.cpp
  ${CMAKE_CURRENT_LIST_DIR}/drilldown_panel.h ${CMAKE_CURRENT_LIST_DIR}/drilldown_panel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/drilldown_panel_run.cpp
  ${CMAKE_CURRENT_LIST_DIR}/drilldown_run_dialog.h ${CMAKE_CURRENT_LIST_DIR}/drilldown_run_dialog.cpp)
target_sources(hallusql_widgets PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/drilldown_page.h ${CMAKE_CURRENT_LIST_DIR}/drilldown_page.cpp)
