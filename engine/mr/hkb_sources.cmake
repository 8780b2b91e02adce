# Sources of MRSQLGen's HKB and QMR families (engine/mr), included by engine/mr/CMakeLists.txt.
target_sources(hallusql_engine PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/hkb_standardise.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hkb_standardise_sql.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hkb.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hkb_build.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hkb_workspace.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hkb_annotations.cpp
  ${CMAKE_CURRENT_LIST_DIR}/qmr_families.cpp
  ${CMAKE_CURRENT_LIST_DIR}/qmr.cpp
  ${CMAKE_CURRENT_LIST_DIR}/qmr_json.cpp
  ${CMAKE_CURRENT_LIST_DIR}/qmr_spans.cpp)
# The QMR prompt templates (resources/prompts/mrsqlgen_*.txt), embedded like engine/llm's.
hallusql_embed_text(hallusql_engine hs::mr::qmr_prompts mr_qmr_prompts FILES
  mrsqlgen_qmr1=${PROJECT_SOURCE_DIR}/resources/prompts/mrsqlgen_qmr1.txt
  mrsqlgen_qmr2=${PROJECT_SOURCE_DIR}/resources/prompts/mrsqlgen_qmr2.txt
  mrsqlgen_qmr3=${PROJECT_SOURCE_DIR}/resources/prompts/mrsqlgen_qmr3.txt
  mrsqlgen_qmr4=${PROJECT_SOURCE_DIR}/resources/prompts/mrsqlgen_qmr4.txt)
