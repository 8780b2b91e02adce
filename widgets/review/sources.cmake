# The review screens of a benchmark run (issue 4): import dialog, case list, evaluation job,
# review panel and its controller. The case view itself comes from review/case_view_sources.cmake;
# until that file exists the panel shows a placeholder (see review/case_view_host.h).
target_sources(hallusql_widgets PRIVATE
  review/case_filter_proxy.h review/case_filter_proxy.cpp
  review/detector_summary.h review/detector_summary.cpp
  review/reliability_line.h review/reliability_line.cpp
  review/case_list_model.h review/case_list_model.cpp
  review/case_view_host.h review/case_view_host.cpp
  review/evaluation_controller.h review/evaluation_controller.cpp
  review/import_dialog.h review/import_dialog.cpp review/import_dialog_hints.cpp
  review/run_actions.h review/run_actions.cpp
  review/report_dialog.h review/report_dialog.cpp
  review/import_preview.h review/import_preview.cpp
  review/review_controller.h review/review_controller.cpp review/review_page.h review/review_page.cpp
  review/review_panel.h review/review_panel.cpp review/review_panel_ui.cpp review/review_panel_keys.cpp review/review_panel_spans.cpp
  review/final_label.h review/adjudication_view.h review/adjudication_view.cpp review/adjudication_view_case.cpp
  review/review_team_actions.h review/review_team_actions.cpp)
target_sources(hallusql_widgets PRIVATE review/annotation_bar.h review/annotation_bar.cpp review/annotation_bar_hkb.cpp review/annotation_bar_undo.cpp review/reviewer_dialog.h review/reviewer_dialog.cpp review/annotation_bar_state.h)
# Only the adapter needs to know (a definition on the whole target would change every file's flags).
if(EXISTS ${CMAKE_CURRENT_LIST_DIR}/case_view_sources.cmake)
  set_source_files_properties(review/case_view_host.cpp PROPERTIES COMPILE_DEFINITIONS HALLUSQL_HAVE_CASE_VIEW=1)
else()
  set_source_files_properties(review/case_view_host.cpp PROPERTIES COMPILE_DEFINITIONS HALLUSQL_HAVE_CASE_VIEW=0)
endif()
