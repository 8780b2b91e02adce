# The follow-up explorer of metamorphic detection (issue 6): hs::ui::FollowUpExplorer and its parts.
target_sources(hallusql_widgets PRIVATE
  mr/followup_delegate.h mr/followup_delegate.cpp
  mr/followup_detail.h mr/followup_detail.cpp
  mr/followup_dock.h mr/followup_dock.cpp
  mr/followup_explorer.h mr/followup_explorer.cpp
  mr/followup_filter.h mr/followup_filter.cpp
  mr/followup_model.h mr/followup_model.cpp
  mr/followup_runner.h mr/followup_runner.cpp
  mr/followup_stage_text.h mr/followup_stage_text.cpp
  mr/followup_verdict.h mr/followup_verdict.cpp)
