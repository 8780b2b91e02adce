# The case view of the benchmark review (issue 4): hs::ui::CaseView and its parts.
target_sources(hallusql_widgets PRIVATE
  review/case_edit_list.h review/case_edit_list.cpp
  review/case_header.h review/case_header.cpp
  review/case_plan_view.h review/case_plan_view.cpp
  review/case_result_pair.h review/case_result_pair.cpp
  review/case_sql_pair.h review/case_sql_pair.cpp
  review/case_view.h review/case_view.cpp
  review/plan_text.h review/plan_text.cpp)
