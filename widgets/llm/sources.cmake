# The LLM side of the GUI (issue 5): question bar, generation, LLM log, endpoint settings.
find_package(Qt6Keychain REQUIRED)
target_sources(hallusql_widgets PRIVATE
  llm/endpoint_help.h llm/endpoint_help.cpp
  llm/abstain_preferences.h llm/abstain_preferences.cpp
  llm/abstain_text.h llm/abstain_text.cpp
  llm/editor_findings.h llm/editor_findings.cpp
  llm/generation_controller.h llm/generation_controller.cpp
  llm/key_store.h llm/key_store.cpp
  llm/llm_log_model.h llm/llm_log_model.cpp
  llm/llm_controller.h llm/llm_controller.cpp
  llm/llm_log_panel.h llm/llm_log_panel.cpp
  llm/llm_settings_dialog.h llm/llm_settings_dialog.cpp
  llm/profile_settings.h llm/profile_settings.cpp
  llm/profile_switcher.h llm/profile_switcher.cpp
  llm/question_bar.h llm/question_bar.cpp)
target_link_libraries(hallusql_widgets PUBLIC Qt6Keychain::Qt6Keychain)
