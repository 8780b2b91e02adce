# Resolver/normaliser/diff/plan tests.
