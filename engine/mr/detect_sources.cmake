# Sources of SQLHD's detection pipeline (engine/mr/pipeline.h), listed explicitly.
target_sources(hallusql_engine PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/llm_runner.cpp
  ${CMAKE_CURRENT_LIST_DIR}/stage_linking.cpp
  ${CMAKE_CURRENT_LIST_DIR}/stage_rewrite.cpp
  ${CMAKE_CURRENT_LIST_DIR}/stage_synthesis.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attribution.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pipeline.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pipeline_order.cpp
  ${CMAKE_CURRENT_LIST_DIR}/detect_json.cpp
  ${CMAKE_CURRENT_LIST_DIR}/detect_metrics.cpp
  ${CMAKE_CURRENT_LIST_DIR}/followup_store.cpp)
