# Resolver, normaliser, diff, logical plan.
target_sources(hallusql_engine PRIVATE)
