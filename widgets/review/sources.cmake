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
  review/review_panel.h review/review_panel.cpp
  review/run_header.h review/run_header.cpp
  review/run_summary.h review/run_summary.cpp
  review/case_filter_bar.h review/case_filter_bar.cpp
  review/case_table.h review/case_table.cpp
  review/case_queue.h review/case_queue.cpp
  review/review_marks.h review/review_marks.cpp
  review/review_keys.h review/review_keys.cpp
  review/shortcut_sheet.h review/shortcut_sheet.cpp
  review/span_labels.h review/span_labels.cpp
  review/final_label.h review/adjudication_view.h review/adjudication_view.cpp review/adjudication_view_case.cpp
  review/review_team_actions.h review/review_team_actions.cpp)
# The annotation bar under the case view and its parts.
target_sources(hallusql_widgets PRIVATE
  review/annotation_bar.h review/annotation_bar.cpp
  review/annotation_history.h review/annotation_history.cpp
  review/annotation_list.h review/annotation_list.cpp
  review/annotation_writer.h review/annotation_writer.cpp
  review/finding_marks.h review/finding_marks.cpp
  review/hkb_loader.h review/hkb_loader.cpp
  review/hkb_suggestion.h review/hkb_suggestion.cpp
  review/label_choice.h review/label_choice.cpp
  review/reviewer_dialog.h review/reviewer_dialog.cpp
  review/reviewer_identity.h review/reviewer_identity.cpp)
# Only the adapter needs to know (a definition on the whole target would change every file's flags).
if(EXISTS ${CMAKE_CURRENT_LIST_DIR}/case_view_sources.cmake)
  set_source_files_properties(review/case_view_host.cpp PROPERTIES COMPILE_DEFINITIONS HALLUSQL_HAVE_CASE_VIEW=1)
else()
  set_source_files_properties(review/case_view_host.cpp PROPERTIES COMPILE_DEFINITIONS HALLUSQL_HAVE_CASE_VIEW=0)
endif()
