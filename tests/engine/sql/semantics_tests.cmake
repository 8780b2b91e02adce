# Resolver/normaliser/diff/plan/clause-count tests.
hallusql_add_test(test_resolver SOURCES test_resolver.cpp LABELS engine)
hallusql_add_test(test_resolver_corpus SOURCES test_resolver_corpus.cpp LABELS engine)
hallusql_add_test(test_normalise SOURCES test_normalise.cpp LABELS engine)
hallusql_add_test(test_diff SOURCES test_diff.cpp LABELS engine)
hallusql_add_test(test_plan SOURCES test_plan.cpp LABELS engine)
hallusql_add_test(test_plan_locate SOURCES test_plan_locate.cpp LABELS engine)
hallusql_add_test(test_clause_counts SOURCES test_clause_counts.cpp LABELS engine)
